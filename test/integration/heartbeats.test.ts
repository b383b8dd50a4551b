// Heartbeat monitors on the real server routes and a real PostgreSQL: pings sent by `curl` from a
// shell loop, as cron runs it, and deadlines judged by the sweeper with explicit clocks. The outcomes
// go through the check-results pipeline, so the monitor's status and its alerts (to a loopback
// webhook) are the ones every kind gets. Two app instances on one database show that a missed
// deadline is stored once and alerts once when every node sweeps at the same instant.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { AlertDeliveryWorker } from '../../backend/src/alerts/alert-delivery.worker';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import type { HeartbeatConfig } from '../../backend/src/checks/check-config';
import { NotFoundError } from '../../backend/src/common/errors';
import { HEARTBEAT_PINGS_PER_MINUTE } from '../../backend/src/heartbeats/heartbeat.routes';
import { HeartbeatsService } from '../../backend/src/heartbeats/heartbeats.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { pingsApplied } from '../support/heartbeats';
import { startReceiver, type Receiver } from '../support/receivers';
import { eventually } from '../support/rpc';

const run = promisify(execFile);

/** Runs a shell script the way cron would, and answers what it printed. */
async function shell(script: string): Promise<string> {
  const { stdout } = await run('sh', ['-c', script], { timeout: 60_000 });
  return stdout;
}

const FAST = { backoffBaseMs: 50, backoffMaxMs: 400, pollMs: 200 };
const SECOND = 1000;

interface ResultRow {
  status: string;
  latency: number;
  region: string;
  trigger: string;
  cron_timestamp: Date;
  error: { kind: string; message: string } | null;
}

