// Handing out work through the database: no double runs across agents, leases that expire when an
// agent dies (soon, when it renewed them), idempotent reports, results taken only for runs handed to
// the agent, triggers and their limits, and schedules that follow the monitor.
import { AgentPresenceService } from '../../backend/src/agent-presence/agent-presence.service';
import {
  CheckWorkService,
  LEASE_MARGIN_MS,
  RENEWED_LEASE_MS,
  type AgentIdentity,
  type ReportedResult,
  type WorkItem,
} from '../../backend/src/checker/check-work.service';
import type { AppConfig } from '../../backend/src/config/config';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { emptyResult } from '../../backend/src/checker/probe';
import { NOT_HANDED, ResultIngestService } from '../../backend/src/check-results/result-ingest';
import { SchedulesRepository } from '../../backend/src/schedules/schedules.repository';
import { privateLocation } from '../../backend/src/schedules/slots';
import { TRIGGER_COOLDOWN_MS } from '../../backend/src/schedules/trigger-limits';
import type { ServiceContext } from '../../backend/src/common/context';
import { LimitExceededError } from '../../backend/src/common/errors';
import { CheckTriggerEntity } from '../../backend/src/schedules/monitor-schedule.entity';
import { MonitorEntity } from '../../backend/src/monitors/monitor.entity';
import { MonitorsRepository } from '../../backend/src/monitors/monitors.repository';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { PrivateLocationsRepository } from '../../backend/src/private-locations/private-locations.repository';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';

