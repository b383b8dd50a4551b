// Every CDKTF example stack of examples/cdktf synthesizes, as a user would run it: against the built
// package (`@uptime/cdktf`, cdktf/dist: `npm run cdktf:build`). With terraform on the PATH, each
// synthesized cdk.tf.json is applied against a running service, planned again with no changes, and
// destroyed, after which the RPC API shows an empty workspace. Then the README's `cdktf deploy` block
// runs with the real cdktf CLI 0.21 on a fresh copy of the examples (no cdktf.out, no lock file, no
// terraform init), with the network cut off, and `cdktf destroy` empties the workspace again.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, LocalBackend, type TerraformStack } from 'cdktf';
import { alertingStack } from '../../examples/cdktf/alerting';
import { privateLocationStack } from '../../examples/cdktf/private-location';
import { carriedLockFile, LOCK_FILE, writeProviderLocks } from '../../examples/cdktf/provider-lock';
import { statusPageStack } from '../../examples/cdktf/status-page';
import { websiteStack } from '../../examples/cdktf/website';
import { bash, builtLockFileText, cloneLike, OFFLINE_ENV, readmeBlock, run } from './support/cdk-cli';
import {
  describeWithTerraform,
  PROVIDER_SOURCE,
  ROOT,
  startProviderFixture,
  type ProviderFixture,
  type Rpc,
} from './support/terraform';

/** The lock file examples/cdktf carries (and writes beside every stack it synthesizes). */
const CARRIED_LOCK = join(ROOT, 'examples', 'cdktf', LOCK_FILE);

type Block = Record<string, unknown>;
/** The parts of cdk.tf.json these tests read. */
interface Synthesized {
  terraform: { required_providers: unknown };
  provider: Record<string, unknown>;
  resource: Record<string, Record<string, Block>>;
  output?: Record<string, { value: unknown; sensitive?: boolean }>;
}

interface Example {
  name: string;
  build: (app: App) => TerraformStack;
  /** Resource type -> how many the stack declares. */
  resources: Record<string, number>;
}

const EXAMPLES: Example[] = [
  { name: 'website', build: (app) => websiteStack(app), resources: { service_http_monitor: 3 } },
  {
    name: 'status-page',
    build: (app) => statusPageStack(app),
    resources: {
      service_http_monitor: 2,
      service_status_page: 1,
      service_status_page_component_group: 2,
      service_status_page_component: 3,
    },
  },
  {
    name: 'alerting',
    build: (app) => alertingStack(app),
    resources: { service_dns_monitor: 1, service_tcp_monitor: 1, service_icmp_monitor: 1, service_notification: 2 },
  },
  {
    name: 'private-location',
    build: (app) => privateLocationStack(app),
    resources: { service_http_monitor: 1, service_tcp_monitor: 1, service_private_location: 1 },
  },
];

