import { CheckResultPartitions } from '../../backend/src/check-results/check-result-partitions';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';

const DAY = 86_400_000;

describe(CheckResultPartitions.name, () => {
  let t: TestApp;
  let sut: CheckResultPartitions;

  beforeAll(async () => {
    t = await createTestApp();
    sut = new CheckResultPartitions(t.db);
  });

  afterAll(() => t.close());

  async function insertResult(workspaceId: string, at: Date, region = 'fly-ams'): Promise<void> {
    await t.db.manager.query(
      `INSERT INTO check_results (cron_timestamp, workspace_id, monitor_id, kind, region, trigger, status, latency, timestamp)
       VALUES ($1, $2, 1, 'http', $3, 'cron', 'success', 12, $1)`,
      [at, workspaceId, region],
    );
  }

  const count = async (): Promise<number> => {
    const rows: Array<{ n: string }> = await t.db.manager.query('SELECT count(*) AS n FROM check_results');
    return Number(rows[0].n);
  };

  it('creates one partition per UTC day, idempotently', async () => {
    const from = new Date('2026-03-01T12:00:00Z');
    expect(await sut.ensure(from, 3)).toEqual([
      'check_results_p20260301',
      'check_results_p20260302',
      'check_results_p20260303',
    ]);
    expect(await sut.ensure(from, 3)).toEqual([]);
  });

  it('routes rows by day and refuses a day without a partition', async () => {
    const ctx = await newWorkspace(t);
    await insertResult(ctx.workspace.id, new Date('2026-03-01T23:59:59.999Z'));
    await insertResult(ctx.workspace.id, new Date('2026-03-02T00:00:00Z'));
    const rows: Array<{ p: string; n: string }> = await t.db.manager.query(
      `SELECT tableoid::regclass::text AS p, count(*) AS n FROM check_results GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { p: 'check_results_p20260301', n: '1' },
      { p: 'check_results_p20260302', n: '1' },
    ]);
    await expect(insertResult(ctx.workspace.id, new Date('2030-01-01T00:00:00Z'))).rejects.toThrow(/no partition/);
  });

  it('makes pushes idempotent: one row per monitor, region, trigger and cron time', async () => {
    const ctx = await newWorkspace(t);
    const at = new Date('2026-03-03T10:00:00Z');
    await insertResult(ctx.workspace.id, at, 'fly-fra');
    await expect(insertResult(ctx.workspace.id, at, 'fly-fra')).rejects.toThrow(
      /duplicate key value violates unique constraint/,
    );
  });

  it('drops whole days past the cutoff and keeps the rest', async () => {
    const before = await count();
    const dropped = await sut.dropOlderThan(new Date('2026-03-02T00:00:00Z'));
    expect(dropped).toEqual(['check_results_p20260301']);
    expect(await sut.list()).toEqual(['check_results_p20260302', 'check_results_p20260303']);
    expect(await count()).toBe(before - 1);
  });

  it('maintains the fourteen days of retention and a week ahead', async () => {
    const now = new Date('2026-03-20T08:00:00Z');
    const retention = t.app.get(RetentionService);
    const result = await retention.maintain(now);
    expect(result.dropped).toEqual(['check_results_p20260302', 'check_results_p20260303']);
    const names = await sut.list();
    expect(names[0]).toBe('check_results_p20260306');
    expect(names.at(-1)).toBe('check_results_p20260327');
    expect(names).toHaveLength(22);
    expect(new Date('2026-03-27T00:00:00Z').getTime() - now.getTime()).toBeGreaterThan(6 * DAY);
    await expect(retention.maintain(now)).resolves.toEqual({ created: [], dropped: [] });
  });

  it('forgets check triggers that ran before the retention window, and no others', async () => {
    const { workspace: ws } = await newWorkspace(t);
    const [monitor] = await t.db.rows<{ id: string }>(
      `INSERT INTO monitors (workspace_id, kind, name, url, periodicity, regions)
       VALUES ($1, 'http', 'm', 'http://127.0.0.1:9/', '1m', '{fly-ams}') RETURNING id::text AS id`,
      [ws.id],
    );
    const trigger = (requested: string, done: string | null) =>
      t.db.manager.query(
        `INSERT INTO check_triggers (monitor_id, location, workspace_id, requested_at, done_at)
         VALUES ($1, 'fly-ams', $2, $3, $4)`,
        [monitor.id, ws.id, requested, done],
      );
    await trigger('2026-03-01T00:00:00Z', '2026-03-01T00:00:05Z'); // ran 19 days before: forgotten
    await trigger('2026-03-10T00:00:00Z', '2026-03-10T00:00:05Z'); // ran 10 days before: kept
    await trigger('2026-03-01T00:00:00Z', null); // never ran: kept for its agent
    await t.app.get(RetentionService).maintain(new Date('2026-03-20T08:00:00Z'));
    const left = await t.db.rows<{ requested_at: Date; done_at: Date | null }>(
      'SELECT requested_at, done_at FROM check_triggers WHERE monitor_id = $1 ORDER BY id',
      [monitor.id],
    );
    expect(left.map((row) => [row.requested_at.toISOString(), row.done_at?.toISOString() ?? null])).toEqual([
      ['2026-03-10T00:00:00.000Z', '2026-03-10T00:00:05.000Z'],
      ['2026-03-01T00:00:00.000Z', null],
    ]);
  });
});
