// Heartbeat ping intake under concurrency, on the real server routes and a real PostgreSQL: pings that
// arrive together are written in batches (one statement each, heartbeats.service.ts flushPings) and
// applied by the materializer (applyPending), and
// every ping must still be stored once, each monitor's pings applied in arrival order with the
// semantics of one ping at a time (durations from /start, two successes in one millisecond two
// results, a failure then a success in one batch a down then an up), and no request answered before
// its ping is stored.
import { HeartbeatsService, type IncomingPing } from '../../backend/src/heartbeats/heartbeats.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotFoundError } from '../../backend/src/common/errors';
import { pingsApplied } from '../support/heartbeats';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';

interface ResultRow {
  status: string;
  latency: number;
  cron_timestamp: Date;
  timestamp: Date;
}

const MONITORS = 20;

describe('heartbeat ping intake under concurrency', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const heartbeats = () => t.app.get(HeartbeatsService);

  async function heartbeatMonitor(name: string) {
    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'heartbeat', {
      name,
      active: true,
      heartbeat: { schedule: 'period', periodSeconds: 3600, graceSeconds: 60 },
    });
    const token = monitor.pingUrl!.split('/ping/')[1];
    return { monitorId: monitor.id, token, url: `${t.baseUrl}/ping/${token}` };
  }

  const results = (monitorId: string) =>
    t.db.rows<ResultRow>(
      `SELECT status, latency, cron_timestamp, timestamp FROM check_results WHERE monitor_id = $1
        ORDER BY cron_timestamp, id`,
      [monitorId],
    );

  const pingRows = (monitorId: string) =>
    t.db.rows<{ kind: string; received_at: Date; duration_ms: number | null; body: string; exit_code: number | null }>(
      `SELECT kind, received_at, duration_ms, body, exit_code FROM heartbeat_pings WHERE monitor_id = $1 ORDER BY id`,
      [monitorId],
    );

  const transitions = async (monitorId: string) =>
    (
      await t.db.rows<{ to_status: string }>(
        'SELECT to_status FROM alert_transitions WHERE monitor_id = $1 ORDER BY seq',
        [monitorId],
      )
    ).map((r) => r.to_status);

  const aggregates = async (monitorId: string) =>
    (
      await t.db.rows<{ successful: number; failed: number }>(
        `SELECT sum(successful)::int AS successful, sum(failed)::int AS failed FROM check_aggregates
          WHERE monitor_id = $1 AND span = 'd'`,
        [monitorId],
      )
    )[0];

  /** A job's ten pings (offsets from its base time): every kind, two successes in one millisecond. */
  const SCRIPT: Array<{ kind: IncomingPing['kind']; exitCode: number | null; at: number }> = [
    { kind: 'start', exitCode: null, at: 0 },
    { kind: 'log', exitCode: null, at: 100 },
    { kind: 'success', exitCode: null, at: 1000 },
    { kind: 'success', exitCode: null, at: 1000 },
    { kind: 'start', exitCode: null, at: 2000 },
    { kind: 'fail', exitCode: 3, at: 2300 },
    { kind: 'start', exitCode: null, at: 3000 },
    { kind: 'success', exitCode: 0, at: 3400 },
    { kind: 'log', exitCode: null, at: 3500 },
    { kind: 'success', exitCode: null, at: 3500 },
  ];

  const incoming = (step: (typeof SCRIPT)[number], body: string): IncomingPing => ({
    kind: step.kind,
    exitCode: step.exitCode,
    method: 'POST',
    source: '127.0.0.1',
    userAgent: 'test',
    body: Buffer.from(body),
    bodyTruncated: false,
  });

  it('applies 200 pings received at once over 20 monitors as one at a time would, each stored once', async () => {
    const base = Date.now() - 60_000;
    const monitors = [];
    for (let j = 0; j < MONITORS; j++) monitors.push(await heartbeatMonitor(`Batch job ${j}`));
    // The reference: the same script on one more monitor, one ping after the other (a batch each).
    const reference = await heartbeatMonitor('Reference job');
    for (const [k, step] of SCRIPT.entries()) {
      await heartbeats().receivePing(reference.token, incoming(step, `ref ${k}`), new Date(base + step.at));
    }

    // All 200 at once, interleaved across monitors (step by step), plus unknown tokens among them:
    // they are queued in this one turn of the event loop, so they go in together.
    const calls: Array<Promise<string>> = [];
    for (const [k, step] of SCRIPT.entries()) {
      for (const [j, m] of monitors.entries()) {
        calls.push(
          heartbeats()
            .receivePing(m.token, incoming(step, `job ${j} ping ${k}`), new Date(base + step.at))
            .then(() => 'stored'),
        );
      }
      calls.push(
        heartbeats()
          .receivePing(`unknown-token-${k}-0123456789abcdef`, incoming(step, ''), new Date(base + step.at))
          .then(
            () => 'stored',
            (error: unknown) => (error instanceof NotFoundError ? 'not found' : String(error)),
          ),
      );
    }
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a === 'stored')).toHaveLength(SCRIPT.length * MONITORS);
    expect(answers.filter((a) => a === 'not found')).toHaveLength(SCRIPT.length);
    // Answered once stored; applied by the materializer right after.
    await pingsApplied(t.app, t.db);

    const expectedResults = [
      // [status, latency, cron offset, started offset]
      ['success', 1000, 1000, 0],
      ['success', 0, 1001, 1001], // the second success of the same millisecond, 1 ms later
      ['error', 300, 2300, 2000],
      ['success', 400, 3400, 3000],
      ['success', 0, 3501, 3501], // after the /log of the same millisecond
    ];
    const shape = (rows: ResultRow[]) =>
      rows.map((r) => [
        r.status,
        r.latency,
        new Date(r.cron_timestamp).getTime() - base,
        new Date(r.timestamp).getTime() - base,
      ]);
    expect(shape(await results(reference.monitorId))).toEqual(expectedResults);
    const referenceTransitions = await transitions(reference.monitorId);
    expect(referenceTransitions).toEqual(expect.arrayContaining(['error', 'active']));

    for (const [j, m] of monitors.entries()) {
      const pings = await pingRows(m.monitorId);
      // Each ping once, in arrival order, with the duration of its run.
      expect(pings.map((p) => p.body)).toEqual(SCRIPT.map((_, k) => `job ${j} ping ${k}`));
      expect(pings.map((p) => [p.kind, p.exit_code, p.duration_ms])).toEqual([
        ['start', null, null],
        ['log', null, null],
        ['success', null, 1000],
        ['success', null, null],
        ['start', null, null],
        ['fail', 3, 300],
        ['start', null, null],
        ['success', 0, 400],
        ['log', null, null],
        ['success', null, null],
      ]);
      expect(shape(await results(m.monitorId))).toEqual(expectedResults);
      expect(await aggregates(m.monitorId)).toEqual({ successful: 4, failed: 1 });
      // The failure and the success after it, in the same batch, are a down and an up, as one by one.
      expect(await transitions(m.monitorId)).toEqual(referenceTransitions);
      const state = await heartbeats().state(tenant.ctx, m.monitorId);
      expect(state.lastSuccessAt?.getTime()).toBe(base + 3501);
      expect(state.startedAt).toBeNull();
    }
  });

  it('answers 200 to concurrent HTTP pings only once each is stored, and 404 to unknown tokens', async () => {
    const monitors = [];
    for (let j = 0; j < MONITORS; j++) monitors.push(await heartbeatMonitor(`HTTP job ${j}`));
    // Per monitor: a run (/start, then its success once the start is answered) alongside four
    // successes and four /log pings, all monitors at once: 200 requests, plus 10 unknown tokens.
    const send = async (url: string, body: string) => {
      const answer = await fetch(url, { method: 'POST', body });
      return { status: answer.status, text: await answer.text() };
    };
    const work: Array<Promise<Array<{ status: number; text: string }>>> = [];
    for (const [j, m] of monitors.entries()) {
      work.push(
        (async () => {
          const start = await send(`${m.url}/start`, `job ${j} start`);
          // Answered 200: the start is stored, so the success that follows measures from it.
          const end = await send(m.url, `job ${j} end`);
          return [start, end];
        })(),
      );
      for (let k = 0; k < 4; k++) {
        work.push(send(m.url, `job ${j} success ${k}`).then((a) => [a]));
        work.push(send(`${m.url}/log`, `job ${j} log ${k}`).then((a) => [a]));
      }
    }
    for (let k = 0; k < 10; k++) work.push(send(`${t.baseUrl}/ping/not-a-token-${k}-0123456789`, '').then((a) => [a]));
    const answers = (await Promise.all(work)).flat();
    expect(answers.filter((a) => a.status === 200 && a.text === 'OK')).toHaveLength(10 * MONITORS);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(10);
    await pingsApplied(t.app, t.db);

    for (const [j, m] of monitors.entries()) {
      const pings = await pingRows(m.monitorId);
      const bodies = pings.map((p) => p.body).sort();
      expect(bodies).toEqual(
        [
          `job ${j} start`,
          `job ${j} end`,
          ...[0, 1, 2, 3].flatMap((k) => [`job ${j} success ${k}`, `job ${j} log ${k}`]),
        ].sort(),
      );
      const end = pings.find((p) => p.body === `job ${j} end`)!;
      const start = pings.find((p) => p.body === `job ${j} start`)!;
      expect(pings.indexOf(end)).toBeGreaterThan(pings.indexOf(start));
      // The end measures from the start unless a plain success came in between and closed the run.
      if (end.duration_ms !== null) {
        expect(end.duration_ms).toBe(new Date(end.received_at).getTime() - new Date(start.received_at).getTime());
      }
      // Five successes (four plain, one ending the run), each its own result at its own time.
      const stored = await results(m.monitorId);
      expect(stored).toHaveLength(5);
      expect(new Set(stored.map((r) => new Date(r.cron_timestamp).getTime())).size).toBe(5);
      expect(await aggregates(m.monitorId)).toEqual({ successful: 5, failed: 0 });
    }
  });

  it('adopts the pending pings of a heartbeat without a state, and drops those of a deleted monitor', async () => {
    // A monitor an older version saved without a heartbeat state: its pings are stored, but no
    // materializer round can claim them until the sweeper adopts them.
    const stateless = await heartbeatMonitor('Stateless job');
    await t.db.manager.query('DELETE FROM heartbeat_states WHERE monitor_id = $1', [stateless.monitorId]);
    const at = new Date(Date.now() - 5_000);
    await heartbeats().receivePing(stateless.token, incoming(SCRIPT[2], 'before adoption'), at);
    await heartbeats().applyPending();
    expect(await results(stateless.monitorId)).toHaveLength(0);

    // A ping a node stored just before its monitor was deleted (the deletion dropped the state).
    const gone = await heartbeatMonitor('Deleted job');
    await t.app.get(MonitorsService).delete(tenant.ctx, gone.monitorId);
    await t.db.manager.query(
      `INSERT INTO heartbeat_pings (monitor_id, workspace_id, received_at, kind, method, source)
       SELECT id, workspace_id, now(), 'success', 'POST', '127.0.0.1' FROM monitors WHERE id = $1`,
      [gone.monitorId],
    );

    await heartbeats().adoptStatelessPings();
    await pingsApplied(t.app, t.db);
    const adopted = await results(stateless.monitorId);
    expect(adopted.map((r) => [r.status, new Date(r.cron_timestamp).getTime()])).toEqual([['success', at.getTime()]]);
    expect((await heartbeats().state(tenant.ctx, stateless.monitorId)).lastSuccessAt?.getTime()).toBe(at.getTime());
    expect(await results(gone.monitorId)).toHaveLength(0);
    const [dropped] = await t.db.rows<{ applied: boolean }>(
      'SELECT applied_at IS NOT NULL AS applied FROM heartbeat_pings WHERE monitor_id = $1',
      [gone.monitorId],
    );
    expect(dropped.applied).toBe(true);
  });
});
