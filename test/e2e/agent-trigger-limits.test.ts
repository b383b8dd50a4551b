// TriggerMonitor over Connect is limited per monitor (schedules/trigger-limits.ts): a second
// trigger inside the cooldown is resource_exhausted with when to retry, and queues nothing; other
// monitors are not held back. The limits themselves, driven with explicit times, are tested in
// test/checker/scheduling.test.ts.
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { TRIGGER_COOLDOWN_MS } from '../../backend/src/schedules/trigger-limits';
import { newTenant, startHttpApp, type HttpTestApp } from '../support/http-app';
import { rpcError, withKey } from '../support/rpc';

describe('TriggerMonitor limits', () => {
  let t: HttpTestApp;
  let sut: Client<typeof MonitorService>;

  beforeAll(async () => {
    t = await startHttpApp();
    const tenant = await newTenant(t);
    sut = createClient(
      MonitorService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.writeKey)],
      }),
    );
  });

  afterAll(() => t.close());

  const newMonitor = async () =>
    (
      await sut.createHTTPMonitor({
        monitor: {
          name: 'target',
          url: 'https://example.com',
          periodicity: Periodicity.PERIODICITY_1H,
          regions: [Region.FLY_AMS, Region.FLY_IAD],
        },
      })
    ).monitor!.id;
  const triggers = (monitorId: string) =>
    t.db.rows<{ location: string }>('SELECT location FROM check_triggers WHERE monitor_id = $1 ORDER BY location', [
      monitorId,
    ]);

  it('refuses a second trigger of the same monitor inside the cooldown, saying when to retry', async () => {
    const id = await newMonitor();
    expect(await sut.triggerMonitor({ id })).toMatchObject({ success: true });
    const error = await rpcError(sut.triggerMonitor({ id }));
    expect(error.code).toBe(Code.ResourceExhausted);
    expect(error.rawMessage).toMatch(
      new RegExp(`^monitor "${id}" was triggered less than ${TRIGGER_COOLDOWN_MS / 1000} s ago; retry in (\\d+) s$`),
    );
    const retryIn = Number(/retry in (\d+) s/.exec(error.rawMessage)![1]);
    expect(retryIn).toBeGreaterThanOrEqual(1);
    expect(retryIn).toBeLessThanOrEqual(TRIGGER_COOLDOWN_MS / 1000);
    expect(await triggers(id)).toEqual([{ location: 'fly-ams' }, { location: 'fly-iad' }]);
  });

  it('limits each monitor on its own', async () => {
    const [a, b] = [await newMonitor(), await newMonitor()];
    await sut.triggerMonitor({ id: a });
    expect(await sut.triggerMonitor({ id: b })).toMatchObject({ success: true });
    expect(await triggers(b)).toHaveLength(2);
  });
});
