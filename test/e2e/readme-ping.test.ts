// The quick start's promise about ICMP: on a machine without `ping`, the real built server says so
// once at start (a warn log line) and in /ready's details while ICMP monitors exist, and not otherwise.
// The server runs with a PATH that lacks ping, which is what a fresh machine looks like to the probe.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bannerKey, startServer, type RunningServer } from '../support/server';

const WARN_MESSAGE = '"msg":"ICMP checks will fail"';

describe('ICMP monitors on a machine without ping', () => {
  const env = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-ping-data-')),
    // An empty folder: nothing to run, in particular no ping.
    PATH: mkdtempSync(join(tmpdir(), 'svc-no-ping-')),
  };
  let server: RunningServer;
  let key: string;

  const ready = async () => (await fetch(`${server.baseUrl}/ready`)).json() as Promise<Record<string, unknown>>;
  const rpc = async (method: string, body: object) => {
    const response = await fetch(`${server.baseUrl}/rpc/monitor.v1.MonitorService/${method}`, {
      method: 'POST',
      headers: { 'x-service-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { monitor: { id: string } };
  };

  beforeAll(async () => {
    server = await startServer(env);
    key = bannerKey(server.stderr());
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('stays quiet while there is no ICMP monitor', async () => {
    expect(await ready()).toEqual({ status: 'ready' });
    expect(server.stdout()).not.toContain(WARN_MESSAGE);
  });

  it("says so in /ready's details once an ICMP monitor exists, and again at the next start", async () => {
    const { monitor } = await rpc('CreateICMPMonitor', {
      monitor: { name: 'Loopback', uri: '127.0.0.1', periodicity: 'PERIODICITY_10M' },
    });
    expect(await ready()).toEqual({
      status: 'ready',
      details: {
        icmp: 'ICMP monitors exist but the ping program is not installed (Debian/Ubuntu: apt-get install iputils-ping): every ICMP check fails',
      },
    });

    expect(await server.stop()).toBe(0);
    server = await startServer(env);
    const warnings = server
      .stdout()
      .split('\n')
      .filter((line) => line.includes(WARN_MESSAGE));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0])).toMatchObject({
      level: 'warn',
      icmp: expect.stringContaining('apt-get install iputils-ping') as unknown,
    });

    await rpc('DeleteMonitor', { id: monitor.id });
    expect(await ready()).toEqual({ status: 'ready' });
  });
});
