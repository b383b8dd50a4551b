// The one handle on the database. Repositories ask it for a manager; inside `transaction()` they get
// the transaction's manager automatically (AsyncLocalStorage), so a service verb can wrap a mutation
// and its audit entry in one transaction without threading a manager through every call.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool } from 'pg';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';

export class Database {
  private readonly scope = new AsyncLocalStorage<EntityManager>();

  /**
   * `preparedStatements`: whether each pooled connection is a session of its own, so named prepared
   * statements may be kept per connection (PostgreSQL). The embedded PGlite serves every connection
   * from one session, where a name one connection prepared is taken for the others.
   */
  constructor(
    readonly dataSource: DataSource,
    private readonly options: { preparedStatements: boolean } = { preparedStatements: true },
  ) {}

  /** A handle on an initialized data source, which tells whether its server is the embedded PGlite. */
  static async over(dataSource: DataSource): Promise<Database> {
    const [{ version }] = await dataSource.query<Array<{ version: string }>>('SELECT version() AS version');
    return new Database(dataSource, { preparedStatements: !version.includes('PGlite') });
  }

  get manager(): EntityManager {
    return this.scope.getStore() ?? this.dataSource.manager;
  }

  repo<T extends ObjectLiteral>(entity: EntityTarget<T>): Repository<T> {
    return this.manager.getRepository(entity);
  }

  /** Runs fn in a transaction; nested calls join the outer one. */
  async transaction<T>(fn: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = this.scope.getStore();
    if (current) return fn(current);
    return this.dataSource.transaction((manager) => this.scope.run(manager, () => fn(manager)));
  }

  /**
   * Rows returned by a statement. TypeORM answers UPDATE and DELETE with [rows, count] and other
   * statements with rows; this always gives the rows (of RETURNING, for writes).
   */
  async rows<T>(sql: string, params: unknown[] = [], manager: EntityManager = this.manager): Promise<T[]> {
    const result: unknown = await manager.query(sql, params);
    if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
      return result[0] as T[];
    }
    return result as T[];
  }

  /**
   * Walks a table in keyset order, one transaction per batch: `step` gets the last id of the previous
   * batch ('0' at first) and the batch size, and answers the ids it read and how many rows it changed.
   * Stops after a short batch; answers the total changed.
   */
  async inBatches(
    size: number,
    step: (after: string, size: number) => Promise<{ ids: string[]; changed: number }>,
  ): Promise<number> {
    let after = '0';
    let changed = 0;
    for (;;) {
      const batch = await this.transaction(() => step(after, size));
      changed += batch.changed;
      if (batch.ids.length < size) return changed;
      after = batch.ids[batch.ids.length - 1]!;
    }
  }

  /**
   * Rows of a hot statement run as a named prepared statement: each pooled connection parses and
   * plans it once, then only binds and executes it (about half the cost of an unnamed statement of a
   * few rows). `name` identifies `sql` for the life of the process: one name, one text. Inside a
   * transaction, or on the embedded PGlite, it runs as an ordinary statement.
   */
  async preparedRows<T>(name: string, sql: string, params: unknown[]): Promise<T[]> {
    if (this.scope.getStore() || !this.options.preparedStatements) return this.rows<T>(sql, params);
    const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
    const result = await pool.query({ name, text: sql, values: params });
    return result.rows as T[];
  }

  /** Serializes work on one workspace until the transaction ends (plan limits under concurrency). */
  async lockWorkspace(workspaceId: string): Promise<void> {
    await this.manager.query('SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [workspaceId]);
  }

  /** Serializes a job across API nodes until the transaction ends (first run, retention). */
  async lockJob(key: number): Promise<void> {
    await this.manager.query('SELECT pg_advisory_xact_lock($1)', [key]);
  }

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  async pendingMigrations(): Promise<boolean> {
    return this.dataSource.showMigrations();
  }
}
