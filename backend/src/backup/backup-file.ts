// The backup file on disk: records written as gzip'ed JSON lines (backup-format.ts), and read back
// as the same records, streaming both ways.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import {
  BackupFormatError,
  headerLine,
  parseHeader,
  parseLine,
  recordLines,
  type BackupHeader,
  type BackupRecord,
} from './backup-format';

/** Rows per record when reading a file: the loader batches its INSERTs on its own. */
const READ_ROWS = 2000;

/**
 * Writes the header and records to `file`, created with mode 0600 (the file holds every row, sealed
 * secrets included): `exclusive` refuses a file that exists. Answers the bytes written.
 */
export async function writeBackupFile(
  file: string,
  header: BackupHeader,
  records: AsyncIterable<BackupRecord>,
  exclusive: boolean,
): Promise<number> {
  const out = createWriteStream(file, { flags: exclusive ? 'wx' : 'w', mode: 0o600 });
  await once(out, 'open');
  const gzip = createGzip();
  gzip.pipe(out);
  const finished = once(out, 'close');
  const write = async (text: string) => {
    if (!gzip.write(`${text}\n`)) await once(gzip, 'drain');
  };
  try {
    await write(headerLine(header));
    for await (const record of records) await write(recordLines(record));
    gzip.end();
    await finished;
  } catch (error) {
    gzip.destroy();
    out.destroy();
    throw error;
  }
  return out.bytesWritten;
}

export interface BackupFileReader {
  header: BackupHeader;
  records: AsyncGenerator<BackupRecord>;
  close(): void;
}

/** Opens a backup file and reads its header; `records` streams the rest. */
export async function openBackupFile(file: string): Promise<BackupFileReader> {
  const input = createReadStream(file);
  await once(input, 'open');
  const gunzip = createGunzip();
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  // A file that is not gzip (or is cut inside the gzip stream) fails the reading with a clear message.
  const failed = new Promise<never>((_, reject) => {
    gunzip.once('error', (error) =>
      reject(new BackupFormatError(`the backup file cannot be read as gzip: ${error.message}`)),
    );
  });
  failed.catch(() => undefined);
  const iterator = lines[Symbol.asyncIterator]();
  const next = () => Promise.race([iterator.next(), failed]);
  const first = await next();
  const header = parseHeader(first.done ? undefined : first.value);
  async function* records(): AsyncGenerator<BackupRecord> {
    let rows: string[] = [];
    for (;;) {
      const line = await next();
      if (line.done) break;
      if (!line.value) continue;
      const parsed = parseLine(line.value);
      if ('row' in parsed) {
        rows.push(parsed.row);
        if (rows.length >= READ_ROWS) {
          yield { kind: 'rows', rows };
          rows = [];
        }
        continue;
      }
      if (rows.length) {
        yield { kind: 'rows', rows };
        rows = [];
      }
      yield parsed;
    }
    if (rows.length) yield { kind: 'rows', rows };
  }
  return {
    header,
    records: records(),
    close: () => {
      lines.close();
      input.destroy();
    },
  };
}
