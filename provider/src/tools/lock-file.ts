// The dependency lock entry (.terraform.lock.hcl) that `terraform init` writes for the plugin
// `npm run provider:install` installs. The CDKTF examples carry it (examples/cdktf/.terraform.lock.hcl)
// and write it beside every stack they synthesize: `cdktf deploy` and `cdktn deploy` run
// `terraform providers lock` when a stack has no lock file, and that command asks the provider's origin
// host, never the local mirror, so it fails offline. With the entry in place they skip it.
// `node provider/dist/tools/lock-file.js` prints the entry, to refresh the examples' copy after the
// launcher or the version changed (test/provider/cdktf-examples.test.ts fails until then).
import { createHash } from 'node:crypto';
import { PROVIDER_SOURCE, PROVIDER_TYPE, PROVIDER_VERSION } from '../address';
import { launcherScript } from './install';

/** The constraint of the canonical `required_providers` block and of the CDKTF provider class. */
export const PROVIDER_CONSTRAINT = '~> 0.1';

/**
 * terraform's `h1:` hash of the installed package (the dirhash "Hash1" of its folder, which holds the
 * launcher alone). The launcher's text depends only on the provider's version, so the hash is the
 * same on every machine and platform.
 */
export function launcherHash(): string {
  const file = `terraform-provider-${PROVIDER_TYPE}_v${PROVIDER_VERSION}`;
  const line = `${createHash('sha256').update(launcherScript()).digest('hex')}  ${file}\n`;
  return `h1:${createHash('sha256').update(line).digest('base64')}`;
}

/** The lock file, byte for byte as `terraform init` writes it for a configuration of this provider alone. */
export function lockFileText(): string {
  return `# This file is maintained automatically by "terraform init".
# Manual edits may be lost in future updates.

provider "${PROVIDER_SOURCE}" {
  version     = "${PROVIDER_VERSION}"
  constraints = "${PROVIDER_CONSTRAINT}"
  hashes = [
    "${launcherHash()}",
  ]
}
`;
}

if (require.main === module) process.stdout.write(lockFileText());
