// The embedded database: PGlite persisted under DATA_DIR, served on a loopback port by
// PgliteWireServer so the application talks to it with the ordinary `pg` driver.
//
// One data folder is only ever opened by one process. The process that opens it holds
// DATA_DIR/embedded-db.lock and publishes its port in DATA_DIR/embedded-db.json; any other process
// (the command line while the server runs) connects to that port instead of opening the folder.
// A server that finds the command line holding the folder waits for it to finish.
//
// The port is reachable by every local user, so the wire server requires a password: a fresh random
// one each time a process opens the folder, published with the port in embedded-db.json. Only the
// service's own user can read it: the data folder is 0700 and everything in it 0600 (PGlite's initdb
// writes its files 0666, and PostgreSQL's relcache file follows the umask, so the owner tightens the
// tree on every start and keeps a 0077 umask while it runs).
import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PgliteWireServer, type PgliteWireServerOptions } from './pglite-wire-server';

export type EmbeddedRole = 'server' | 'cli' | 'test';

export interface EmbeddedDatabase {
  /** postgres:// URL of the wire server. */
  url: string;
  /** True when this process opened the data folder and serves it. */
  owner: boolean;
  close(): Promise<void>;
}

interface OwnerInfo {
  pid: number;
  role: EmbeddedRole;
  port: number;
  /** The wire server's password for this run of the owner. */
  password: string;
}

/** Wire-server limits; tests shorten them. */
export type EmbeddedWireOptions = Omit<PgliteWireServerOptions, 'password'>;

const LOCK = 'embedded-db.lock';
const INFO = 'embedded-db.json';
const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

function urlFor(port: number, password: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

const newPassword = (): string => randomBytes(24).toString('base64url');

/** Makes the data folder 0700 and everything under it 0600 (files) or 0700 (folders). */
export function tightenDataDir(dataDir: string): void {
  const walk = (path: string): void => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    try {
      if ((stat.mode & 0o777) !== wanted) chmodSync(path, wanted);
    } catch (error) {
      // A data folder that belongs to another user (a shared mount): its owner chose its mode.
      if (path !== dataDir || (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dataDir);
}

/** Writes a file only the owner can read, atomically (a reader never sees half of it). */
function writePrivateFile(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, content, { mode: PRIVATE_FILE, flag: 'wx' });
  renameSync(temporary, file);
}

/** Files this process creates from now on are private, whatever PostgreSQL or PGlite ask for. */
function restrictUmask(): void {
  try {
    const previous = process.umask(0o077);
    process.umask(previous | 0o077);
  } catch {
    // Worker threads cannot change the umask; tightenDataDir still fixes the files at every start.
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface EphemeralDatabase extends EmbeddedDatabase {
  /** The whole database as a tarball, for `loadDataDir` of another ephemeral database. */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Starts PGlite in memory (nothing persisted), served on a loopback port. For tests and tools.
 * `loadDataDir` starts it from a dump of another one instead of an empty cluster (much faster than initdb).
 */
export async function startEphemeralDatabase(
  wireOptions: EmbeddedWireOptions = {},
  loadDataDir?: Blob,
): Promise<EphemeralDatabase> {
  const db = await PGlite.create(loadDataDir ? { loadDataDir } : {});
  const password = newPassword();
  const wire = new PgliteWireServer(db, { ...wireOptions, password });
  const address = await wire.listen({ port: 0 });
  return {
    url: urlFor(address.port, password),
    owner: true,
    dumpDataDir: () => db.dumpDataDir('none'),
    close: async () => {
      await wire.close();
      await db.close();
    },
  };
}

export interface OpenEmbeddedOptions {
  dataDir: string;
  role: EmbeddedRole;
  /** Port for the wire server when this process opens the folder; 0 picks a free one. */
  port?: number;
  /** How long to wait for another process to publish its port or release the folder. */
  waitMs?: number;
  log?: (message: string) => void;
  wire?: EmbeddedWireOptions;
}

/** Opens the data folder, or connects to the process that already has it open. */
export async function openEmbeddedDatabase(options: OpenEmbeddedOptions): Promise<EmbeddedDatabase> {
  const { dataDir, role } = options;
  const waitMs = options.waitMs ?? 60000;
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  const lockFile = join(dataDir, LOCK);
  const infoFile = join(dataDir, INFO);
  const deadline = Date.now() + waitMs;
  let announcedWait = false;

  for (;;) {
    try {
      writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx', mode: PRIVATE_FILE });
      return await serve(options, lockFile, infoFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const ownerPid = Number(readFileSync(lockFile, 'utf8').trim());
    if (!Number.isInteger(ownerPid) || ownerPid <= 0 || !alive(ownerPid)) {
      // A process that died without cleaning up; PGlite recovers the folder like a crashed server.
      rmSync(lockFile, { force: true });
      rmSync(infoFile, { force: true });
      continue;
    }
    const info = readJson<OwnerInfo>(infoFile);
    if (info && info.pid === ownerPid) {
      if (info.role === 'server' && role === 'server') {
        throw new Error(
          `Another server (pid ${ownerPid}) is already using the data folder ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
        );
      }
      if (role !== 'server' && typeof info.password !== 'string') {
        throw new Error(
          `The process (pid ${ownerPid}) using ${dataDir} is an older version without a database password. Restart it.`,
        );
      }
      if (role !== 'server' && (await canConnect(info.port))) {
        return { url: urlFor(info.port, info.password), owner: false, close: async () => undefined };
      }
      if (role === 'server' && !announcedWait) {
        options.log?.(`Waiting for the command line (pid ${ownerPid}) to release ${dataDir}`);
        announcedWait = true;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for pid ${ownerPid}, which holds the embedded database in ${dataDir}`);
    }
    await sleep(100);
  }
}

async function serve(options: OpenEmbeddedOptions, lockFile: string, infoFile: string): Promise<EmbeddedDatabase> {
  let db: PGlite | null = null;
  let wire: PgliteWireServer | null = null;
  try {
    restrictUmask();
    // Before PGlite writes anything: nobody else can even list the folder, and old loose files are fixed.
    tightenDataDir(options.dataDir);
    const pgdata = join(options.dataDir, 'pgdata');
    db = await PGlite.create(pgdata);
    // A fresh pgdata comes out of initdb 0666.
    tightenDataDir(options.dataDir);
    const password = newPassword();
    wire = new PgliteWireServer(db, { ...options.wire, password });
    const address = await wire.listen({ port: options.port ?? 0 });
    const info: OwnerInfo = { pid: process.pid, role: options.role, port: address.port, password };
    writePrivateFile(infoFile, JSON.stringify(info));
    const openDb = db;
    const openWire = wire;
    let closed = false;
    return {
      url: urlFor(address.port, password),
      owner: true,
      close: async () => {
        if (closed) return;
        closed = true;
        await openWire.close();
        await openDb.close();
        if (readJson<OwnerInfo>(infoFile)?.pid === process.pid) rmSync(infoFile, { force: true });
        if (existsSync(lockFile) && readFileSync(lockFile, 'utf8').trim() === String(process.pid)) {
          rmSync(lockFile, { force: true });
        }
      },
    };
  } catch (error) {
    await wire?.close();
    await db?.close().catch(() => undefined);
    rmSync(lockFile, { force: true });
    throw error;
  }
}
