// The provider as terraform itself sees it: the schema terraform prints is provider-schema/schema.json,
// `init` works offline from the local mirror, and the failures a user meets first (a bad value, a
// wrong token, a service that is down or silent) each give one clear diagnostic, without a hang; and
// another workspace's ids are not found.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { runCli } from '../support/server';
import {
  describeWithTerraform,
  PROVIDER_BLOCK,
  ROOT,
  rpcClients,
  startProviderFixture,
  type ProviderFixture,
} from './support/terraform';

const MONITOR = `
resource "service_http_monitor" "api" {
  name        = "api"
  url         = "http://127.0.0.1:9/health"
  periodicity = "5m"
}
`;

describeWithTerraform('the provider under terraform', () => {
  let fixture: ProviderFixture;

  beforeAll(async () => {
    fixture = await startProviderFixture();
  });

  afterAll(async () => {
    await fixture?.close();
  });

  it('prints exactly provider-schema/schema.json for `terraform providers schema -json`', async () => {
    const wd = await fixture.workdir({ 'main.tf': PROVIDER_BLOCK });
    const run = await wd.run(['providers', 'schema', '-json']);
    expect(run.code).toBe(0);
    const committed = JSON.parse(readFileSync(join(ROOT, 'provider-schema', 'schema.json'), 'utf8')) as unknown;
    expect(JSON.parse(run.stdout)).toEqual(committed);
    // The same without the provider daemon: the launcher runs the plugin in its own process.
    const alone = await wd.run(['providers', 'schema', '-json'], { SERVICE_PROVIDER_DAEMON: '0' });
    expect(alone.code).toBe(0);
    expect(JSON.parse(alone.stdout)).toEqual(committed);
  });

  it('fails a plan with a bad value at validation, naming the attribute', async () => {
    const wd = await fixture.workdir({
      'main.tf': `${PROVIDER_BLOCK}
resource "service_http_monitor" "bad" {
  name        = "bad"
  url         = "http://127.0.0.1:9/"
  periodicity = "5m"
  timeout     = 200000
}
`,
    });
    const run = await wd.run(['validate', '-no-color']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid timeout');
    expect(run.stderr).toContain('timeout must be a whole number from 0 to 120000; got 200000');
    expect(run.stderr).toContain('with service_http_monitor.bad');
    expect(run.stderr).toMatch(
      /on main\.tf line \d+, in resource "service_http_monitor" "bad":\s*\n\s*\d+:\s*timeout\s*=\s*200000/,
    );
  });

  it('gives one clear diagnostic for a wrong api_token', async () => {
    const wd = await fixture.workdir({
      'main.tf': `${PROVIDER_BLOCK}${MONITOR}${MONITOR.replace('"api"', '"other"')}`,
    });
    const run = await wd.run(['plan', '-no-color'], { SERVICE_API_TOKEN: 'svc_wrong_token' });
    expect(run.code).toBe(1);
    expect(run.stderr.match(/Error: /g)).toHaveLength(1);
    expect(run.stderr).toContain('The service refused the API token');
  });

  it('gives a clear error, not a hang, when the service is down or does not answer', async () => {
    const wd = await fixture.workdir({ 'main.tf': `${PROVIDER_BLOCK}${MONITOR}` });
    const closed = await new Promise<Server>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => resolve(s));
    });
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await wd.run(['plan', '-no-color'], { SERVICE_BASE_URL: `http://127.0.0.1:${port}/rpc` });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain(`Cannot reach the service at http://127.0.0.1:${port}/rpc`);

    // Accepts connections and never answers: the call's deadline ends it.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}/rpc`;
      const hung = await wd.run(['plan', '-no-color'], { SERVICE_BASE_URL: url, SERVICE_TIMEOUT_MS: '1000' });
      expect(hung.code).toBe(1);
      expect(hung.stderr).toContain(`Cannot reach the service at ${url}`);
    } finally {
      silent.close();
    }
  });

  it("treats another workspace's ids as not found: import and data sources fail, nothing is touched", async () => {
    const workspace = await runCli(['workspaces', 'create', '--name', 'Other'], fixture.serverEnv);
    expect(workspace.code).toBe(0);
    const created = await runCli(
      ['api-keys', 'create', '--workspace', workspace.lastLine, '--scope', 'write'],
      fixture.serverEnv,
    );
    expect(created.code).toBe(0);
    const other = rpcClients(fixture.rpcUrl, created.lastLine);
    const monitor = await other.monitors.createHTTPMonitor({
      monitor: { name: 'theirs', url: 'http://127.0.0.1:9/', periodicity: 3 },
    });
    const page = await other.statusPages.createStatusPage({
      statusPage: { title: 'Theirs', slug: `theirs-${process.pid}` },
    });
    const group = await other.statusPages.createComponentGroup({ group: { pageId: page.statusPage!.id, name: 'G' } });

    const wd = await fixture.workdir({
      'main.tf': `${PROVIDER_BLOCK}${MONITOR}
resource "service_status_page_component_group" "g" {
  page_id = "1"
  name    = "G"
}
`,
    });
    const importMonitor = await wd.run(['import', '-no-color', 'service_http_monitor.api', monitor.monitor!.id]);
    expect(importMonitor.code).toBe(1);
    expect(importMonitor.stderr).toContain(`monitor ${monitor.monitor!.id} does not exist`);
    const importGroup = await wd.run([
      'import',
      '-no-color',
      'service_status_page_component_group.g',
      `${page.statusPage!.id}/${group.group!.id}`,
    ]);
    expect(importGroup.code).toBe(1);
    expect(importGroup.stderr).toContain(
      `No component group with id "${group.group!.id}" exists on status page "${page.statusPage!.id}"`,
    );

    const reader = await fixture.workdir({
      'main.tf': `${PROVIDER_BLOCK}data "service_monitor" "theirs" {\n  id = "${monitor.monitor!.id}"\n}\n`,
    });
    const read = await reader.run(['plan', '-no-color']);
    expect(read.code).toBe(1);
    expect(read.stderr).toMatch(/not found|does not exist/i);

    const still = await other.monitors.getMonitor({ id: monitor.monitor!.id });
    expect(still.monitor?.config.value?.name).toBe('theirs');
  });
});
