// Daily partitions of check_results: created ahead of time, dropped whole when they age out of
// retention. Dropping a partition is a metadata operation; rows are never deleted one by one.
import type { Database } from '../database/database';

const DAY_MS = 86_400_000;
const PARENT = 'check_results';
const NAME = /^check_results_p(\d{4})(\d{2})(\d{2})$/;

function dayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

function partitionName(dayMs: number): string {
  return `${PARENT}_p${new Date(dayMs).toISOString().slice(0, 10).replace(/-/g, '')}`;
}

export class CheckResultPartitions {
  constructor(private readonly db: Database) {}

  /** Names of the existing daily partitions, oldest first. */
  async list(): Promise<string[]> {
    const rows: Array<{ name: string }> = await this.db.manager.query(
      `SELECT c.relname AS name FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid
         JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = $1
        ORDER BY c.relname`,
      [PARENT],
    );
    return rows.map((r) => r.name);
  }

  /** Makes sure a partition exists for every UTC day from `from` for `days` days. */
  async ensure(from: Date, days: number): Promise<string[]> {
    const created: string[] = [];
    const existing = new Set(await this.list());
    for (let i = 0; i < days; i++) {
      const start = dayStart(from.getTime()) + i * DAY_MS;
      const name = partitionName(start);
      if (existing.has(name)) continue;
      await this.db.manager.query(
        `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "${PARENT}"
           FOR VALUES FROM ('${new Date(start).toISOString()}') TO ('${new Date(start + DAY_MS).toISOString()}')`,
      );
      created.push(name);
    }
    return created;
  }

  /** Drops every partition whose whole day ends at or before `cutoff`. */
  async dropOlderThan(cutoff: Date): Promise<string[]> {
    const dropped: string[] = [];
    for (const name of await this.list()) {
      const match = NAME.exec(name);
      if (!match) continue;
      const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
      if (start + DAY_MS > cutoff.getTime()) continue;
      await this.db.manager.query(`DROP TABLE "${name}"`);
      dropped.push(name);
    }
    return dropped;
  }

  /**
   * The routine maintenance: partitions for the whole retention window (agents may push results late,
   * after losing the API for a while) and a week ahead; older ones dropped.
   */
  async maintain(now: Date, retentionDays: number): Promise<{ created: string[]; dropped: string[] }> {
    const oldest = dayStart(now.getTime()) - retentionDays * DAY_MS;
    const created = await this.ensure(new Date(oldest), retentionDays + 8);
    const dropped = await this.dropOlderThan(new Date(oldest));
    return { created, dropped };
  }
}
