// The README's RPC examples, run exactly as a new user would: each block is read from README.md at
// test time (found by its `<!-- readme-test: NAME -->` marker), so a broken snippet fails here.
// The curl block runs in bash against the real built server; the client block is saved as
// client.mjs in a folder whose node_modules is the clone's, run with node, and type-checked as an
// ES module TypeScript file (module nodenext, strict).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ts from 'typescript';
import { bannerKey, startServer, type RunningServer } from '../support/server';

const ROOT = join(__dirname, '..', '..');

/** The fenced code block that follows `<!-- readme-test: name` in README.md. */
function readmeBlock(name: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const marker = readme.indexOf(`<!-- readme-test: ${name}`);
  if (marker < 0) throw new Error(`README.md has no <!-- readme-test: ${name} --> marker`);
  const block = /```[a-z]*\n([\s\S]*?)\n```/.exec(readme.slice(marker));
  if (!block) throw new Error(`no code block after the readme-test marker ${name}`);
  return block[1];
}

/** A folder laid out like the clone's root: the snippet's imports resolve through its node_modules. */
function cloneLikeFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-readme-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

describe('README: the RPC API examples', () => {
  let server: RunningServer;
  let key: string;

  beforeAll(async () => {
    // No embedded checker: the examples' monitors point at real public hosts.
    server = await startServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-readme-data-')),
      CHECKER_EMBEDDED: 'false',
    });
    key = bannerKey(server.stderr());
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('runs the curl block: creates an active monitor and reads it back', () => {
    const script = readmeBlock('rpc-curl');
    expect(script).toContain('http://localhost:3000/rpc/');
    const withServer = script.replaceAll('http://localhost:3000', server.baseUrl);
    const run = spawnSync('bash', ['-c', `set -euo pipefail\n${withServer}`], {
      env: { PATH: process.env.PATH, SERVICE_API_KEY: key },
      // stdin not a socket: bash would otherwise read ~/.bashrc as if started over ssh.
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Two Connect JSON answers, back to back on stdout.
    const answers = JSON.parse(`[${run.stdout.replace(/}\s*{/g, '},{')}]`) as Array<{
      monitor: Record<string, unknown> & { http?: Record<string, unknown> };
    }>;
    expect(answers).toHaveLength(2);
    expect(answers[0].monitor).toMatchObject({ id: '1', name: 'Homepage', active: true });
    expect(answers[1].monitor.http).toMatchObject({ id: '1', name: 'Homepage', url: 'https://example.com' });
  });

  it('runs the TypeScript/JavaScript client block as client.mjs with node', () => {
    const dir = cloneLikeFolder();
    writeFileSync(join(dir, 'client.mjs'), readmeBlock('rpc-client'));
    const run = spawnSync(process.execPath, ['client.mjs'], {
      cwd: dir,
      env: { PATH: process.env.PATH, SERVICE_API_KEY: key, BASE_URL: server.baseUrl },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Created inactive, as the README says next to the first example.
    expect(run.stdout).toMatch(/^created monitor \d+ \(active: false\)\n$/);
  });

  it('type-checks the client block as an ES module TypeScript file', () => {
    const dir = cloneLikeFolder();
    const file = join(dir, 'client.mts');
    writeFileSync(file, readmeBlock('rpc-client'));
    const program = ts.createProgram([file], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });
});
