// The CDKTF construct library (cdktf/src): generated from provider-schema/schema.json without drift,
// and a stack written with the built package (`@uptime/cdktf`, cdktf/dist: `npm run cdktf:build`)
// synthesizes to the JSON terraform reads, with the provider's required_providers block and the
// resource blocks the schema names.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, LocalBackend, TerraformOutput, TerraformStack } from 'cdktf';
import {
  DataServiceMonitor,
  HeartbeatMonitor,
  HttpMonitor,
  Notification,
  ServiceProvider,
  StatusPage,
  StatusPageComponent,
  StatusPageComponentGroup,
  TlsMonitor,
} from '@uptime/cdktf';
import { generateBindings, listFiles, PROVIDER_SOURCE } from '../../cdktf/scripts/generate';

const ROOT = join(__dirname, '..', '..');
const SCHEMA = join(ROOT, 'provider-schema', 'schema.json');
const COMMITTED = join(ROOT, 'cdktf', 'src');

type Block = Record<string, unknown>;
/** The parts of cdk.tf.json these tests read. */
interface Synthesized {
  terraform: { required_providers: unknown };
  provider: Record<string, unknown>;
  resource: Record<string, Record<string, Block>>;
  data: Record<string, Record<string, Block>>;
  output: Record<string, { value: unknown; sensitive?: boolean }>;
}

