// Property test of the RPC API: generated requests of every method of every service the server
// registers, built from the protobuf descriptors and sent as binary protobuf and as Connect JSON (plus
// hand-built malformed bodies), never get a 5xx, `internal` or `unknown` answer, and the server still
// answers a normal call afterwards. PROPERTY_RUNS sets the number of generated calls (default 2000),
// PROPERTY_SEED replays a run.
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import fc from 'fast-check';
import { RPC_PREFIX, RpcServer } from '../../backend/src/rpc/rpc.server';
import { describe as show, propertyRuns, propertySeed, rpcCases, type RpcCase } from '../support/arbitraries';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { seedWorkspace } from '../support/property-fixtures';
import { withKey } from '../support/rpc';

const CONCURRENCY = 8;

/** PROPERTY_STATS=1 prints how often each method answered each code: how deep the inputs get. */
const stats = process.env.PROPERTY_STATS ? new Map<string, number>() : null;

/** The error message without its details, to list one sample per kind of failure and method. */
const kindOf = (body: string): string => body.replace(/[\d"]+/g, '').slice(0, 60);

interface Failure {
  procedure: string;
  status: number;
  code: string;
  contentType: string;
  input: string;
  body: string;
}

describe('RPC API under generated input', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  /** Sends every request of a case; returns the answers that count as server errors. */
  async function send(c: RpcCase): Promise<Failure[]> {
    const failures: Failure[] = [];
    for (const request of c.requests) {
      const response = await fetch(`${t.baseUrl}${RPC_PREFIX}${c.procedure}`, {
        method: 'POST',
        headers: {
          'content-type': request.contentType,
          'connect-protocol-version': '1',
          'x-service-key': tenant.writeKey,
        },
        body: request.body,
      });
      const text = await response.text();
      let code = '';
      let message = '';
      try {
        ({ code = '', message = '' } = JSON.parse(text) as { code?: string; message?: string });
      } catch {
        // A successful binary answer is not JSON.
      }
      if (stats) {
        const key = `${c.procedure} ${code || response.status} ${code ? message.replace(/[\d"]+/g, '').slice(0, 50) : ''}`;
        stats.set(key, (stats.get(key) ?? 0) + 1);
      }
      if (response.status >= 500 || code === 'internal' || code === 'unknown') {
        failures.push({
          procedure: c.procedure,
          status: response.status,
          code,
          contentType: request.contentType,
          input: typeof request.body === 'string' ? show(request.body) : c.show,
          body: text.slice(0, 300),
        });
      }
    }
    return failures;
  }

  it('answers every generated request without a server error, binary and JSON', async () => {
    const own = await seedWorkspace(t, tenant.ctx);
    const spare = await seedWorkspace(t, tenant.ctx);
    const other = await seedWorkspace(t, (await newTenant(t)).ctx);
    const services = t.app.get(RpcServer).services();
    expect(services.length).toBeGreaterThanOrEqual(7);
    const cases = rpcCases(services, { own: own.ids, foreign: other.ids, spare: spare.ids });
    const seed = propertySeed();
    const runs = Math.ceil(propertyRuns() / CONCURRENCY);
    const found = new Map<string, Failure>();
    const seen = new Set<string>();

    await fc.assert(
      fc.asyncProperty(fc.array(cases, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        batch.forEach((c) => seen.add(c.procedure));
        // Every distinct failure is collected rather than thrown, so one run lists all of them.
        for (const failure of (await Promise.all(batch.map(send))).flat()) {
          const key = `${failure.procedure} ${failure.contentType} ${failure.status} ${failure.code} ${kindOf(failure.body)}`;
          if (!found.has(key)) found.set(key, failure);
        }
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );

    if (stats)
      console.log(
        [...stats]
          .sort()
          .map(([k, n]) => `${n}\t${k}`)
          .join('\n'),
      );
    expect({ seed, failures: [...found.values()] }).toEqual({ seed, failures: [] });
    // Every registered method was exercised at least once.
    const methods = services.flatMap((s) => s.methods.map((m) => `/${s.typeName}/${m.name}`));
    expect(methods.filter((m) => !seen.has(m))).toEqual([]);

    // Still serving: a normal call succeeds.
    const client = createClient(
      MonitorService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}${RPC_PREFIX}`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.writeKey)],
      }),
    );
    const { totalSize } = await client.listMonitors({});
    expect(totalSize).toBeGreaterThan(0);
  }, 600_000);
});
