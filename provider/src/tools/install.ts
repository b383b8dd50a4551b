// npm run provider:install: puts the plugin where terraform looks without a registry or any CLI
// configuration, the implicit local mirror
// ~/.terraform.d/plugins/<host>/<namespace>/<type>/<version>/<os>_<arch>/terraform-provider-<type>_v<version>.
// The plugin file is a bash launcher: it hands the launch to the provider daemon (started on first
// use, see daemon.ts) and falls back to running the plugin in its own process (main.js) when the
// daemon cannot be used or SERVICE_PROVIDER_DAEMON=0. Which Node.js and which build it runs are in
// ~/.terraform.d/service-provider/install, not in the launcher: terraform records the launcher's
// checksum in each configuration's lock file, so reinstalling with another Node.js or from a moved
// checkout must leave the launcher as it was.
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { PROVIDER_HOST, PROVIDER_NAMESPACE, PROVIDER_SOURCE, PROVIDER_TYPE, PROVIDER_VERSION } from '../address';
import { FORWARDED_ENV, MAGIC_COOKIE_VALUE } from '../plugin/session';

export function platform(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch === 'ia32' ? '386' : process.arch;
  return `${os}_${arch}`;
}

/** The installation's settings, beside the daemon's state: `<node>\n<dist>\n`. */
export const INSTALL_FILE = join('.terraform.d', 'service-provider', 'install');

/**
 * The launcher's text depends only on the provider's version, so reinstalling (after a rebuild, with
 * another Node.js, from another checkout) keeps the checksum terraform recorded in a configuration's
 * lock file. A daemon of an older build or installation retires itself (see daemon.ts).
 */
export function launcherScript(): string {
  const forwarded = FORWARDED_ENV.join(' ');
  return `#!/usr/bin/env bash
# terraform-provider-service ${PROVIDER_VERSION}, installed by \`npm run provider:install\`.
# Hands this launch to the provider daemon over loopback, or runs the plugin in this process.
# The Node.js and the build it runs: the two lines of ~/${INSTALL_FILE}.
install="$HOME/${INSTALL_FILE}"
if [ -z "$HOME" ] || [ ! -r "$install" ] || ! { IFS= read -r NODE && IFS= read -r DIST; } < "$install"; then
  echo "terraform-provider-service: not installed for this user (no $install); run npm run provider:install" >&2
  exit 1
fi
alone() { exec "$NODE" "$DIST/main.js" "$@"; }
if [ "$TF_PLUGIN_MAGIC_COOKIE" != "${MAGIC_COOKIE_VALUE}" ] || [ "\${SERVICE_PROVIDER_DAEMON:-1}" = "0" ]; then alone "$@"; fi
state="$HOME/.terraform.d/service-provider/daemon.state"
connect() {
  [ -r "$state" ] || return 1
  read -r port secret < "$state" || return 1
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null
}
if ! connect; then
  mkdir -p -m 700 "$HOME/.terraform.d/service-provider"
  setsid "$NODE" "$DIST/daemon.js" "$state" </dev/null >/dev/null 2>&1 &
  for _ in $(seq 1 100); do sleep 0.05; connect && break; done
fi
[ -n "$secret" ] && [ -e /dev/fd/3 ] || alone "$@"
{
  printf '%s\\n' "$secret"
  # PEM lines and the forwarded values carry no spaces or newlines: sent as they are, no base64.
  [ -n "$PLUGIN_CLIENT_CERT" ] && printf 'CERT\\n%s\\nEND-CERT\\n' "$PLUGIN_CLIENT_CERT"
  for name in ${forwarded}; do
    [ -n "\${!name}" ] && printf 'ENV %s %s\\n' "$name" "\${!name}"
  done
  printf 'END\\n'
} >&3
IFS= read -r line <&3
case "$line" in
  1\\|*) printf '%s\\n' "$line" ;;
  *) exec 3>&-; alone "$@" ;;
esac
# Until the daemon ends the session (terraform's Shutdown). A builtin, not cat: when terraform kills
# this launcher nothing is left holding the connection, so the daemon closes the session.
while IFS= read -r -u 3 _; do :; done
exit 0
`;
}

/**
 * Installs into `pluginsDir` (default ~/.terraform.d/plugins) and records this Node.js and this build
 * in the installing user's ~/.terraform.d/service-provider/install (under `pluginsDir`'s home when it
 * is a `.terraform.d/plugins` folder); returns the plugin file's path.
 */
export function installPlugin(pluginsDir = join(process.env.HOME ?? homedir(), '.terraform.d', 'plugins')): string {
  const dir = join(pluginsDir, PROVIDER_HOST, PROVIDER_NAMESPACE, PROVIDER_TYPE, PROVIDER_VERSION, platform());
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `terraform-provider-${PROVIDER_TYPE}_v${PROVIDER_VERSION}`);
  writeFileSync(file, launcherScript());
  chmodSync(file, 0o755);
  const plugins = resolve(pluginsDir);
  const home =
    basename(plugins) === 'plugins' && basename(dirname(plugins)) === '.terraform.d'
      ? dirname(dirname(plugins))
      : (process.env.HOME ?? homedir());
  const dist = resolve(__dirname, '..');
  if (/[\n\r]/.test(process.execPath + dist))
    throw new Error('the paths of Node.js and the build must not hold a line break');
  const install = join(home, INSTALL_FILE);
  mkdirSync(dirname(install), { recursive: true, mode: 0o700 });
  const temporary = `${install}.${process.pid}`;
  writeFileSync(temporary, `${process.execPath}\n${dist}\n`, { mode: 0o600 });
  renameSync(temporary, install);
  return file;
}

if (require.main === module) {
  const file = installPlugin(process.argv[2]);
  process.stdout.write(
    `Installed ${PROVIDER_SOURCE} ${PROVIDER_VERSION} at ${file}\n` +
      `Use it with:\n  terraform {\n    required_providers {\n      service = {\n        source  = "${PROVIDER_SOURCE}"\n        version = "~> 0.1"\n      }\n    }\n  }\n`,
  );
}