describe(CheckWorkService.name, () => {
  let t: TestApp;
  let sut: CheckWorkService;
  let monitors: MonitorsService;

  beforeAll(async () => {
    t = await createTestApp();
    sut = new CheckWorkService(
      t.app.get(ResultIngestService),
      t.app.get(SchedulesRepository),
      t.app.get(MonitorsRepository),
      t.app.get(PrivateLocationsRepository),
      t.app.get<AppConfig>(APP_CONFIG),
      t.app.get(AgentPresenceService),
    );
    monitors = t.app.get(MonitorsService);
    await t.app.get(RetentionService).maintain(new Date());
  });

  afterAll(() => t.close());

  const agent = (name: string, locations = ['fly-ams', 'fly-iad']): AgentIdentity => ({
    agentId: name,
    locations,
    privateLocationId: null,
  });
  const makeDue = (monitorId: string) =>
    t.db.manager.query(`UPDATE monitor_schedules SET next_run_at = now() - interval '1 second' WHERE monitor_id = $1`, [
      monitorId,
    ]);
  const resultFor = (item: WorkItem, status: 'success' | 'error' = 'success'): ReportedResult => ({
    run: item.run,
    outcome: { ...emptyResult(), status, latencyMs: 12, statusCode: 200, attempts: 1 },
    startedAt: new Date(),
  });
  const stored = async (monitorId: string): Promise<Array<{ region: string; trigger: string; status: string }>> =>
    t.db.manager.query(
      'SELECT region, trigger, status FROM check_results WHERE monitor_id = $1 ORDER BY region, trigger',
      [monitorId],
    );

  async function activeMonitor(regions = ['fly-ams', 'fly-iad'], periodicity: '1m' | '5m' = '1m') {
    const ctx = await newWorkspace(t);
    const monitor = await monitors.create(ctx, 'http', {
      name: 'loopback',
      url: 'http://127.0.0.1:9/',
      periodicity,
      regions: regions as never,
      active: true,
    });
    return { ctx, monitor };
  }

  it('plans one row per region for an active monitor, none for an inactive one', async () => {
    const { ctx, monitor } = await activeMonitor();
    const schedules = t.app.get(SchedulesRepository);
    const plan = await schedules.plan(monitor.id);
    expect(plan.map((p) => p.location)).toEqual(['fly-ams', 'fly-iad']);
    expect(plan.every((p) => p.periodMs === 60_000 && p.nextRunAt.getTime() >= Date.now() - 1000)).toBe(true);
    expect(new Set(plan.map((p) => p.nextRunAt.getTime())).size).toBe(1);
    await monitors.update(ctx, 'http', monitor.id, { regions: ['fly-ams', 'koyeb-par'] });
    expect((await schedules.plan(monitor.id)).map((p) => p.location)).toEqual(['fly-ams', 'koyeb-par']);
    await monitors.update(ctx, 'http', monitor.id, { active: false });
    expect(await schedules.plan(monitor.id)).toEqual([]);
    await monitors.update(ctx, 'http', monitor.id, { active: true });
    expect(await schedules.plan(monitor.id)).toHaveLength(2);
    await monitors.delete(ctx, monitor.id);
    expect(await schedules.plan(monitor.id)).toEqual([]);
  });

  it('gives each due run to exactly one of two agents claiming at once', async () => {
    const monitorsMade = await Promise.all([activeMonitor(), activeMonitor(), activeMonitor()]);
    for (const { monitor } of monitorsMade) await makeDue(monitor.id);
    const ids = new Set(monitorsMade.map((m) => m.monitor.id));
    const [a, b] = await Promise.all([sut.claim(agent('agent-a'), 100, 0), sut.claim(agent('agent-b'), 100, 0)]);
    const mine = (items: WorkItem[]) =>
      items.filter((i) => ids.has(i.run.monitorId)).map((i) => `${i.run.monitorId}/${i.run.location}`);
    const claimedA = mine(a);
    const claimedB = mine(b);
    expect(claimedA.filter((k) => claimedB.includes(k))).toEqual([]);
    expect(claimedA.length + claimedB.length).toBe(6);
    expect(mine(await sut.claim(agent('agent-c'), 100, 0))).toEqual([]);
  });

  it('serves only the locations an agent asks for', async () => {
    const { monitor } = await activeMonitor(['fly-ams', 'koyeb-tyo']);
    await makeDue(monitor.id);
    const items = (await sut.claim(agent('tokyo', ['koyeb-tyo']), 100, 0)).filter(
      (i) => i.run.monitorId === monitor.id,
    );
    expect(items.map((i) => i.run.location)).toEqual(['koyeb-tyo']);
    expect(items[0].monitor).toMatchObject({ id: monitor.id, url: 'http://127.0.0.1:9/', kind: 'http' });
  });

  it('stores a result once, moves the schedule to the next slot and updates the status', async () => {
    const { ctx, monitor } = await activeMonitor();
    await makeDue(monitor.id);
    const items = (await sut.claim(agent('a'), 100, 0)).filter((i) => i.run.monitorId === monitor.id);
    expect(items).toHaveLength(2);
    const results = [resultFor(items[0]), resultFor(items[1], 'error')];
    expect(await sut.report(agent('a'), results)).toEqual({ stored: 2, duplicates: 0, rejected: 0, errors: [] });
    expect(await sut.report(agent('a'), results)).toEqual({ stored: 0, duplicates: 2, rejected: 0, errors: [] });
    expect(await stored(monitor.id)).toHaveLength(2);
    const plan = await t.app.get(SchedulesRepository).plan(monitor.id);
    for (const row of plan) {
      expect(row.leaseOwner).toBeNull();
      expect(row.nextRunAt.getTime()).toBe(items[0].run.cronTimestamp.getTime() + 60_000);
    }
    expect(await sut.claim(agent('a'), 100, 0).then((i) => i.filter((x) => x.run.monitorId === monitor.id))).toEqual(
      [],
    );
    const status = await monitors.status(ctx, monitor.id);
    expect(status.regions.map((r) => r.status).sort()).toEqual(['active', 'error']);
    expect((await t.db.repo(MonitorEntity).findOneByOrFail({ id: monitor.id })).status).toBe('degraded');
  });

  it('lets another agent take over the runs of one that died, without double counting', async () => {
    // A 5-minute period: the lease (timeout + 15 s) runs out while the slot is still the current one.
    const { monitor } = await activeMonitor(['fly-ams'], '5m');
    await makeDue(monitor.id);
    const [dead] = (await sut.claim(agent('dies'), 100, 0)).filter((i) => i.run.monitorId === monitor.id);
    expect(dead).toBeDefined();
    expect((await sut.claim(agent('waits'), 100, 0)).filter((i) => i.run.monitorId === monitor.id)).toEqual([]);
    const afterLease = new Date(Date.now() + 60_000 + 20_000);
    const [taken] = (await sut.claim(agent('takes-over'), 100, 0, afterLease)).filter(
      (i) => i.run.monitorId === monitor.id,
    );
    expect(taken.run.cronTimestamp.getTime()).toBe(dead.run.cronTimestamp.getTime());
    await sut.report(agent('takes-over'), [resultFor(taken)]);
    // The first agent was only slow, not dead: its late report changes nothing.
    expect(await sut.report(agent('dies'), [resultFor(dead)])).toEqual({
      stored: 0,
      duplicates: 1,
      rejected: 0,
      errors: [],
    });
    expect(await stored(monitor.id)).toEqual([{ region: 'fly-ams', trigger: 'cron', status: 'success' }]);
  });

  it('skips missed slots instead of replaying them', async () => {
    const { monitor } = await activeMonitor(['fly-ams']);
    await t.db.manager.query(
      `UPDATE monitor_schedules SET next_run_at = now() - interval '10 minutes' WHERE monitor_id = $1`,
      [monitor.id],
    );
    const [item] = (await sut.claim(agent('late'), 100, 0)).filter((i) => i.run.monitorId === monitor.id);
    expect(Date.now() - item.run.cronTimestamp.getTime()).toBeLessThan(60_000);
  });

  it('runs a trigger once in every region, as trigger api', async () => {
    const { ctx, monitor } = await activeMonitor();
    await monitors.trigger(ctx, monitor.id);
    // Only the triggered runs: the monitor's first scheduled slot may come due meanwhile.
    const items = (await sut.claim(agent('a'), 100, 0)).filter(
      (i) => i.run.monitorId === monitor.id && i.run.trigger === 'api',
    );
    expect(items.map((i) => [i.run.location, i.run.trigger]).sort()).toEqual([
      ['fly-ams', 'api'],
      ['fly-iad', 'api'],
    ]);
    await sut.report(
      agent('a'),
      items.map((i) => resultFor(i)),
    );
    expect(
      (await sut.claim(agent('a'), 100, 0)).filter((i) => i.run.monitorId === monitor.id && i.run.trigger === 'api'),
    ).toEqual([]);
    expect((await stored(monitor.id)).filter((r) => r.trigger === 'api')).toHaveLength(2);
  });

  it('refuses results for locations the agent does not serve', async () => {
    const { monitor } = await activeMonitor(['fly-ams']);
    await makeDue(monitor.id);
    const [item] = (await sut.claim(agent('a'), 100, 0)).filter((i) => i.run.monitorId === monitor.id);
    expect(await sut.report(agent('intruder', ['koyeb-par']), [resultFor(item)])).toEqual({
      stored: 0,
      duplicates: 0,
      rejected: 1,
      errors: [{ index: 0, message: NOT_HANDED }],
    });
    expect(await stored(monitor.id)).toEqual([]);
  });

  describe('leases renewed while a check runs', () => {
    const at = (from: Date, ms: number) => new Date(from.getTime() + ms);
    const claimFor = async (name: string, monitorId: string, now: Date, renews = false) =>
      (await sut.claim(agent(name, ['fly-ams']), 100, 0, now, renews)).filter((i) => i.run.monitorId === monitorId);

    it('passes the run of an agent that died to another within the renewed lease, not the check budget', async () => {
      // A 5-minute period and the default 45 s timeout: the slot is still current when the lease ends.
      const { monitor } = await activeMonitor(['fly-ams'], '5m');
      await makeDue(monitor.id);
      const claimedAt = new Date();
      const [held] = await claimFor('dies', monitor.id, claimedAt, true);
      expect(held).toBeDefined();
      // The agent dies: it renews nothing. Until the lease ends, nobody else gets the run ...
      expect(await claimFor('waits', monitor.id, at(claimedAt, RENEWED_LEASE_MS - 1000))).toEqual([]);
      // ... and then it does, long before the 60 s (45 s budget + 15 s margin) an unrenewed lease lasts.
      const [taken] = await claimFor('takes-over', monitor.id, at(claimedAt, RENEWED_LEASE_MS + 1000));
      expect(taken.run.cronTimestamp.getTime()).toBe(held.run.cronTimestamp.getTime());
      expect(RENEWED_LEASE_MS + 1000).toBeLessThan(45_000 + LEASE_MARGIN_MS);
    });

    it('keeps the run with its agent while the agent renews, and only its own agent can renew it', async () => {
      const { monitor } = await activeMonitor(['fly-ams'], '5m');
      await makeDue(monitor.id);
      const claimedAt = new Date();
      const [held] = await claimFor('renews', monitor.id, claimedAt, true);
      const run = {
        monitorId: held.run.monitorId,
        location: held.run.location,
        trigger: held.run.trigger,
        triggerId: held.run.triggerId,
      };
      expect(await sut.renew(agent('intruder', ['fly-ams']), [run], at(claimedAt, 20_000))).toBe(0);
      expect(await sut.renew(agent('renews', ['fly-iad']), [run], at(claimedAt, 20_000))).toBe(0);
      expect(await sut.renew(agent('renews', ['fly-ams']), [run], at(claimedAt, 20_000))).toBe(1);
      // Renewed at +20 s: held until +50 s, past the first lease's end (+30 s).
      expect(await claimFor('waits', monitor.id, at(claimedAt, 20_000 + RENEWED_LEASE_MS - 1000))).toEqual([]);
      // A renewal never shortens a lease.
      expect(await sut.renew(agent('renews', ['fly-ams']), [run], at(claimedAt, 5_000))).toBe(1);
      expect(await claimFor('waits', monitor.id, at(claimedAt, 20_000 + RENEWED_LEASE_MS - 1000))).toEqual([]);
      const [taken] = await claimFor('takes-over', monitor.id, at(claimedAt, 20_000 + RENEWED_LEASE_MS + 1000));
      expect(taken).toBeDefined();
      // The first agent lost the run: its renewals no longer hold it.
      expect(await sut.renew(agent('renews', ['fly-ams']), [run], at(claimedAt, 55_000))).toBe(0);
    });

    it('renews the lease of a triggered run too', async () => {
      const { ctx, monitor } = await activeMonitor(['fly-ams']);
      await monitors.trigger(ctx, monitor.id);
      const claimedAt = new Date();
      const [held] = (await claimFor('renews', monitor.id, claimedAt, true)).filter((i) => i.run.trigger === 'api');
      const run = {
        monitorId: monitor.id,
        location: 'fly-ams',
        trigger: 'api' as const,
        triggerId: held.run.triggerId,
      };
      expect(await sut.renew(agent('renews', ['fly-ams']), [run], at(claimedAt, 20_000))).toBe(1);
      const api = async (now: Date) =>
        (await claimFor('other', monitor.id, now)).filter((i) => i.run.trigger === 'api');
      expect(await api(at(claimedAt, 20_000 + RENEWED_LEASE_MS - 1000))).toEqual([]);
      expect(await api(at(claimedAt, 20_000 + RENEWED_LEASE_MS + 1000))).toHaveLength(1);
    });
  });

  describe('only runs handed to the agent', () => {
    const cronResult = (monitorId: string, location: string, periodMs = 60_000): ReportedResult => ({
      run: { monitorId, location, trigger: 'cron', triggerId: null, cronTimestamp: new Date(), periodMs },
      outcome: { ...emptyResult(), status: 'error', latencyMs: 5, statusCode: 500, attempts: 1 },
      startedAt: new Date(),
    });
    const traces = async (monitorId: string) => ({
      results: await stored(monitorId),
      statuses: await t.db.rows('SELECT region, status FROM monitor_region_statuses WHERE monitor_id = $1', [
        monitorId,
      ]),
      aggregates: await t.db.rows('SELECT region FROM check_aggregates WHERE monitor_id = $1', [monitorId]),
      status: (await t.db.repo(MonitorEntity).findOneByOrFail({ id: monitorId })).status,
    });

    async function privateLocationWith(ctx: ServiceContext, monitorIds: string[]) {
      const location = await t.app.get(PrivateLocationsService).create(ctx, { name: 'rack', monitorIds });
      const identity: AgentIdentity = {
        agentId: `pl${location.id}-agent`,
        locations: [privateLocation(location.id)],
        privateLocationId: location.id,
      };
      return { location, identity, here: privateLocation(location.id) };
    }

    it("lets a private location's agent report its own monitors, and nothing else of any workspace", async () => {
      const { ctx, monitor: assigned } = await activeMonitor(['fly-ams']);
      const unassigned = await monitors.create(ctx, 'http', {
        name: 'u',
        url: 'http://127.0.0.1:9/',
        periodicity: '1m',
      });
      const { monitor: foreign } = await activeMonitor(['fly-ams']);
      const { identity, here } = await privateLocationWith(ctx, [assigned.id]);
      const before = await traces(foreign.id);

      const answer = await sut.report(identity, [
        cronResult(assigned.id, here),
        cronResult(unassigned.id, here),
        cronResult(foreign.id, here),
        cronResult('987654321012', here),
        cronResult(foreign.id, 'fly-ams'),
      ]);
      expect(answer).toEqual({
        stored: 1,
        duplicates: 0,
        rejected: 4,
        errors: [1, 2, 3, 4].map((index) => ({ index, message: NOT_HANDED })),
      });
      expect(await stored(assigned.id)).toEqual([{ region: here, trigger: 'cron', status: 'error' }]);
      expect(await stored(unassigned.id)).toEqual([]);
      // The other workspace's monitor: no result, no status row, no aggregate, status unchanged.
      expect(await traces(foreign.id)).toEqual(before);
    });

    it('answers a foreign monitor exactly as a monitor that does not exist', async () => {
      const { ctx, monitor: own } = await activeMonitor(['fly-ams']);
      const { monitor: foreign } = await activeMonitor(['fly-ams']);
      const { identity, here } = await privateLocationWith(ctx, [own.id]);
      const unknownId = String(BigInt(foreign.id) + 1_000_000n);
      expect(await sut.report(identity, [cronResult(foreign.id, here)])).toEqual(
        await sut.report(identity, [cronResult(unknownId, here)]),
      );
      expect(await traces(foreign.id)).toEqual({ results: [], statuses: [], aggregates: [], status: 'unknown' });
    });

    it('takes nothing from a location whose monitor was moved elsewhere or deleted', async () => {
      const { ctx, monitor } = await activeMonitor(['fly-ams']);
      const { location, identity, here } = await privateLocationWith(ctx, [monitor.id]);
      await t.app.get(PrivateLocationsService).update(ctx, location.id, {}, ['monitorIds']);
      expect(await sut.report(identity, [cronResult(monitor.id, here)])).toMatchObject({ stored: 0, rejected: 1 });
      const other = await monitors.create(ctx, 'http', {
        name: 'gone',
        url: 'http://127.0.0.1:9/',
        periodicity: '1m',
        regions: ['fly-ams'],
      });
      await monitors.delete(ctx, other.id);
      expect(await sut.report(agent('a', ['fly-ams']), [cronResult(other.id, 'fly-ams')])).toMatchObject({
        stored: 0,
        rejected: 1,
      });
    });

    it('lets a public-region agent report only regions the monitor runs in', async () => {
      const { monitor } = await activeMonitor(['fly-ams']);
      const answer = await sut.report(agent('regions', ['fly-ams', 'fly-iad']), [
        cronResult(monitor.id, 'fly-iad'),
        cronResult(monitor.id, 'fly-ams'),
      ]);
      expect(answer).toEqual({ stored: 1, duplicates: 0, rejected: 1, errors: [{ index: 0, message: NOT_HANDED }] });
      expect(await t.db.rows('SELECT region FROM monitor_region_statuses WHERE monitor_id = $1', [monitor.id])).toEqual(
        [{ region: 'fly-ams' }],
      );
    });

    it('closes only the trigger a triggered result belongs to', async () => {
      const { monitor: mine } = await activeMonitor(['fly-ams']);
      const { ctx: theirs, monitor: victim } = await activeMonitor(['fly-ams']);
      await monitors.trigger(theirs, victim.id);
      const [trigger] = await t.db.rows<{ id: string; requested_at: Date }>(
        'SELECT id::text AS id, requested_at FROM check_triggers WHERE monitor_id = $1',
        [victim.id],
      );
      const forged: ReportedResult = {
        ...cronResult(mine.id, 'fly-ams'),
        run: {
          monitorId: mine.id,
          location: 'fly-ams',
          trigger: 'api',
          triggerId: trigger.id,
          cronTimestamp: new Date(trigger.requested_at),
          periodMs: 0,
        },
      };
      expect(await sut.report(agent('a', ['fly-ams']), [forged])).toMatchObject({ stored: 0, rejected: 1 });
      expect(
        await t.db.rows('SELECT done_at FROM check_triggers WHERE id = $1', [trigger.id]).then((r) => r[0]),
      ).toEqual({ done_at: null });
      expect(await stored(mine.id)).toEqual([]);
    });

    it('moves the schedule by its own period, whatever period the result claims', async () => {
      const { monitor } = await activeMonitor(['fly-ams']);
      await makeDue(monitor.id);
      const [item] = (await sut.claim(agent('a', ['fly-ams']), 100, 0)).filter((i) => i.run.monitorId === monitor.id);
      const result = resultFor(item);
      await sut.report(agent('a', ['fly-ams']), [{ ...result, run: { ...result.run, periodMs: 86_400_000 } }]);
      const [row] = await t.app.get(SchedulesRepository).plan(monitor.id);
      expect(row.nextRunAt.getTime()).toBe(item.run.cronTimestamp.getTime() + 60_000);
    });
  });

  describe('trigger limits', () => {
    it('refuses a trigger inside the cooldown, saying when to retry, and queues no second pending run', async () => {
      const schedules = t.app.get(SchedulesRepository);
      const { monitor } = await activeMonitor(['fly-ams', 'fly-iad']);
      const entity = await t.db.repo(MonitorEntity).findOneByOrFail({ id: monitor.id });
      const first = new Date();
      const later = (ms: number) => new Date(first.getTime() + ms);
      expect(await schedules.requestTrigger(entity, ['fly-ams', 'fly-iad'], first)).toBe(2);
      await expect(schedules.requestTrigger(entity, ['fly-ams', 'fly-iad'], later(3_500))).rejects.toThrow(
        new LimitExceededError(`monitor "${monitor.id}" was triggered less than 10 s ago; retry in 7 s`),
      );
      expect(TRIGGER_COOLDOWN_MS).toBe(10_000);
      // fly-ams ran its triggered check; fly-iad's is still pending, so only fly-ams gets a new one.
      await t.db.manager.query(
        `UPDATE check_triggers SET done_at = $2 WHERE monitor_id = $1 AND location = 'fly-ams'`,
        [monitor.id, later(1_000)],
      );
      expect(await schedules.requestTrigger(entity, ['fly-ams', 'fly-iad'], later(TRIGGER_COOLDOWN_MS))).toBe(1);
      const pending = await t.db.rows<{ location: string; n: string }>(
        `SELECT location, count(*)::text AS n FROM check_triggers WHERE monitor_id = $1 AND done_at IS NULL
          GROUP BY location ORDER BY location`,
        [monitor.id],
      );
      expect(pending).toEqual([
        { location: 'fly-ams', n: '1' },
        { location: 'fly-iad', n: '1' },
      ]);
    });

    it('lets only one of two simultaneous triggers through', async () => {
      const schedules = t.app.get(SchedulesRepository);
      const { monitor } = await activeMonitor(['fly-ams']);
      const entity = await t.db.repo(MonitorEntity).findOneByOrFail({ id: monitor.id });
      const now = new Date();
      const outcomes = await Promise.allSettled([
        schedules.requestTrigger(entity, ['fly-ams'], now),
        schedules.requestTrigger(entity, ['fly-ams'], now),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await t.db.repo(CheckTriggerEntity).countBy({ monitorId: monitor.id })).toBe(1);
    });
  });

  it('summarizes from hourly aggregates within 1 % of the exact percentiles', async () => {
    const { ctx, monitor } = await activeMonitor(['fly-ams', 'fly-iad']);
    const results: ReportedResult[] = [];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 600; i++) {
      const at = new Date(Date.now() - (i + 1) * 90_000);
      const latency = Math.round(random() < 0.9 ? 30 + random() * 100 : 800 + random() * 3000);
      const status = i % 50 === 0 ? 'error' : latency > 1000 ? 'degraded' : 'success';
      results.push({
        run: {
          monitorId: monitor.id,
          location: i % 2 ? 'fly-ams' : 'fly-iad',
          trigger: 'cron',
          triggerId: null,
          cronTimestamp: at,
          periodMs: 60_000,
        },
        outcome: { ...emptyResult(), status, latencyMs: latency, attempts: 1 },
        startedAt: at,
      });
    }
    expect(await sut.report(agent('bulk'), results)).toMatchObject({ stored: 600 });
    const summary = await monitors.summary(ctx, monitor.id, '1d');
    const [exact] = await t.db.rows<Record<string, string>>(
      `SELECT count(*) FILTER (WHERE status = 'success') AS s, count(*) FILTER (WHERE status = 'degraded') AS d,
              count(*) FILTER (WHERE status = 'error') AS e,
              percentile_disc(0.5) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p50,
              percentile_disc(0.95) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p95,
              percentile_disc(0.99) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p99
         FROM check_results WHERE monitor_id = $1 AND cron_timestamp >= date_trunc('hour', now() - interval '1 day')`,
      [monitor.id],
    );
    expect([summary.totalSuccessful, summary.totalDegraded, summary.totalFailed]).toEqual([
      Number(exact.s),
      Number(exact.d),
      Number(exact.e),
    ]);
    for (const q of ['p50', 'p95', 'p99'] as const) {
      expect(Math.abs(summary[q] - Number(exact[q]))).toBeLessThanOrEqual(Number(exact[q]) * 0.01 + 0.5);
    }
  });

  it('keeps 7-day summaries exact when a late result lands on a past day after a summary was read', async () => {
    const { ctx, monitor } = await activeMonitor(['fly-ams']);
    const result = (at: Date, latencyMs: number): ReportedResult => ({
      run: {
        monitorId: monitor.id,
        location: 'fly-ams',
        trigger: 'cron',
        triggerId: null,
        cronTimestamp: at,
        periodMs: 60_000,
      },
      outcome: { ...emptyResult(), status: 'success', latencyMs, attempts: 1 },
      startedAt: at,
    });
    const day = 86_400_000;
    const early = Array.from({ length: 200 }, (_, i) =>
      result(new Date(Date.now() - 3 * day - i * 60_000), 40 + (i % 20)),
    );
    expect(await sut.report(agent('early'), early)).toMatchObject({ stored: 200 });
    const before = await monitors.summary(ctx, monitor.id, '7d');
    expect(before).toMatchObject({ totalSuccessful: 200, totalFailed: 0 });
    expect(before.p99).toBeLessThan(100);
    // 20 slow results for two days ago arrive late (an agent that was cut off delivers its buffer).
    const late = Array.from({ length: 20 }, (_, i) => result(new Date(Date.now() - 2 * day - i * 60_000), 5000 + i));
    expect(await sut.report(agent('late'), late)).toMatchObject({ stored: 20 });
    const after = await monitors.summary(ctx, monitor.id, '7d');
    expect(after.totalSuccessful).toBe(220);
    expect(after.p99).toBeGreaterThan(4900);
    // Latencies below 100 ms are kept exactly: the median moves from the 100th to the 110th value.
    expect([before.p50, after.p50]).toEqual([49, 50]);
  });
});
