// The CDKTF command-line tools (cdktf-cli 0.21, cdktn-cli 0.24) run as a user runs them: from a folder
// laid out like a fresh clone (no cdktf.out, no lock file, no .terraform), with the network cut off.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { ROOT } from './terraform';

/**
 * No traffic leaves the machine: terraform, npm and anything else that honours the proxy variables
 * goes to a closed loopback port, so a step that needs the network fails at once instead of reaching
 * out. Loopback (the service) is exempt.
 */
export const OFFLINE_ENV: NodeJS.ProcessEnv = {
  HTTPS_PROXY: 'http://127.0.0.1:9',
  HTTP_PROXY: 'http://127.0.0.1:9',
  https_proxy: 'http://127.0.0.1:9',
  http_proxy: 'http://127.0.0.1:9',
  NO_PROXY: '127.0.0.1,localhost,::1',
  no_proxy: '127.0.0.1,localhost,::1',
  npm_config_offline: 'true',
};

/** The clone's top level by symlink, with a copy of examples/ as committed: nothing synthesized or built. */
export function cloneLike(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cdk-clone-'));
  for (const entry of readdirSync(ROOT)) {
    if (entry === 'examples' || entry === '.git') continue;
    symlinkSync(join(ROOT, entry), join(dir, entry));
  }
  cpSync(join(ROOT, 'examples'), join(dir, 'examples'), {
    recursive: true,
    filter: (source) => !/[/\\](dist|cdktf\.out|\.terraform|\.gen)([/\\]|$)/.test(source),
  });
  return dir;
}

/** The fenced code block that follows `<!-- readme-test: name -->` in README.md. */
export function readmeBlock(name: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const marker = readme.indexOf(`<!-- readme-test: ${name} -->`);
  if (marker < 0) throw new Error(`README.md has no <!-- readme-test: ${name} --> marker`);
  const block = /```[a-z]*\n([\s\S]*?)\n```/.exec(readme.slice(marker));
  if (!block?.[1]) throw new Error(`no code block after the readme-test marker ${name}`);
  return block[1];
}

export interface Run {
  code: number | null;
  output: string;
}

/** Runs a command to its end (or kills it after timeoutMs); stdout and stderr interleaved in `output`. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 240_000,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A bash script run with `set -euo pipefail`, as a user pastes it. */
export function bash(script: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<Run> {
  return run('bash', ['-c', `set -euo pipefail\n${script}`], cwd, env, timeoutMs);
}

function nodeMajor(node: string): number {
  const probe = spawnSync(node, ['--version'], { encoding: 'utf8' });
  const match = /^v(\d+)\./.exec(probe.stdout ?? '');
  return match ? Number(match[1]) : 0;
}

/**
 * A Node.js of at least `major`: the one running the tests, else the project's own (node_modules/.bin),
 * else one on the PATH. None is a failure that says so: a test that needs it must not pass without it.
 */
export function nodeAtLeast(major: number, why: string): string {
  const candidates = [
    process.execPath,
    join(ROOT, 'node_modules', '.bin', 'node'),
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node')),
  ];
  const checked: string[] = [];
  for (const node of candidates) {
    if (!existsSync(node)) continue;
    const found = nodeMajor(node);
    if (found >= major) return node;
    checked.push(`${node} (${found || 'unknown'})`);
  }
  throw new Error(`${why} needs Node.js ${major} or newer; found only ${checked.join(', ')}`);
}

/** PATH with `node`'s folder first, so that `npx`, `npm` and the CLIs' `node` are that Node.js. */
export function pathWith(node: string): string {
  return [dirname(node), process.env.PATH ?? ''].join(delimiter);
}

/**
 * The lock file for the built provider (provider/dist, what `npm run provider:install` installs), as
 * the command the examples' README gives for refreshing their copy prints it.
 */
export function builtLockFileText(): string {
  return execFileSync(process.execPath, [join(ROOT, 'provider', 'dist', 'tools', 'lock-file.js')], {
    encoding: 'utf8',
  });
}