describe('heartbeat monitors', () => {
  let t: HttpTestApp;
  let receiver: Receiver;
  let hooks = 0;

  beforeAll(async () => {
    t = await startHttpApp();
    t.app.get(AlertDeliveryWorker).configure(FAST);
    await t.app.get(RetentionService).maintain(new Date());
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const heartbeats = () => t.app.get(HeartbeatsService);
  /** Pings are answered once stored; their outcomes follow (the materializer). */
  const applied = () => pingsApplied(t.app, t.db);

  async function heartbeatMonitor(
    options: { heartbeat?: Partial<HeartbeatConfig>; pingToken?: string; alerts?: boolean; tenant?: Tenant } = {},
  ) {
    const tenant = options.tenant ?? (await newTenant(t));
    const monitor = await t.app.get(MonitorsService).create(
      tenant.ctx,
      'heartbeat',
      {
        name: 'Nightly backup',
        active: true,
        heartbeat: { schedule: 'period', periodSeconds: 60, graceSeconds: 30, ...options.heartbeat },
      },
      { pingToken: options.pingToken },
    );
    let hook: string | null = null;
    if (options.alerts) {
      hooks += 1;
      hook = `/heartbeat-hook/${hooks}`;
      await t.app.get(NotificationsService).create(tenant.ctx, {
        name: `hook ${hooks}`,
        providerType: 'webhook',
        monitorIds: [monitor.id],
        provider: { kind: 'webhook', args: { endpoint: `${receiver.url}${hook}`, headers: [] } },
      });
    }
    expect(monitor.pingUrl).toMatch(new RegExp(`/ping/[A-Za-z0-9_-]{16,64}$`));
    const token = monitor.pingUrl!.split('/ping/')[1];
    return { tenant, monitorId: monitor.id, token, url: `${t.baseUrl}/ping/${token}`, hook };
  }

  const results = (monitorId: string) =>
    t.db.rows<ResultRow>(
      `SELECT status, latency, region, trigger, cron_timestamp, error FROM check_results
        WHERE monitor_id = $1 ORDER BY cron_timestamp, id`,
      [monitorId],
    );

  const monitorStatus = async (monitorId: string) =>
    (await t.db.rows<{ status: string }>('SELECT status FROM monitors WHERE id = $1', [monitorId]))[0]?.status;

  const transitions = (monitorId: string) =>
    t.db.rows<{ to_status: string; kind: string | null }>(
      'SELECT to_status, kind FROM alert_transitions WHERE monitor_id = $1 ORDER BY seq',
      [monitorId],
    );

  const eventsTo = (path: string) =>
    receiver.requests.filter((r) => r.path === path).map((r) => (JSON.parse(r.body) as { event: string }).event);

  /** A ping as the routes hand it over, for the service called with an explicit clock. */
  const ping = { method: 'GET', source: '127.0.0.1', userAgent: 'test', body: Buffer.alloc(0), bodyTruncated: false };

  it('takes success pings from a shell loop of curl, as cron runs them', async () => {
    const { tenant, monitorId, url } = await heartbeatMonitor();
    const printed = await shell(`for i in 1 2 3; do curl -fsS -m 5 ${url}; echo; done`);
    expect(printed).toBe('OK\nOK\nOK\n');
    await applied();

    const pings = await heartbeats().listPings(tenant.ctx, monitorId);
    expect(pings).toHaveLength(3);
    expect(pings[0]).toEqual(
      expect.objectContaining({
        kind: 'success',
        exitCode: null,
        durationMs: null,
        method: 'GET',
        source: '127.0.0.1',
        body: '',
      }),
    );
    expect(pings[0].userAgent).toMatch(/^curl\//);
    const stored = await results(monitorId);
    expect(stored.map((r) => [r.status, r.region, r.trigger])).toEqual([
      ['success', 'heartbeat', 'cron'],
      ['success', 'heartbeat', 'cron'],
      ['success', 'heartbeat', 'cron'],
    ]);
    expect(await monitorStatus(monitorId)).toBe('active');

    const state = await heartbeats().state(tenant.ctx, monitorId);
    expect(state.lastSuccessAt).toEqual(pings[0].receivedAt);
    // Expected a period after the last success; down once the grace passes too.
    expect(state.nextDeadlineAt!.getTime() - state.lastSuccessAt!.getTime()).toBe(90 * SECOND);
  });

  it('goes down once a ping is late beyond the grace, alerts once, and comes back on the next success', async () => {
    const { tenant, monitorId, token, url, hook } = await heartbeatMonitor({ alerts: true });
    expect(await shell(`curl -fsS -m 5 ${url}`)).toBe('OK');
    await applied();
    const { nextDeadlineAt } = await heartbeats().state(tenant.ctx, monitorId);
    const deadline = nextDeadlineAt!;

    // Just before the deadline nothing is late; at it, the missed ping is one failure. (A sweep judges
    // every monitor of the database: the counts are read per monitor.)
    await heartbeats().sweep(new Date(deadline.getTime() - 1));
    expect(await results(monitorId)).toHaveLength(1);
    await heartbeats().sweep(deadline);
    expect(await results(monitorId)).toHaveLength(2);
    expect(await monitorStatus(monitorId)).toBe('error');
    const [, late] = await results(monitorId);
    expect(late).toEqual(
      expect.objectContaining({ status: 'error', cron_timestamp: deadline, region: 'heartbeat', trigger: 'cron' }),
    );
    expect(late.error?.kind).toBe('timeout');
    expect(late.error?.message).toContain('No ping came');
    // Swept again at the same instant: nothing more.
    await heartbeats().sweep(deadline);
    expect(await results(monitorId)).toHaveLength(2);
    // Each further missed expected ping counts for uptime, and pages nobody again.
    await heartbeats().sweep(new Date(deadline.getTime() + 120 * SECOND));
    expect((await results(monitorId)).map((r) => r.cron_timestamp.getTime() - deadline.getTime())).toEqual([
      expect.any(Number),
      0,
      60 * SECOND,
      120 * SECOND,
    ]);

    // The job runs again, on the same clock as the sweeps (a result older than the location's latest
    // does not replace its status, so a ping on the real clock would come before them).
    await heartbeats().receivePing(
      token,
      { ...ping, kind: 'success', exitCode: null },
      new Date(deadline.getTime() + 150 * SECOND),
    );
    await applied();
    expect(await monitorStatus(monitorId)).toBe('active');
    expect((await transitions(monitorId)).map((r) => [r.to_status, r.kind])).toEqual([
      ['active', null],
      ['error', 'down'],
      ['active', 'recovered'],
    ]);
    await eventually(
      async () => eventsTo(hook!),
      (events) => events.length === 2,
    );
    expect(eventsTo(hook!)).toEqual(['monitor.down', 'monitor.recovered']);
  });

  it('goes down on /fail and on a non-zero exit code, up on exit code 0, and refuses codes above 255', async () => {
    const { tenant, monitorId, url } = await heartbeatMonitor();
    const codes = await shell(
      `for s in fail 0 3 256 start; do curl -s -o /dev/null -w '%{http_code} ' -m 5 ${url}/$s; done`,
    );
    expect(codes).toBe('200 200 200 404 200 ');
    await applied();
    const stored = await results(monitorId);
    expect(stored.map((r) => [r.status, r.error?.message ?? null])).toEqual([
      ['error', 'The job reported a failure (/fail)'],
      ['success', null],
      ['error', 'The job exited with code 3'],
    ]);
    expect(await monitorStatus(monitorId)).toBe('error');
    const pings = await heartbeats().listPings(tenant.ctx, monitorId);
    expect(pings.map((p) => [p.kind, p.exitCode])).toEqual([
      ['start', null],
      ['fail', 3],
      ['success', 0],
      ['fail', null],
    ]);
  });

  it('measures a run from /start, and fails a started run that does not finish within the grace', async () => {
    const { tenant, monitorId, token, url } = await heartbeatMonitor();
    const t0 = new Date(Date.now() + 1000);
    await heartbeats().receivePing(token, { ...ping, kind: 'start', exitCode: null }, t0);
    await heartbeats().receivePing(token, { ...ping, kind: 'success', exitCode: null }, new Date(t0.getTime() + 4200));
    await applied();
    const [finished] = await heartbeats().listPings(tenant.ctx, monitorId);
    expect(finished.durationMs).toBe(4200);
    expect((await results(monitorId)).map((r) => [r.status, r.latency])).toEqual([['success', 4200]]);

    // A run started from the shell that never ends: down once the grace (30 s) has passed.
    expect(await shell(`curl -fsS -m 5 ${url}/start`)).toBe('OK');
    await applied();
    const { startedAt, nextDeadlineAt } = await heartbeats().state(tenant.ctx, monitorId);
    expect(nextDeadlineAt!.getTime() - startedAt!.getTime()).toBe(30 * SECOND);
    await heartbeats().sweep(new Date(nextDeadlineAt!.getTime() - 1));
    expect(await results(monitorId)).toHaveLength(1);
    await heartbeats().sweep(nextDeadlineAt!);
    expect(await results(monitorId)).toHaveLength(2);
    const last = (await results(monitorId)).at(-1)!;
    expect(last.cron_timestamp).toEqual(nextDeadlineAt);
    expect(last.status).toBe('error');
    expect(last.error?.message).toContain('did not finish');
    expect(await monitorStatus(monitorId)).toBe('error');
    expect((await heartbeats().state(tenant.ctx, monitorId)).startedAt).toBeNull();
  });

  it('keeps the first 10 KB of a /log body and changes no status', async () => {
    const { tenant, monitorId, url } = await heartbeatMonitor();
    expect(await shell(`curl -fsS -m 5 ${url}`)).toBe('OK');
    const body = 'x'.repeat(12 * 1024);
    expect(await shell(`printf '%s' '${body}' | curl -fsS -m 5 --data-binary @- ${url}/log`)).toBe('OK');
    const [log] = await heartbeats().listPings(tenant.ctx, monitorId);
    expect(log).toEqual(expect.objectContaining({ kind: 'log', method: 'POST', bodyTruncated: true }));
    expect(log.body).toBe('x'.repeat(10 * 1024));
    await applied();
    expect(await results(monitorId)).toHaveLength(1);
    expect(await monitorStatus(monitorId)).toBe('active');
    // A JSON body is kept as sent, not parsed.
    expect(
      await shell(`curl -fsS -m 5 -H 'content-type: application/json' --data-binary '{"rows": 12}' ${url}/log`),
    ).toBe('OK');
    expect((await heartbeats().listPings(tenant.ctx, monitorId))[0].body).toBe('{"rows": 12}');
  });

  it("answers Healthchecks.io's URL shapes: a UUID at /ping/<uuid> and at the root, GET, POST and HEAD", async () => {
    const uuid = randomUUID();
    const { tenant, monitorId } = await heartbeatMonitor({ pingToken: uuid });
    const codes = await shell(
      [
        `curl -s -o /dev/null -w '%{http_code} ' -m 5 ${t.baseUrl}/${uuid}/start`,
        `curl -s -o /dev/null -w '%{http_code} ' -m 5 -X POST ${t.baseUrl}/${uuid}`,
        `curl -s -o /dev/null -w '%{http_code} ' -m 5 -I ${t.baseUrl}/${uuid}/0`,
        `curl -s -o /dev/null -w '%{http_code} ' -m 5 --data-binary 'disk full' ${t.baseUrl}/ping/${uuid}/fail`,
        `curl -s -o /dev/null -w '%{http_code} ' -m 5 ${t.baseUrl}/${uuid.toUpperCase()}`,
      ].join('; '),
    );
    // The token is case-sensitive, as it is hashed: the upper-case UUID is another token.
    expect(codes).toBe('200 200 200 200 404 ');
    const pings = await heartbeats().listPings(tenant.ctx, monitorId);
    expect(pings.map((p) => [p.kind, p.method, p.body])).toEqual([
      ['fail', 'POST', 'disk full'],
      ['success', 'HEAD', ''],
      ['success', 'POST', ''],
      ['start', 'GET', ''],
    ]);
  });

  it('answers every unknown token alike: wrong, rotated or deleted', async () => {
    const rotated = await heartbeatMonitor();
    await t.app.get(MonitorsService).rotatePingToken(rotated.tenant.ctx, rotated.monitorId);
    const deleted = await heartbeatMonitor();
    await t.app.get(MonitorsService).delete(deleted.tenant.ctx, deleted.monitorId);
    const answers = await Promise.all(
      [
        `${t.baseUrl}/ping/${'w'.repeat(32)}`,
        rotated.url,
        `${rotated.url}/fail`,
        deleted.url,
        `${t.baseUrl}/${randomUUID()}`,
        `${deleted.url}/nonsense`,
        `${t.baseUrl}/ping/${'w'.repeat(300)}`,
        `${rotated.url}/fail/again`,
        `${t.baseUrl}/ping/`,
      ].map(async (url) => {
        const response = await fetch(url, { method: 'POST', body: 'x' });
        return [response.status, response.headers.get('content-type'), await response.text()];
      }),
    );
    for (const answer of answers) expect(answer).toEqual([404, 'text/plain; charset=utf-8', 'not found']);
    expect(await results(rotated.monitorId)).toEqual([]);
  });

  it(`refuses more than ${HEARTBEAT_PINGS_PER_MINUTE} pings a minute per token with 429 and Retry-After`, async () => {
    // The limit counts per minute of the clock: start early in a minute, so the loop stays in one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    const { url } = await heartbeatMonitor();
    const other = await heartbeatMonitor();
    const n = HEARTBEAT_PINGS_PER_MINUTE + 1;
    const codes = (
      await shell(`for i in $(seq 1 ${n}); do curl -s -o /dev/null -w '%{http_code}\\n' -m 5 ${url}/log; done`)
    ).trim();
    expect(codes.split('\n')).toEqual([...Array<string>(HEARTBEAT_PINGS_PER_MINUTE).fill('200'), '429']);
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toBe('rate limited');
    // Another token has its own budget.
    expect(await shell(`curl -fsS -m 5 ${other.url}`)).toBe('OK');
  });

  it('does not judge a paused monitor, and expects a ping a period after it resumes', async () => {
    const { tenant, monitorId } = await heartbeatMonitor();
    await t.app.get(MonitorsService).update(tenant.ctx, 'heartbeat', monitorId, { active: false });
    expect((await heartbeats().state(tenant.ctx, monitorId)).nextDeadlineAt).toBeNull();
    await heartbeats().sweep(new Date(Date.now() + 86_400_000));
    expect(await results(monitorId)).toEqual([]);
    const resumedAt = Date.now();
    await t.app.get(MonitorsService).update(tenant.ctx, 'heartbeat', monitorId, { active: true });
    const { nextDeadlineAt } = await heartbeats().state(tenant.ctx, monitorId);
    expect(nextDeadlineAt!.getTime()).toBeGreaterThanOrEqual(resumedAt + 90 * SECOND);
    expect(nextDeadlineAt!.getTime()).toBeLessThanOrEqual(Date.now() + 90 * SECOND);
  });

  it("moves the deadline with the grace, and counts a cron schedule in the monitor's time zone", async () => {
    const { tenant, monitorId, url } = await heartbeatMonitor();
    expect(await shell(`curl -fsS -m 5 ${url}`)).toBe('OK');
    await applied();
    const { lastSuccessAt } = await heartbeats().state(tenant.ctx, monitorId);
    await t.app.get(MonitorsService).update(tenant.ctx, 'heartbeat', monitorId, { heartbeat: { graceSeconds: 300 } });
    const afterGrace = await heartbeats().state(tenant.ctx, monitorId);
    expect(afterGrace.nextDeadlineAt!.getTime() - lastSuccessAt!.getTime()).toBe(360 * SECOND);

    await t.app.get(MonitorsService).update(tenant.ctx, 'heartbeat', monitorId, {
      heartbeat: { schedule: 'cron', cron: '30 2 * * *', timezone: 'Asia/Kolkata', graceSeconds: 60 },
    });
    const afterCron = await heartbeats().state(tenant.ctx, monitorId);
    // 02:30 in Kolkata is 21:00 UTC the day before.
    expect(afterCron.expectedAt!.toISOString()).toMatch(/T21:00:00\.000Z$/);
    expect(afterCron.nextDeadlineAt!.getTime() - afterCron.expectedAt!.getTime()).toBe(60 * SECOND);
  });

  it("keeps a workspace's pings and state from every other workspace", async () => {
    const { monitorId } = await heartbeatMonitor();
    const stranger = await newTenant(t);
    await expect(heartbeats().listPings(stranger.ctx, monitorId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(heartbeats().state(stranger.ctx, monitorId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(heartbeats().listPings(stranger.ctx, 'nope')).rejects.toBeInstanceOf(NotFoundError);
  });

  /** Pings as a node leaves them when it dies after answering them: stored, not applied yet. */
  const storePending = async (
    monitorId: string,
    workspaceId: string,
    pings: Array<{ kind: string; at: Date; exitCode?: number }>,
  ) => {
    for (const p of pings) {
      await t.db.manager.query(
        `INSERT INTO heartbeat_pings (monitor_id, workspace_id, received_at, kind, exit_code, method, source)
         VALUES ($1, $2, $3, $4, $5, 'GET', '127.0.0.1')`,
        [monitorId, workspaceId, p.at, p.kind, p.exitCode ?? null],
      );
    }
  };

  it('applies pings a dead node acknowledged but never applied, on the next interval of a node still up', async () => {
    const { tenant, monitorId, hook } = await heartbeatMonitor({ alerts: true });
    const t0 = new Date(Date.now() - 10 * SECOND);
    // Stored by "another node" that died before its materializer ran: nothing on this node wakes for
    // them, so its sweeper's interval must find them.
    await storePending(monitorId, tenant.ctx.workspace.id, [
      { kind: 'start', at: t0 },
      { kind: 'fail', at: new Date(t0.getTime() + 2500), exitCode: 2 },
      { kind: 'success', at: new Date(t0.getTime() + 3000) },
    ]);
    const stored = await eventually(
      () => results(monitorId),
      (rows) => rows.length >= 2,
    );
    expect(stored.map((r) => [r.status, r.latency, r.cron_timestamp.getTime() - t0.getTime()])).toEqual([
      ['error', 2500, 2500],
      ['success', 0, 3000],
    ]);
    expect(stored[0].error?.message).toBe('The job exited with code 2');
    const pings = await heartbeats().listPings(tenant.ctx, monitorId);
    expect(pings.map((p) => [p.kind, p.durationMs])).toEqual([
      ['success', null],
      ['fail', 2500],
      ['start', null],
    ]);
    const state = await heartbeats().state(tenant.ctx, monitorId);
    expect(state.lastSuccessAt?.getTime()).toBe(t0.getTime() + 3000);
    expect(state.startedAt).toBeNull();
    // Applied once: more rounds find nothing, and the down and the up each alert once.
    expect(await heartbeats().applyPending()).toEqual({ monitors: 0, pings: 0 });
    await eventually(
      async () => eventsTo(hook!),
      (events) => events.length === 2,
    );
    expect(eventsTo(hook!)).toEqual(['monitor.down', 'monitor.recovered']);
    expect(await results(monitorId)).toHaveLength(2);
  });

  it('applies the pending pings of a monitor before judging its deadline, in the same transaction', async () => {
    const { tenant, monitorId } = await heartbeatMonitor();
    const { nextDeadlineAt } = await heartbeats().state(tenant.ctx, monitorId);
    const deadline = nextDeadlineAt!;
    // A success stored just before the deadline and not applied when the sweep claims the monitor
    // (one transaction: no materializer sees it first): it counts, and the monitor is not late.
    const swept = await t.db.transaction(async () => {
      await storePending(monitorId, tenant.ctx.workspace.id, [
        { kind: 'success', at: new Date(deadline.getTime() - SECOND) },
      ]);
      return heartbeats().sweep(deadline);
    });
    expect(swept.judged).toBeGreaterThanOrEqual(1);
    expect((await results(monitorId)).map((r) => [r.status, r.cron_timestamp])).toEqual([
      ['success', new Date(deadline.getTime() - SECOND)],
    ]);
    const state = await heartbeats().state(tenant.ctx, monitorId);
    expect(state.nextDeadlineAt!.getTime()).toBe(deadline.getTime() - SECOND + 90 * SECOND);
    expect(await monitorStatus(monitorId)).toBe('active');
  });

  it('stores a missed deadline once and alerts once when two nodes sweep at the same instant', async () => {
    const second = await startHttpApp({ sameDatabaseAs: t });
    try {
      const tenant = await newTenant(t);
      const monitors = [];
      for (let i = 0; i < 12; i += 1) monitors.push(await heartbeatMonitor({ tenant }));
      await shell(monitors.map((m) => `curl -fsS -m 5 ${m.url}`).join('; '));
      await applied();
      const deadlines = await Promise.all(monitors.map((m) => heartbeats().state(tenant.ctx, m.monitorId)));
      const now = new Date(Math.max(...deadlines.map((d) => d.nextDeadlineAt!.getTime())));
      const [a, b] = await Promise.all([heartbeats().sweep(now), second.app.get(HeartbeatsService).sweep(now)]);
      // Both nodes judged (the earlier tests' monitors due by then among them), and each deadline once.
      expect(a.stored + b.stored).toBeGreaterThanOrEqual(monitors.length);
      for (const m of monitors) {
        expect((await results(m.monitorId)).map((r) => r.status)).toEqual(['success', 'error']);
        expect((await transitions(m.monitorId)).map((r) => r.kind)).toEqual([null, 'down']);
      }
    } finally {
      await second.close();
    }
  });
});
