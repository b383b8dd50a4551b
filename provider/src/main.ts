#!/usr/bin/env node
// terraform-provider-service: started by terraform (or OpenTofu) as a go-plugin over gRPC. It checks
// the magic cookie, serves tfplugin6 with mutual TLS on a loopback port, and prints the handshake line
// terraform reads from stdout. The installed launcher usually hands the session to the provider
// daemon instead (see daemon.ts); this is the one-process path, and the fallback.
import { createServerCertificate } from './plugin/certificate';
import { APP_PROTOCOL_VERSION, MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE, openSession } from './plugin/session';
import { PROVIDER } from './registry';

async function main(): Promise<void> {
  if (process.env[MAGIC_COOKIE_KEY] !== MAGIC_COOKIE_VALUE) {
    process.stderr.write(
      'This is terraform-provider-service, a Terraform provider plugin. It is not meant to be run by hand:\n' +
        'install it with `npm run provider:install` and use it from a Terraform configuration\n' +
        '(see examples/provider/provider.tf), and terraform will start it.\n',
    );
    process.exit(1);
  }
  const versions = (process.env.PLUGIN_PROTOCOL_VERSIONS ?? String(APP_PROTOCOL_VERSION)).split(',');
  if (!versions.includes(String(APP_PROTOCOL_VERSION))) {
    process.stderr.write(
      `terraform-provider-service speaks plugin protocol ${APP_PROTOCOL_VERSION}; terraform offered ${versions.join(',')}.\n`,
    );
    process.exit(1);
  }
  const clientCert = process.env.PLUGIN_CLIENT_CERT ?? null;
  const session = await openSession({
    provider: PROVIDER,
    clientCert,
    certificate: clientCert ? createServerCertificate() : null,
    env: process.env,
  });
  process.stdout.write(`${session.handshake}\n`);
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => session.close());
  await session.ended;
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`terraform-provider-service: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
