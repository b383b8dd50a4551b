// Whether this machine can run the `ping` program that ICMP checks use (checker/probes/icmp.probe.ts).
// A fresh machine or container often lacks it, or may not let it open an ICMP socket; then every
// ICMP check fails, so the server says so at start and in /ready rather than only in check results.
import { spawn } from 'node:child_process';

/** The hint a new user needs, shared by the log line and /ready. */
export const PING_INSTALL_HINT = 'Debian/Ubuntu: apt-get install iputils-ping';

/**
 * Sends one echo request to the loopback address, as the probe would, and answers null when it
 * succeeds, else why `ping` cannot run. The default lookup is the probe's own: `ping` on the
 * process's PATH (a test starts the server with a PATH that lacks it).
 */
export function pingProblem(command = 'ping', env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, ['-n', '-c', '1', '-W', '1', '127.0.0.1'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'ENOENT'
          ? `the ping program is not installed (${PING_INSTALL_HINT})`
          : `the ping program cannot run: ${error.message}`,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) return resolve(null);
      const line = output.trim().split('\n').pop() || `exit code ${code}`;
      resolve(`the ping program cannot run: ${line}`);
    });
  });
}
