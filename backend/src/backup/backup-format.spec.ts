import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  BackupFormatError,
  dependencyOrder,
  headerLine,
  keyCheck,
  keyMatches,
  migrationsProblem,
  parseHeader,
  parseLine,
  recordLines,
  withoutPassword,
  type BackupHeader,
  type BackupRecord,
} from './backup-format';
import { openBackupFile, writeBackupFile } from './backup-file';

const KEY = 'a-secret-key-that-is-long-enough-0123456789';

const header = (over: Partial<BackupHeader> = {}): BackupHeader => ({
  version: 1,
  createdAt: '2026-11-28T20:00:00.000Z',
  source: { kind: 'postgresql', version: 'PostgreSQL 15' },
  migrations: ['A1', 'B2'],
  keyCheck: keyCheck(KEY),
  tables: ['workspaces', 'monitors'],
  ...over,
});

async function* from(records: BackupRecord[]): AsyncGenerator<BackupRecord> {
  for (const record of records) yield record;
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe(dependencyOrder.name, () => {
  it('puts every table after the tables it references, ties by name', () => {
    const sut = dependencyOrder(
      ['monitors', 'alert_deliveries', 'workspaces', 'alert_transitions', 'users', 'memberships'],
      [
        { from: 'monitors', to: 'workspaces' },
        { from: 'alert_transitions', to: 'monitors' },
        { from: 'alert_deliveries', to: 'alert_transitions' },
        { from: 'memberships', to: 'users' },
        { from: 'memberships', to: 'workspaces' },
      ],
    );
    expect(sut).toEqual(['users', 'workspaces', 'memberships', 'monitors', 'alert_transitions', 'alert_deliveries']);
  });

  it('leaves a reference of a table to itself, and references to unknown tables, to the database', () => {
    const sut = dependencyOrder(
      ['b', 'a'],
      [
        { from: 'a', to: 'a' },
        { from: 'b', to: 'elsewhere' },
      ],
    );
    expect(sut).toEqual(['a', 'b']);
  });

  it('refuses a cycle, naming its tables', () => {
    expect(() =>
      dependencyOrder(
        ['a', 'b', 'c'],
        [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      ),
    ).toThrow('the foreign keys of these tables form a cycle: a, b');
  });
});

describe(migrationsProblem.name, () => {
  it('accepts the same migrations, and an older backup (a prefix of the build)', () => {
    expect(migrationsProblem(['A', 'B'], ['A', 'B'])).toBeNull();
    expect(migrationsProblem(['A'], ['A', 'B'])).toBeNull();
  });

  it('refuses migrations this build does not have, naming them', () => {
    expect(migrationsProblem(['A', 'B', 'C9'], ['A', 'B'])).toMatch(/newer version.*C9/);
  });

  it('refuses migrations out of order', () => {
    expect(migrationsProblem(['B', 'A'], ['A', 'B'])).toMatch(/do not match/);
  });
});

describe(keyCheck.name, () => {
  it('proves the key without containing it', () => {
    const sut = keyCheck(KEY);
    expect(sut).toBe(keyCheck(KEY));
    expect(sut).not.toContain(KEY);
    expect(keyMatches(KEY, sut)).toBe(true);
    expect(keyMatches(`${KEY}x`, sut)).toBe(false);
  });
});

describe(parseHeader.name, () => {
  it('reads back what headerLine wrote', () => {
    expect(parseHeader(headerLine(header()))).toEqual(header());
  });

  it('refuses another file, another version and an empty file', () => {
    expect(() => parseHeader('{"id":1}')).toThrow(BackupFormatError);
    expect(() => parseHeader('not json')).toThrow('not a backup of this service');
    expect(() => parseHeader(undefined)).toThrow('not a backup of this service');
    expect(() => parseHeader(headerLine(header({ version: 2 })))).toThrow('format version 2');
  });
});

describe(parseLine.name, () => {
  it('passes rows on as text and reads control records back', () => {
    expect(parseLine('{"id":9007199254740993}')).toEqual({ row: '{"id":9007199254740993}' });
    const records: BackupRecord[] = [
      { kind: 'table', table: { name: 't', columns: [{ name: 'id', type: 'bigint' }], partitions: [] } },
      { kind: 'end-table', name: 't', rows: 3 },
      { kind: 'sequences', sequences: [{ name: 's', table: 't', column: 'id', lastValue: '5', isCalled: true }] },
      { kind: 'end', tables: 1, rows: 3 },
    ];
    for (const record of records) expect(parseLine(recordLines(record))).toEqual(record);
  });

  it('refuses a damaged line', () => {
    expect(() => parseLine('["table"')).toThrow('damaged');
    expect(() => parseLine('["drop", {}]')).toThrow('unknown record');
  });
});

describe('backup file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'backup-format-'));
  const records: BackupRecord[] = [
    { kind: 'table', table: { name: 'workspaces', columns: [{ name: 'id', type: 'bigint' }], partitions: [] } },
    { kind: 'rows', rows: ['{"id":1}', '{"id":2,"note":"a\\nb"}'] },
    { kind: 'end-table', name: 'workspaces', rows: 2 },
    { kind: 'sequences', sequences: [] },
    { kind: 'end', tables: 1, rows: 2 },
  ];

  it('writes gzip JSON lines with mode 0600 and reads the same records back', async () => {
    const file = join(dir, 'one.backup');
    await writeBackupFile(file, header(), from(records), true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toHaveLength(7);
    const sut = await openBackupFile(file);
    expect(sut.header).toEqual(header());
    expect(await all(sut.records)).toEqual(records);
    sut.close();
  });

  it('refuses to write over a file unless told to', async () => {
    const file = join(dir, 'two.backup');
    writeFileSync(file, 'precious');
    await expect(writeBackupFile(file, header(), from(records), true)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8')).toBe('precious');
  });

  it('reports a file that is not gzip', async () => {
    const file = join(dir, 'three.backup');
    writeFileSync(file, 'plain text');
    await expect(openBackupFile(file)).rejects.toThrow('cannot be read as gzip');
  });

  it('reads a file cut short up to where it ends, without its end record', async () => {
    const file = join(dir, 'four.backup');
    const text = [headerLine(header()), ...records.slice(0, 2).map(recordLines)].join('\n');
    writeFileSync(file, gzipSync(text));
    const sut = await openBackupFile(file);
    const read = await all(sut.records);
    expect(read.some((r) => r.kind === 'end')).toBe(false);
    sut.close();
  });
});

describe(withoutPassword.name, () => {
  it('hides the password and keeps the rest', () => {
    expect(withoutPassword('postgres://svc:s3cret@db.internal:5432/uptime')).toBe(
      'postgres://svc:****@db.internal:5432/uptime',
    );
    expect(withoutPassword('postgres://svc@db/uptime')).toBe('postgres://svc@db/uptime');
  });
});
