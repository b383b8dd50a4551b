// Puts the provider's lock file (.terraform.lock.hcl, beside this file) in every synthesized stack's
// folder. `cdktf deploy` and `cdktn deploy` run `terraform providers lock` for a stack that has no lock
// file yet; that command asks the provider's origin host (uptime.local), never the local mirror where
// `npm run provider:install` put the plugin, and so fails offline. With the lock file in place they
// skip it, and `terraform init` checks the installed plugin against the hash the file records.
// Imports nothing of cdktf or cdktn, so a stack moved to cdktn keeps it as it is.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const LOCK_FILE = '.terraform.lock.hcl';

/**
 * The lock file the examples carry: the nearest one from this module's folder up (examples/cdktf, also
 * when this module runs compiled from a dist/ folder below it).
 */
export function carriedLockFile(from = __dirname): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const file = join(dir, LOCK_FILE);
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) throw new Error(`no ${LOCK_FILE} in ${from} or above it`);
  }
}

/**
 * Copies the lock file into the folder of every stack that `app.synth()` wrote under outdir (the app's
 * `outdir`; cdktf.out by default) and returns those folders. Call it after `app.synth()`.
 */
export function writeProviderLocks(outdir: string, lockFile = carriedLockFile()): string[] {
  const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as {
    stacks: Record<string, { workingDirectory: string }>;
  };
  return Object.values(manifest.stacks).map(({ workingDirectory }) => {
    const folder = join(outdir, workingDirectory);
    copyFileSync(lockFile, join(folder, LOCK_FILE));
    return folder;
  });
}
