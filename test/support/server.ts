// Runs the real built server (backend/dist/main.js) as a child process, as a user would.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
export const MAIN = join(ROOT, 'backend', 'dist', 'main.js');
export const CLI = join(ROOT, 'backend', 'dist', 'cli', 'cli.js');

export interface RunningServer {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'info',
    PORT: '0',
    // Many servers run at once: none takes the dashboard's default port (3001) unless a test asks.
    DASHBOARD_PORT: 'off',
    ...extra,
  };
  return env;
}

export async function startServer(env: Record<string, string>, timeoutMs = 60000): Promise<RunningServer> {
  const child = spawn(process.execPath, [MAIN], { env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs} ms\n${out}\n${err}`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of out.split('\n')) {
        if (!line.includes('"listening"')) continue;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening\n${out}\n${err}`));
    });
  });
  // The server writes its first-start banner on stderr just before the "listening" line on stdout; the
  // two pipes are read in whichever order this process polls them, so give stderr's read its turn.
  await new Promise((resolve) => setImmediate(resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Starts the server expecting it to fail; returns its exit code and stderr. */
export function runServerToFailure(env: Record<string, string>): { code: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [MAIN], { env: baseEnv(env), encoding: 'utf8', timeout: 60000 });
  return { code: result.status, stderr: result.stderr };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  lastLine: string;
}

export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: baseEnv({ LOG_LEVEL: 'warn', ...env }) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => {
      const lines = stdout.trimEnd().split('\n');
      resolve({ code, stdout, stderr, lastLine: lines[lines.length - 1] ?? '' });
    });
  });
}

export function bannerKey(stderr: string): string {
  const match = /SERVICE_API_KEY=(svc_\S+)/.exec(stderr);
  if (!match) throw new Error(`no first-run key in:\n${stderr}`);
  return match[1];
}
