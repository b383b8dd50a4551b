// POST /agent/v1/report and /agent/v1/renew over real HTTP: each result is validated on its own and
// refused by index (the rest of the batch is stored), an agent may report only the runs it was handed
// (a private location's token: its own location's monitors; the shared token: regions it names, of
// monitors that run there), and another workspace's monitor is answered exactly like one that does not
// exist. The real agent's HTTP transport renews the leases of the checks it runs.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CheckAgent, DEFAULT_AGENT_OPTIONS } from '../../backend/src/checker/agent';
import { InlineExecutor } from '../../backend/src/checker/check-executor';
import { RENEWED_LEASE_MS } from '../../backend/src/checker/check-work.service';
import { createProbeRegistry } from '../../backend/src/checker/probe-registry';
import { NOT_HANDED } from '../../backend/src/check-results/result-ingest';
import { privateLocation } from '../../backend/src/schedules/slots';
import { httpTransport } from '../../backend/src/agent/main';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { eventually } from '../support/rpc';

const AGENT_TOKEN = 'shared-agent-token-for-tests-0123456789abcdef';
const DAY_MS = 86_400_000;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

describe('agent reports', () => {
  let t: HttpTestApp;
  let owner: Tenant;
  let other: Tenant;
  let assigned: string;
  let foreign: string;
  let location: { id: string; token: string };
  let here: string;

  const post = async (path: string, token: string, body: unknown): Promise<Answer> => {
    const response = await fetch(`${t.baseUrl}/agent/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const report = (token: string, results: unknown[], regions?: string[]) =>
    post('report', token, { agentId: 'test-agent', regions, results });

  const result = (monitorId: string, at = new Date(Date.now() - 60_000), loc = here) => ({
    run: {
      monitorId,
      workspaceId: '1',
      location: loc,
      trigger: 'cron',
      triggerId: null,
      cronTimestamp: at,
      periodMs: 60_000,
    },
    outcome: {
      status: 'success',
      latencyMs: 12,
      timings: { dns: 1, connect: 2, tls: 0, ttfb: 8, transfer: 1 },
      statusCode: 200,
      error: null,
      assertions: [{ type: 'status_code', comparator: 'gte', target: 200, actual: 200, passed: true }],
      headers: { 'content-type': 'text/plain' },
      url: 'http://127.0.0.1:9/',
      details: { redirects: 0 },
      attempts: 1,
    },
    startedAt: at,
  });
  /** A result with one part replaced, as JSON would carry it. */
  const broken = (patch: (r: ReturnType<typeof result>) => unknown) =>
    patch(JSON.parse(JSON.stringify(result(assigned))) as ReturnType<typeof result>);

  /** Everything a report could have changed for a monitor, read as the owner and from the tables. */
  const footprint = async (tenant: Tenant, monitorId: string) => {
    const service = t.app.get(MonitorsService);
    return {
      results: await t.db.rows('SELECT region, status FROM check_results WHERE monitor_id = $1', [monitorId]),
      statuses: await t.db.rows('SELECT region, status FROM monitor_region_statuses WHERE monitor_id = $1', [
        monitorId,
      ]),
      aggregates: await t.db.rows('SELECT region FROM check_aggregates WHERE monitor_id = $1', [monitorId]),
      status: await service.status(tenant.ctx, monitorId),
      summary: await service.summary(tenant.ctx, monitorId, '1d'),
      monitor: (await service.get(tenant.ctx, monitorId)).status,
    };
  };

  beforeAll(async () => {
    t = await startHttpApp({ env: { AGENT_TOKEN } });
    await t.app.get(RetentionService).maintain(new Date());
    owner = await newTenant(t);
    other = await newTenant(t);
    const monitors = t.app.get(MonitorsService);
    const create = async (tenant: Tenant, name: string) =>
      (
        await monitors.create(tenant.ctx, 'http', {
          name,
          url: 'http://127.0.0.1:9/',
          periodicity: '1m',
          regions: ['fly-ams'],
          active: true,
        })
      ).id;
    assigned = await create(owner, 'on-prem');
    foreign = await create(other, 'theirs');
    const created = await t.app
      .get(PrivateLocationsService)
      .create(owner.ctx, { name: 'rack', monitorIds: [assigned] });
    location = { id: created.id, token: created.token! };
    here = privateLocation(created.id);
  });

  afterAll(() => t.close());

  it('stores the valid results of a batch and refuses each invalid one by index, naming the field', async () => {
    const now = Date.now();
    const answer = await report(location.token, [
      result(assigned, new Date(now - 60_000)),
      broken((r) => ({ ...r, run: { ...r.run, cronTimestamp: new Date(now + 30 * DAY_MS).toISOString() } })),
      broken((r) => ({ ...r, run: { ...r.run, cronTimestamp: 'yesterday' } })),
      broken((r) => ({ ...r, run: { ...r.run, cronTimestamp: new Date(now - 20 * DAY_MS).toISOString() } })),
      broken((r) => ({ ...r, outcome: null })),
      broken((r) => ({ ...r, outcome: { ...r.outcome, latencyMs: '12' } })),
      broken((r) => ({ ...r, outcome: { ...r.outcome, latencyMs: -1 } })),
      broken((r) => ({ ...r, outcome: { ...r.outcome, statusCode: 200.5 } })),
      broken((r) => ({ ...r, outcome: { ...r.outcome, status: 'fine' } })),
      broken((r) => ({ ...r, run: { ...r.run, trigger: 'manual' } })),
      broken((r) => ({ ...r, run: { ...r.run, trigger: 'api' } })),
      broken((r) => ({ ...r, run: { ...r.run, monitorId: 'abc' } })),
      broken((r) => ({ ...r, startedAt: 12 })),
      42,
      null,
      // Text seen on the target is kept, with what the database cannot hold replaced.
      broken((r) => ({
        ...r,
        run: { ...r.run, cronTimestamp: new Date(now - 120_000).toISOString() },
        outcome: {
          ...r.outcome,
          status: 'error',
          error: { kind: 'http', message: `bad\u0000byte \ud800 ${'x'.repeat(10_000)}` },
          headers: { 'x-odd\u0000': 'v\u0000' },
        },
      })),
    ]);
    expect(answer).toEqual({
      status: 200,
      body: {
        stored: 2,
        duplicates: 0,
        rejected: 14,
        errors: [
          {
            index: 1,
            message:
              "run.cronTimestamp: must be within the last 14 days and at most 10 minutes ahead of the server's clock",
          },
          { index: 2, message: 'run.cronTimestamp: must be an ISO 8601 date-time' },
          {
            index: 3,
            message:
              "run.cronTimestamp: must be within the last 14 days and at most 10 minutes ahead of the server's clock",
          },
          { index: 4, message: 'outcome: must be an object' },
          { index: 5, message: 'outcome.latencyMs: must be a number' },
          { index: 6, message: 'outcome.latencyMs: must be between 0 and 86400000' },
          { index: 7, message: 'outcome.statusCode: must be an integer' },
          { index: 8, message: 'outcome.status: must be success, degraded or error' },
          { index: 9, message: 'run.trigger: must be cron or api' },
          { index: 10, message: 'run.triggerId: is required for trigger api' },
          { index: 11, message: 'run.monitorId: must be a numeric id' },
          { index: 12, message: 'startedAt: must be an ISO 8601 date-time' },
          { index: 13, message: '(result): must be an object' },
          { index: 14, message: '(result): must be an object' },
        ],
      },
    });
    const rows = await t.db.rows<{ status: string; error: { message: string } | null; headers: object }>(
      'SELECT status, error, headers FROM check_results WHERE monitor_id = $1 ORDER BY cron_timestamp',
      [assigned],
    );
    expect(rows.map((r) => r.status)).toEqual(['error', 'success']);
    expect(rows[0].error!.message.startsWith('bad\ufffdbyte \ufffd x')).toBe(true);
    expect(rows[0].error!.message).toHaveLength(4096);
    expect(rows[0].headers).toEqual({ 'x-odd\ufffd': 'v\ufffd' });
  });

  it("answers another workspace's monitor exactly like one that does not exist, and changes nothing", async () => {
    const before = await footprint(other, foreign);
    const unknownId = String(BigInt(foreign) + 1_000_000n);
    const forForeign = await report(location.token, [result(foreign)]);
    const forUnknown = await report(location.token, [result(unknownId)]);
    expect(forForeign).toEqual(forUnknown);
    expect(forForeign).toEqual({
      status: 200,
      body: { stored: 0, duplicates: 0, rejected: 1, errors: [{ index: 0, message: NOT_HANDED }] },
    });
    // Also when it names a public region the other monitor runs in: a private token serves no region.
    expect(await report(location.token, [result(foreign, undefined, 'fly-ams')])).toEqual(forUnknown);
    expect(await footprint(other, foreign)).toEqual(before);
  });

  it('takes from the shared token only the regions it names, for monitors that run there', async () => {
    const answer = await report(
      AGENT_TOKEN,
      [
        result(foreign, undefined, 'fly-ams'),
        result(foreign, undefined, 'fly-iad'),
        result(foreign, undefined, 'koyeb-fra'),
        result(assigned, undefined, here),
      ],
      ['fly-ams', 'fly-iad'],
    );
    expect(answer.body).toEqual({
      stored: 1,
      duplicates: 0,
      rejected: 3,
      errors: [1, 2, 3].map((index) => ({ index, message: NOT_HANDED })),
    });
    expect(await t.db.rows('SELECT region FROM monitor_region_statuses WHERE monitor_id = $1', [foreign])).toEqual([
      { region: 'fly-ams' },
    ]);
  });

  it('refuses a malformed body with 400 naming the field, never 500', async () => {
    const bodies: Array<[unknown, string]> = [
      [{ agentId: 'a\u0000b', results: [] }, 'agentId: must not contain control characters'],
      [{ agentId: 'a', results: 'all' }, 'results: must be an array'],
      [{ agentId: 'a', results: Array.from({ length: 5001 }, () => 0) }, 'results: must have at most 5000 entries'],
    ];
    for (const [body, message] of bodies) {
      const answer = await post('report', location.token, body);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    const renew = await post('renew', location.token, {
      agentId: 'a',
      runs: [{ monitorId: assigned, location: here, trigger: 'api' }],
    });
    expect(renew.status).toBe(400);
    expect(JSON.stringify(renew.body)).toContain('runs.0.triggerId: is required for trigger api');
  });

  it("renews only the leases the location's own agent holds", async () => {
    await t.db.manager.query('UPDATE monitor_schedules SET next_run_at = now() WHERE monitor_id = $1', [assigned]);
    const claim = await post('claim', location.token, {
      agentId: 'office-1',
      max: 10,
      lookaheadMs: 0,
      renewsLeases: true,
    });
    const items = claim.body.items as Array<{ run: { monitorId: string; location: string; trigger: string } }>;
    expect(items.map((i) => i.run)).toEqual([expect.objectContaining({ monitorId: assigned, location: here })]);
    const [lease] = await t.db.rows<{ until: Date }>(
      'SELECT lease_expires_at AS until FROM monitor_schedules WHERE monitor_id = $1 AND location = $2',
      [assigned, here],
    );
    // Held for the renewed lease, not the check's 45 s budget plus margin.
    expect(new Date(lease.until).getTime() - Date.now()).toBeLessThanOrEqual(RENEWED_LEASE_MS);
    const runs = [{ monitorId: assigned, location: here, trigger: 'cron', triggerId: null }];
    expect(await post('renew', location.token, { agentId: 'office-1', runs })).toEqual({
      status: 200,
      body: { renewed: 1 },
    });
    expect((await post('renew', location.token, { agentId: 'office-2', runs })).body).toEqual({ renewed: 0 });
    expect((await post('renew', AGENT_TOKEN, { agentId: 'office-1', regions: ['fly-ams'], runs })).body).toEqual({
      renewed: 0,
    });
    expect((await post('renew', 'svc_plt_nope', { agentId: 'office-1', runs })).status).toBe(401);
  });

  it("keeps renewing the lease while the agent's check runs", async () => {
    const held: ServerResponse[] = [];
    const target: Server = createServer((_req, res) => held.push(res));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
    const monitor = await t.app.get(MonitorsService).create(owner.ctx, 'http', {
      name: 'slow',
      url,
      periodicity: '5m',
      regions: ['koyeb-fra'],
      active: true,
    });
    await t.db.manager.query('UPDATE monitor_schedules SET next_run_at = now() WHERE monitor_id = $1', [monitor.id]);
    const real = httpTransport(t.baseUrl, AGENT_TOKEN, 'frankfurt-slow', ['koyeb-fra']);
    const renewed: number[] = [];
    const agent = new CheckAgent(
      {
        claim: real.claim,
        report: real.report,
        renew: async (runs) => {
          await real.renew!(runs);
          renewed.push(runs.filter((r) => r.monitorId === monitor.id).length);
        },
      },
      new InlineExecutor(createProbeRegistry()),
      { ...DEFAULT_AGENT_OPTIONS, pollMs: 100, renewIntervalMs: 100 },
    );
    const leaseOf = async () =>
      (
        await t.db.rows<{ until: Date | null; owner: string | null }>(
          'SELECT lease_expires_at AS until, lease_owner AS owner FROM monitor_schedules WHERE monitor_id = $1',
          [monitor.id],
        )
      )[0];
    agent.start();
    try {
      // The check is running (the target holds the request): the agent holds the run ...
      await eventually(
        () => Promise.resolve(held.length),
        (n) => n > 0,
      );
      const first = await leaseOf();
      expect(first.owner).toBe('remote-frankfurt-slow');
      // ... and renews its lease, which moves on while the check runs.
      const later = await eventually(leaseOf, (l) => new Date(l.until!).getTime() > new Date(first.until!).getTime());
      expect(new Date(later.until!).getTime()).toBeGreaterThan(new Date(first.until!).getTime());
      expect(renewed.some((n) => n === 1)).toBe(true);
      for (const res of held) res.writeHead(200).end('ok');
      const done = await eventually(leaseOf, (l) => l.owner === null);
      expect(done.owner).toBeNull();
    } finally {
      await agent.stop();
      for (const res of held) if (!res.writableEnded) res.end();
      await new Promise((resolve) => target.close(resolve));
    }
  });
});
