// The test harness's shared template (test/support/template-cache.ts) as jest's workers meet it on a
// cold cache: several processes ask for it at the same moment. Before the lock and the private partial
// names, each built its own and removed the others' half-written files, and the worker whose file was
// removed failed every test of its test file.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { transformFileSync } from '@swc/core';
import { cachedFile } from '../support/template-cache';

const NAME = 'pglite-0123456789abcdef.tar';
// Large enough that writing it takes a while, so a worker removing another's file would catch it mid-write.
const SIZE = 48 * 1024 * 1024;
const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');
const expected = sha256(Buffer.alloc(SIZE, 'template '));

interface Outcome {
  code: number | null;
  built: boolean;
  sha: string;
  stderr: string;
}

describe(cachedFile.name, () => {
  let work: string;
  let compiled: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'template-cache-'));
    // The module as plain JavaScript, so other processes can run it as jest's workers do.
    compiled = join(work, 'template-cache.js');
    const { code } = transformFileSync(join(__dirname, '../support/template-cache.ts'), {
      swcrc: false,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    writeFileSync(compiled, code);
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A process that asks for the template when told to go, building it (slowly) if it must. */
  async function worker(folder: string): Promise<{ child: ChildProcess; outcome: Promise<Outcome> }> {
    const script = `
      const { createHash } = require('node:crypto');
      const { cachedFile } = require(${JSON.stringify(compiled)});
      let built = false;
      process.stdin.once('data', () => {
        cachedFile({
          folder: ${JSON.stringify(folder)},
          name: ${JSON.stringify(NAME)},
          stalePrefix: 'pglite-',
          waitMs: 60000,
          build: async () => {
            built = true;
            await new Promise((resolve) => setTimeout(resolve, 300));
            return Buffer.alloc(${SIZE}, 'template ');
          },
        }).then(
          (content) => {
            console.log(JSON.stringify({ built, sha: createHash('sha256').update(content).digest('hex') }));
            process.exit(0);
          },
          (error) => {
            console.error(error.stack);
            process.exit(1);
          },
        );
      });
      console.log('ready');
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.on('error', () => undefined); // a child that died early: its exit code tells
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines = createInterface({ input: child.stdout });
    const ready = once(lines, 'line');
    lines.on('line', (line) => (stdout += `${line}\n`));
    // 'close', not 'exit': by then all of its output has been read.
    const outcome = once(child, 'close').then(([code]) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      const parsed = last.startsWith('{') ? (JSON.parse(last) as { built: boolean; sha: string }) : null;
      return { code: code as number | null, built: parsed?.built ?? false, sha: parsed?.sha ?? '', stderr };
    });
    await ready;
    return { child, outcome };
  }

  it('is built once when three processes ask for it at the same moment on a cold cache, and each reads all of it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const folder = join(work, `cold-${round}`);
      // Older versions and a partial file of a process that died, as a cold cache after a migration has.
      mkdirSync(folder);
      writeFileSync(join(folder, 'pglite-fedcba9876543210.tar'), 'an older template');
      const workers = await Promise.all([worker(folder), worker(folder), worker(folder)]);
      for (const { child } of workers) child.stdin!.end('go\n');
      const outcomes = await Promise.all(workers.map((w) => w.outcome));

      expect(outcomes.map(({ code, stderr }) => ({ code, stderr }))).toEqual(
        outcomes.map(() => ({ code: 0, stderr: '' })),
      );
      expect(outcomes.map((o) => o.sha)).toEqual([expected, expected, expected]);
      expect(outcomes.filter((o) => o.built)).toHaveLength(1);
      // The template alone: no lock, no partial file, no older version.
      expect(readdirSync(folder)).toEqual([NAME]);
    }
  });

  it('takes over the lock of a process that died while building, and leaves a live process its partial file', async () => {
    const folder = join(work, 'abandoned');
    mkdirSync(folder);
    const dead = spawn(process.execPath, ['-e', '']);
    await once(dead, 'exit');
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(folder, `${NAME}.lock`), `${dead.pid} 0badc0ffee`);
      writeFileSync(join(folder, `${NAME}.${dead.pid}.dead.tmp`), 'half of a template');
      const partialOfLive = `pglite-fedcba9876543210.tar.${live.pid}.beef.tmp`;
      writeFileSync(join(folder, partialOfLive), 'a template another clone is writing');

      let builds = 0;
      const content = await cachedFile({
        folder,
        name: NAME,
        stalePrefix: 'pglite-',
        waitMs: 10_000,
        build: async () => {
          builds += 1;
          return Buffer.from('fresh template');
        },
      });

      expect({ content: content.toString(), builds }).toEqual({ content: 'fresh template', builds: 1 });
      expect(readdirSync(folder).sort()).toEqual([NAME, partialOfLive].sort());
    } finally {
      live.kill();
    }
  });
});
