// Reads a whole database as backup records, inside one REPEATABLE READ READ ONLY transaction: every
// table is read from the same snapshot, so a backup taken while the server writes results and alerts
// is consistent (an alert delivery never without its transition). Rows come through a cursor in
// batches, so memory stays flat whatever the size of check_results.
//
// On the embedded database the transaction holds PGlite's one session: the server's own queries wait
// until the backup is done (see pglite-wire-server.ts), so the cursor is read without pauses.
import type { Client } from 'pg';
import type { BackupHeader, BackupRecord, SequenceState } from './backup-format';
import { BACKUP_VERSION, ident } from './backup-format';
import { appliedMigrations, applicationTables, columnsOf, partitionsOf, sequencesOf } from './catalog';

/** Rows per FETCH: large enough to amortize the round trip, small enough to keep memory flat. */
const FETCH_ROWS = 5000;

export interface Snapshot {
  header: BackupHeader;
  records: AsyncGenerator<BackupRecord>;
}

/**
 * Opens the snapshot (the transaction starts now) and answers its header; `records` then yields the
 * tables, their rows, the sequences and the end, and commits the read-only transaction when done.
 * A caller that stops early ends the connection, and with it the transaction.
 */
export async function openSnapshot(client: Client, keyCheck: string): Promise<Snapshot> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    // UTC timestamps in the dump and in partition bounds, whatever the server's TimeZone.
    await client.query(`SET LOCAL TimeZone = 'UTC'`);
    const [{ version }] = (await client.query<{ version: string }>('SELECT version() AS version')).rows;
    const tables = await applicationTables(client);
    const header: BackupHeader = {
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source: { kind: version.includes('PGlite') ? 'embedded' : 'postgresql', version },
      migrations: await appliedMigrations(client),
      keyCheck,
      tables: tables.map((t) => t.name),
    };
    return { header, records: readRecords(client, tables) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function* readRecords(
  client: Client,
  tables: Array<{ oid: number; name: string }>,
): AsyncGenerator<BackupRecord> {
  let done = false;
  try {
    let total = 0;
    for (const { oid, name } of tables) {
      const columns = await columnsOf(client, oid);
      const partitions = await partitionsOf(client, oid);
      yield { kind: 'table', table: { name, columns, partitions } };
      // to_json of the whole row: PostgreSQL's exact text of every value, parsed by nobody until restore.
      await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_json(t)::text AS j FROM ${ident(name)} t`);
      let count = 0;
      for (;;) {
        const batch = await client.query<{ j: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
        if (batch.rows.length) {
          count += batch.rows.length;
          yield { kind: 'rows', rows: batch.rows.map((r) => r.j) };
        }
        if (batch.rows.length < FETCH_ROWS) break;
      }
      await client.query('CLOSE backup_rows');
      total += count;
      yield { kind: 'end-table', name, rows: count };
    }
    const sequences: SequenceState[] = [];
    for (const sequence of await sequencesOf(client)) {
      // Sequences are outside the snapshot: their value may be ahead of the rows read, never behind.
      const state = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text AS last_value, is_called FROM ${ident(sequence.name)}`,
      );
      sequences.push({ ...sequence, lastValue: state.rows[0].last_value, isCalled: state.rows[0].is_called });
    }
    yield { kind: 'sequences', sequences };
    await client.query('COMMIT');
    done = true;
    yield { kind: 'end', tables: tables.length, rows: total };
  } finally {
    if (!done) await client.query('ROLLBACK').catch(() => undefined);
  }
}