/** Synthesizes the stack as `cdktf synth` does and returns its cdk.tf.json. */
async function synthesize(build: (app: App) => TerraformStack): Promise<Synthesized> {
  const outdir = await mkdtemp(join(tmpdir(), 'cdktf-synth-'));
  try {
    const app = new App({ outdir });
    const stack = build(app);
    app.synth();
    return JSON.parse(await readFile(join(outdir, 'stacks', stack.node.id, 'cdk.tf.json'), 'utf8')) as Synthesized;
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

describe('cdktf bindings', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('are what the generator makes of provider-schema/schema.json, the same on every run', async () => {
    const runs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const dir = await mkdtemp(join(tmpdir(), 'cdktf-gen-'));
      dirs.push(dir);
      await generateBindings({ generator: '@cdktf/provider-generator', schemaPath: SCHEMA, outDir: dir });
      runs.push(dir);
    }
    const files = await listFiles(COMMITTED);
    // One folder per resource and data source of the schema, plus the provider and the flat index.
    const schema = JSON.parse(await readFile(SCHEMA, 'utf8')) as {
      provider_schemas: Record<string, { resource_schemas?: object; data_source_schemas?: object } | undefined>;
    };
    const provider = schema.provider_schemas[PROVIDER_SOURCE];
    const count =
      Object.keys(provider?.resource_schemas ?? {}).length + Object.keys(provider?.data_source_schemas ?? {}).length;
    expect(files.filter((f) => f.endsWith('/index.ts') && f.split('/').length === 2)).toHaveLength(count + 1);
    expect(files).toContain('index.ts');

    for (const dir of runs) {
      expect(await listFiles(dir)).toEqual(files);
      for (const file of files) {
        const fresh = await readFile(join(dir, file), 'utf8');
        const committed = await readFile(join(COMMITTED, file), 'utf8');
        if (fresh !== committed) throw new Error(`cdktf/src/${file} is stale: run npm run cdktf:generate`);
      }
    }
  });

  it('synthesize a stack to the resource blocks and the required_providers block terraform reads', async () => {
    const json = await synthesize((app) => {
      const stack = new TerraformStack(app, 'bindings');
      new LocalBackend(stack, { path: 'terraform.tfstate' });
      new ServiceProvider(stack, 'service', { baseUrl: 'http://127.0.0.1:3000/rpc' });
      const monitor = new HttpMonitor(stack, 'api', {
        name: 'API',
        url: 'http://127.0.0.1:9/health',
        periodicity: '5m',
        method: 'POST',
        body: '{}',
        active: false,
        timeout: 10000,
        regions: ['fly-ams', 'fly-iad'],
        headers: [{ key: 'Accept', value: 'application/json' }],
        statusCodeAssertions: [{ target: 200, comparator: 'eq' }],
        bodyAssertions: [{ target: 'ok', comparator: 'contains' }],
        openTelemetry: { endpoint: 'http://127.0.0.1:4318/v1/metrics', headers: [{ key: 'X-Key', value: 'k' }] },
      });
      new Notification(stack, 'slack', {
        name: 'Slack',
        providerType: 'slack',
        slack: { webhookUrl: 'http://127.0.0.1:9/slack' },
        monitorIds: [monitor.id],
      });
      const page = new StatusPage(stack, 'page', {
        title: 'Status',
        slug: 'status',
        customTheme: { light: { '--primary': '#000' }, dark: { '--primary': '#fff' } },
      });
      const group = new StatusPageComponentGroup(stack, 'group', { pageId: page.id, name: 'API' });
      new StatusPageComponent(stack, 'component', {
        pageId: page.id,
        type: 'monitor',
        monitorId: monitor.id,
        groupId: group.id,
        groupOrder: 1,
      });
      const read = new DataServiceMonitor(stack, 'read', { id: monitor.id });
      new TerraformOutput(stack, 'status', { value: read.status });
      return stack;
    });

    expect(json.terraform.required_providers).toEqual({ service: { source: PROVIDER_SOURCE, version: '~> 0.1' } });
    expect(json.provider.service).toEqual([{ base_url: 'http://127.0.0.1:3000/rpc' }]);

    const api = json.resource.service_http_monitor?.api;
    expect(api).toMatchObject({
      name: 'API',
      url: 'http://127.0.0.1:9/health',
      periodicity: '5m',
      method: 'POST',
      body: '{}',
      active: false,
      timeout: 10000,
      regions: ['fly-ams', 'fly-iad'],
      headers: [{ key: 'Accept', value: 'application/json' }],
      status_code_assertions: [{ target: 200, comparator: 'eq' }],
      body_assertions: [{ target: 'ok', comparator: 'contains' }],
    });
    // A block of at most one item synthesizes as an object, which terraform's JSON syntax accepts.
    expect(api?.open_telemetry).toEqual({
      endpoint: 'http://127.0.0.1:4318/v1/metrics',
      headers: [{ key: 'X-Key', value: 'k' }],
    });

    const slack = json.resource.service_notification?.slack;
    expect(slack).toMatchObject({
      name: 'Slack',
      provider_type: 'slack',
      monitor_ids: ['${service_http_monitor.api.id}'],
    });
    expect(slack?.slack).toEqual({ webhook_url: 'http://127.0.0.1:9/slack' });

    expect(json.resource.service_status_page?.page).toMatchObject({
      title: 'Status',
      slug: 'status',
      custom_theme: { light: { '--primary': '#000' }, dark: { '--primary': '#fff' } },
    });
    expect(json.resource.service_status_page_component_group?.group).toMatchObject({
      page_id: '${service_status_page.page.id}',
      name: 'API',
    });
    expect(json.resource.service_status_page_component?.component).toMatchObject({
      page_id: '${service_status_page.page.id}',
      type: 'monitor',
      monitor_id: '${service_http_monitor.api.id}',
      group_id: '${service_status_page_component_group.group.id}',
      group_order: 1,
    });
    expect(json.data.service_monitor?.read).toMatchObject({ id: '${service_http_monitor.api.id}' });
    expect(json.output.status?.value).toBe('${data.service_monitor.read.status}');
  });

  it('synthesize the TLS and heartbeat monitors and the HTTP check blocks; an empty expiry list stays []', async () => {
    const json = await synthesize((app) => {
      const stack = new TerraformStack(app, 'checks');
      new LocalBackend(stack, { path: 'terraform.tfstate' });
      new ServiceProvider(stack, 'service', {});
      new HttpMonitor(stack, 'api', {
        name: 'API',
        url: 'http://127.0.0.1:9/health',
        periodicity: '5m',
        tlsVerify: false,
        certificateExpiryDays: [],
        jsonAssertions: [
          { path: '$.status', comparator: 'eq', target: 'ok' },
          { path: '$.id', comparator: 'exists' },
        ],
        timingAssertions: [{ phase: 'ttfb', comparator: 'lt', target: 300, severity: 'degraded' }],
        bodyAssertions: [{ target: '^ok$', comparator: 'matches' }],
      });
      new TlsMonitor(stack, 'mail', {
        name: 'Mail',
        uri: '127.0.0.1:587',
        periodicity: '1h',
        starttls: 'smtp',
        certificateExpiryDays: [30, 14],
      });
      const backup = new HeartbeatMonitor(stack, 'backup', {
        name: 'Backup',
        schedule: 'cron',
        cron: '0 3 * * *',
        timeZone: 'Europe/Berlin',
        pingToken: '5f1c2a4e-9b7d-4e21-8c3f-0a1b2c3d4e5f',
      });
      new TerraformOutput(stack, 'ping_url', { value: backup.pingUrl, sensitive: true });
      return stack;
    });

    expect(json.resource.service_http_monitor?.api).toMatchObject({
      tls_verify: false,
      certificate_expiry_days: [],
      json_assertions: [
        { path: '$.status', comparator: 'eq', target: 'ok' },
        { path: '$.id', comparator: 'exists' },
      ],
      timing_assertions: [{ phase: 'ttfb', comparator: 'lt', target: 300, severity: 'degraded' }],
      body_assertions: [{ target: '^ok$', comparator: 'matches' }],
    });
    expect(json.resource.service_tls_monitor?.mail).toMatchObject({
      uri: '127.0.0.1:587',
      starttls: 'smtp',
      certificate_expiry_days: [30, 14],
    });
    expect(json.resource.service_heartbeat_monitor?.backup).toMatchObject({
      schedule: 'cron',
      cron: '0 3 * * *',
      time_zone: 'Europe/Berlin',
      ping_token: '5f1c2a4e-9b7d-4e21-8c3f-0a1b2c3d4e5f',
    });
    expect(json.output.ping_url).toEqual({ value: '${service_heartbeat_monitor.backup.ping_url}', sensitive: true });
  });
});
