// Tests that pass without running, as CI meets them: jest runs the fixture files under
// test/fixtures/skips in a process of its own, as `npm test` runs a test file, and .ci/summarize
// reads its --json output, as .ci/run does after each pass.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DELIBERATE_SKIP_MARK } from '../support/skips';

const ROOT = join(__dirname, '..', '..');

interface JestRun {
  code: number | null;
  output: string;
  json: string;
  result: { numPassedTests: number; numPendingTests: number; numFailedTestSuites: number };
}

describe('skipped tests under CI', () => {
  let work: string;
  let noTools: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'skips-'));
    // A PATH with a shell and nothing else: no chromium, ping or terraform on it.
    noTools = join(work, 'bin');
    mkdirSync(noTools);
    symlinkSync('/bin/sh', join(noTools, 'sh'));
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  function jest(fixture: string, env: { CI?: string; PATH?: string }): JestRun {
    const json = join(work, `${fixture}.${Date.now()}.json`);
    const config = {
      rootDir: ROOT,
      roots: ['<rootDir>/test/fixtures/skips'],
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': ['@swc/jest'] },
      testMatch: [`<rootDir>/test/fixtures/skips/${fixture}`],
    };
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    delete childEnv.JEST_WORKER_ID;
    if (env.CI === undefined) delete childEnv.CI;
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--config',
        JSON.stringify(config),
        '--json',
        '--outputFile',
        json,
      ],
      { cwd: ROOT, env: childEnv, encoding: 'utf8', timeout: 50_000 },
    );
    return {
      code: run.status,
      output: `${run.stdout}${run.stderr}`,
      json,
      result: JSON.parse(readFileSync(json, 'utf8')) as JestRun['result'],
    };
  }

  function summarize(json: string): { code: number | null; stdout: string; stderr: string } {
    const run = spawnSync(join(ROOT, '.ci', 'summarize'), [json, 'fixture'], { cwd: ROOT, encoding: 'utf8' });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  }

  it('fails a test file whose tool is missing when CI=true, naming what to install', () => {
    const run = jest('missing-chromium.fixture.ts', { CI: 'true', PATH: noTools });
    expect(run.code).toBe(1);
    expect(run.result.numFailedTestSuites).toBe(1);
    expect(run.output).toContain('need chromium, which is missing: apt-get install chromium');
  });

  it('skips it loudly on a developer machine, and CI fails such a run all the same', () => {
    const run = jest('missing-chromium.fixture.ts', { PATH: noTools });
    expect(run.code).toBe(0);
    expect(run.result).toMatchObject({ numPassedTests: 1, numPendingTests: 1 });
    expect(run.output).toContain('*** SKIP: the tests of "a page in Chromium" need chromium, which is missing');

    const summary = summarize(run.json);
    expect(summary.code).toBe(1);
    expect(summary.stdout).toBe('fixture: 1 passed, 0 failed, 1 skipped\n');
    expect(summary.stderr).toContain('a page in Chromium [skipped: chromium is missing] > renders (pending)');
  });

  it('fails a run with a skip not listed in test/support/skips.ts, and names only that one', () => {
    const run = jest('skipped.fixture.ts', {});
    expect(run.code).toBe(0);
    expect(run.result).toMatchObject({ numPassedTests: 1, numPendingTests: 2 });

    const summary = summarize(run.json);
    expect(summary.code).toBe(1);
    expect(summary.stderr).toContain('1 skipped without a reason listed in test/support/skips.ts');
    expect(summary.stderr).toContain('a test file with skips > is skipped with no reason (pending)');
    expect(summary.stderr).not.toContain(DELIBERATE_SKIP_MARK);
  });
});
