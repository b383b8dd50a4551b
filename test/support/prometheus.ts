// The real Prometheus tools from the Debian package `prometheus`: promtool to check an exposition with
// Prometheus's own parser and linter, and the server for end-to-end scrapes. A missing tool fails the
// test with one loud line; it is never skipped.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const PROMETHEUS_BIN = '/usr/bin/prometheus';
export const PROMTOOL_BIN = '/usr/bin/promtool';

/** Throws, loudly, when a tool of the Debian package `prometheus` is not installed. */
export function requireTool(path: string): string {
  if (!existsSync(path)) {
    const line = `MISSING TOOL: ${path} is not installed; install the Debian package \`prometheus\` (apt-get install prometheus)`;
    console.error(line);
    throw new Error(line);
  }
  return path;
}

/** `promtool check metrics` on an exposition: its exit code and what it printed (lint problems). */
export function promtoolCheck(exposition: string): { status: number | null; output: string } {
  const result = spawnSync(requireTool(PROMTOOL_BIN), ['check', 'metrics'], {
    input: exposition,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}
