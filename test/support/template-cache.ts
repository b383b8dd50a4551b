// A file built once and then shared by every process that needs it: the PGlite template of
// test/support/database.ts, which the jest workers of one run (and runs in other clones on the same
// machine) all ask for at once on a cold cache.
//
// Two rules keep a worker from ever failing because of another one:
// - a file is written under a name of its own and renamed into place, so a reader sees all of it or
//   nothing, and nobody removes a file another live process is still writing;
// - one process at a time builds, holding a lock file created with O_EXCL (`wx`) that records its pid;
//   the others wait for it and then read what it wrote. A lock whose process has died is taken over.
// Only this module imports nothing of the project: test/integration/template-cache.test.ts runs it in
// several processes at once.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

export interface CachedFileOptions {
  /** The folder shared by the processes (created when missing). */
  folder: string;
  /** The file's name, which changes whenever its content would (a digest of its inputs). */
  name: string;
  /** Other files whose name starts with this are older versions, removed when a new one is written. */
  stalePrefix: string;
  /** Makes the content; called by one process at a time, and only while the file is missing. */
  build: () => Promise<Uint8Array>;
  /** How long to wait for another process's build before failing (default 5 minutes). */
  waitMs?: number;
}

const LOCK_SUFFIX = '.lock';
const PARTIAL_SUFFIX = '.tmp';

/** The file's content: read when some process already built it, otherwise built here, once. */
export async function cachedFile(options: CachedFileOptions): Promise<Buffer> {
  const { folder, name } = options;
  const file = join(folder, name);
  const existing = readIfPresent(file);
  if (existing) return existing;

  mkdirSync(folder, { recursive: true });
  const lock = `${file}${LOCK_SUFFIX}`;
  const token = `${process.pid} ${randomBytes(8).toString('hex')}`;
  const deadline = Date.now() + (options.waitMs ?? 300_000);
  while (!tryLock(lock, token)) {
    // Another process is building it: its rename ends the wait as surely as its unlock does.
    const built = readIfPresent(file);
    if (built) return built;
    takeOverIfAbandoned(lock);
    if (Date.now() > deadline) {
      throw new Error(`waited ${options.waitMs ?? 300_000} ms for ${lock} (held by ${readLockHolder(lock)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    // Built by the holder we waited for, between our last look and our lock.
    const built = readIfPresent(file);
    if (built) return built;
    const content = Buffer.from(await options.build());
    removeOlderVersions(options);
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}${PARTIAL_SUFFIX}`;
    writeFileSync(partial, content);
    renameSync(partial, file);
    return content;
  } finally {
    // Ours unless a waiter judged us dead (a paused process): then the lock is no longer ours to remove.
    if (readLockHolder(lock) === token) rmSync(lock, { force: true });
  }
}

function readIfPresent(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Creates the lock file if nobody holds it (O_EXCL), with our pid and a token of this attempt. */
function tryLock(lock: string, token: string): boolean {
  let fd: number;
  try {
    fd = openSync(lock, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, token);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLockHolder(lock: string): string | null {
  try {
    return readFileSync(lock, 'utf8');
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists and belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a lock or partial file names, if it names one. */
function pidOf(text: string): number | null {
  const pid = Number(text);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Removes a lock whose process has died (a worker killed mid-build). Two waiters may judge the same
 * dead lock at once: the lock is moved aside first and put back if what was moved is not the lock
 * that was judged, so a waiter never removes the fresh lock of the one that took over before it.
 */
function takeOverIfAbandoned(lock: string): void {
  const holder = readLockHolder(lock);
  // An empty lock is one being written this instant (open, then write): never abandoned.
  const pid = holder ? pidOf(holder.split(' ')[0]) : null;
  if (pid === null || alive(pid)) return;
  const aside = `${lock}.${process.pid}.${randomBytes(4).toString('hex')}.abandoned`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // taken over, or released, by someone else meanwhile
  }
  if (readLockHolder(aside) !== holder) {
    try {
      linkSync(aside, lock);
    } catch {
      // A third process locked meanwhile; the one we moved builds alongside it, which costs time only.
    }
  }
  rmSync(aside, { force: true });
}

/** Removes older versions, never a file another live process is writing or a lock it holds. */
function removeOlderVersions({ folder, name, stalePrefix }: CachedFileOptions): void {
  for (const entry of readdirSync(folder)) {
    if (!entry.startsWith(stalePrefix) || entry === name) continue;
    const path = join(folder, entry);
    if (entry.endsWith(LOCK_SUFFIX)) {
      const holder = readLockHolder(path);
      const pid = holder ? pidOf(holder.split(' ')[0]) : null;
      if (pid !== null && !alive(pid)) rmSync(path, { force: true });
      continue;
    }
    if (entry.endsWith(PARTIAL_SUFFIX) || entry.endsWith('.abandoned')) {
      // <name>.<pid>.<random>.tmp (or .abandoned): the writer's pid is the third field from the end.
      const pid = pidOf(entry.split('.').at(-3) ?? '');
      if (pid !== null && alive(pid)) continue;
    }
    rmSync(path, { force: true });
  }
}