/** Synthesizes as `cdktf synth` does; the state goes beside cdk.tf.json wherever terraform runs it. */
async function synthesize(example: Example): Promise<Synthesized> {
  const outdir = await mkdtemp(join(tmpdir(), 'cdktf-example-'));
  try {
    const app = new App({ outdir });
    const stack = example.build(app);
    new LocalBackend(stack, { path: 'terraform.tfstate' });
    app.synth();
    return JSON.parse(await readFile(join(outdir, 'stacks', stack.node.id, 'cdk.tf.json'), 'utf8')) as Synthesized;
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

const MONITOR_TYPES = ['service_http_monitor', 'service_tcp_monitor', 'service_dns_monitor', 'service_icmp_monitor'];

describe('CDKTF example stacks', () => {
  it('each synthesizes its resources, inactive and on loopback, with no secret in the JSON', async () => {
    expect(EXAMPLES.map((e) => e.name)).toEqual(['website', 'status-page', 'alerting', 'private-location']);
    for (const example of EXAMPLES) {
      const json = await synthesize(example);
      expect(json.terraform.required_providers).toEqual({ service: { source: PROVIDER_SOURCE, version: '~> 0.1' } });
      // api_token and base_url come from SERVICE_API_TOKEN and SERVICE_BASE_URL when terraform runs.
      expect(json.provider).toEqual({ service: [{}] });

      const counts = Object.fromEntries(
        Object.entries(json.resource).map(([type, blocks]) => [type, Object.keys(blocks).length]),
      );
      expect({ example: example.name, counts }).toEqual({ example: example.name, counts: example.resources });

      for (const type of MONITOR_TYPES) {
        for (const [name, monitor] of Object.entries(json.resource[type] ?? {})) {
          const target = (monitor.url ?? monitor.uri) as string;
          expect({
            monitor: `${type}.${name}`,
            active: monitor.active,
            loopback: /^(http:\/\/)?(127\.0\.0\.1|localhost)\b/.test(target),
          }).toEqual({
            monitor: `${type}.${name}`,
            active: false,
            loopback: true,
          });
        }
      }
    }
  });

  it('wire the resources together by reference', async () => {
    const [, statusPage, alerting, privateLocation] = EXAMPLES;
    const page = await synthesize(statusPage);
    const components = Object.values(page.resource.service_status_page_component ?? {});
    expect(components).toHaveLength(3);
    for (const component of components) {
      expect(component.page_id).toBe('${service_status_page.page.id}');
      expect(component.group_id).toMatch(/^\$\{service_status_page_component_group\.\w+\.id\}$/);
    }
    expect(components.filter((c) => c.type === 'monitor').map((c) => c.monitor_id)).toEqual([
      '${service_http_monitor.web.id}',
      '${service_http_monitor.api.id}',
    ]);

    const alerts = await synthesize(alerting);
    expect(alerts.resource.service_notification?.['on-call-webhook']?.monitor_ids).toEqual([
      '${service_dns_monitor.dns.id}',
      '${service_tcp_monitor.database.id}',
      '${service_icmp_monitor.gateway.id}',
    ]);
    // The DNS and TCP monitors depend on the gateway: its outage suppresses their alerts.
    for (const child of [alerts.resource.service_dns_monitor?.dns, alerts.resource.service_tcp_monitor?.database])
      expect(child?.parent_monitor_ids).toEqual(['${service_icmp_monitor.gateway.id}']);
    expect(alerts.resource.service_icmp_monitor?.gateway).toMatchObject({ failure_threshold: 2, reminder_limit: 4 });

    const location = await synthesize(privateLocation);
    expect(location.resource.service_private_location?.office?.monitor_ids).toEqual([
      '${service_http_monitor.intranet.id}',
      '${service_tcp_monitor.printer.id}',
    ]);
    expect(location.output?.agent_token).toEqual({
      value: '${service_private_location.office.token}',
      sensitive: true,
    });
  });

  it('carry the lock entry of the installed plugin and write it beside every stack, as main.ts does', async () => {
    // The launcher's hash depends only on the provider's version: when the launcher or the version
    // changes, refresh the file with `node provider/dist/tools/lock-file.js > examples/cdktf/.terraform.lock.hcl`.
    const lock = builtLockFileText();
    expect(readFileSync(CARRIED_LOCK, 'utf8')).toBe(lock);
    expect(carriedLockFile()).toBe(CARRIED_LOCK);

    const outdir = await mkdtemp(join(tmpdir(), 'cdktf-example-'));
    try {
      const app = new App({ outdir });
      for (const example of EXAMPLES) example.build(app);
      app.synth();
      const folders = writeProviderLocks(app.outdir);
      expect(folders.map((f) => f.slice(outdir.length + 1)).sort()).toEqual(
        EXAMPLES.map((e) => join('stacks', e.name)).sort(),
      );
      for (const folder of folders) expect(readFileSync(join(folder, LOCK_FILE), 'utf8')).toBe(lock);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});

/** How many of each kind the workspace holds, through the RPC API. */
async function workspaceCounts(rpc: Rpc): Promise<Record<string, number>> {
  const monitors = await rpc.monitors.listMonitors({ limit: 100 });
  const pages = await rpc.statusPages.listStatusPages({});
  let components = 0;
  let groups = 0;
  for (const page of pages.statusPages) {
    components += (await rpc.statusPages.listPageComponents({ pageId: page.id })).components.length;
    groups += (await rpc.statusPages.listComponentGroups({ pageId: page.id })).groups.length;
  }
  return {
    service_http_monitor: monitors.httpMonitors.length,
    service_tcp_monitor: monitors.tcpMonitors.length,
    service_dns_monitor: monitors.dnsMonitors.length,
    service_icmp_monitor: monitors.icmpMonitors.length,
    service_notification: (await rpc.notifications.listNotifications({})).totalSize,
    service_status_page: pages.totalSize,
    service_status_page_component: components,
    service_status_page_component_group: groups,
    service_private_location: (await rpc.privateLocations.listPrivateLocations({})).totalSize,
  };
}

const EMPTY = Object.fromEntries(
  [
    ...MONITOR_TYPES,
    'service_notification',
    'service_status_page',
    'service_status_page_component',
    'service_status_page_component_group',
    'service_private_location',
  ].map((t) => [t, 0]),
);

describeWithTerraform('CDKTF example stacks under terraform', () => {
  let fixture: ProviderFixture;

  beforeAll(async () => {
    fixture = await startProviderFixture();
  }, 120_000);

  afterAll(async () => {
    await fixture?.close();
  });

  // One test per example, in order, each leaving the workspace empty for the next.
  for (const example of EXAMPLES) {
    const { name } = example;
    it(`${name}: apply creates it, a second plan is empty, destroy leaves nothing`, async () => {
      expect(await workspaceCounts(fixture.rpc)).toEqual(EMPTY);

      const wd = await fixture.workdir({ 'cdk.tf.json': JSON.stringify(await synthesize(example), null, 2) });
      // What terraform itself records for the installed plugin is the lock file the examples carry.
      expect(readFileSync(join(wd.dir, LOCK_FILE), 'utf8')).toBe(readFileSync(CARRIED_LOCK, 'utf8'));
      await wd.apply();
      expect(await workspaceCounts(fixture.rpc)).toEqual({ ...EMPTY, ...example.resources });

      const plan = await wd.plan();
      expect({ changes: plan.changes, plan: plan.changes ? plan.stdout : '' }).toEqual({ changes: false, plan: '' });

      if (name === 'private-location') {
        const outputs = await wd.outputs();
        expect(outputs.agent_token?.sensitive).toBe(true);
        expect(outputs.agent_token?.value).toEqual(expect.stringMatching(/^svc_plt_[A-Za-z0-9]{40}$/));
        const location = await fixture.rpc.privateLocations.getPrivateLocation({
          id: String(outputs.private_location_id?.value),
        });
        expect(location.privateLocation?.monitorIds).toHaveLength(2);
      }

      await wd.destroy();
      expect(await workspaceCounts(fixture.rpc)).toEqual(EMPTY);
    }, 300_000);
  }

  it("cdktf 0.21: the README's `cdktf deploy` of a fresh website stack works offline; `cdktf destroy` empties it", async () => {
    expect(await workspaceCounts(fixture.rpc)).toEqual(EMPTY);
    const clone = cloneLike();
    const project = join(clone, 'examples', 'cdktf');
    // Fresh: nothing synthesized, no lock file, no terraform init.
    expect(existsSync(join(project, 'cdktf.out'))).toBe(false);
    // The plugin is installed (fixture.home) as `npm run provider:install` does; the README's provider
    // section shows that step.
    const env = { ...fixture.env, ...OFFLINE_ENV, CI: '1' };

    const block = readmeBlock('provider-cdktf-cli');
    expect(block).toContain('npx cdktf deploy website');
    const deployed = await bash(block, clone, env);
    expect({ code: deployed.code, output: deployed.code === 0 ? '' : deployed.output }).toEqual({
      code: 0,
      output: '',
    });
    expect(await workspaceCounts(fixture.rpc)).toEqual({ ...EMPTY, service_http_monitor: 3 });
    const stackDir = join(project, 'cdktf.out', 'stacks', 'website');
    expect(readFileSync(join(stackDir, LOCK_FILE), 'utf8')).toBe(builtLockFileText());

    const destroyed = await run('npx', ['cdktf', 'destroy', 'website', '--auto-approve'], project, env);
    expect({ code: destroyed.code, output: destroyed.code === 0 ? '' : destroyed.output }).toEqual({
      code: 0,
      output: '',
    });
    expect(await workspaceCounts(fixture.rpc)).toEqual(EMPTY);
    await rm(clone, { recursive: true, force: true });
  }, 600_000);
});
