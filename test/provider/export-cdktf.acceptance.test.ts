// `cli export terraform --cdktf` (issue 30): the workspace as a TypeScript CDKTF stack that
// synthesizes to the same plan as the HCL export. Against the real built server and CLI, the real
// cdktf CLI 0.21 (`cdktf synth`, offline, the clone's packages linked in as the written README says)
// and the real terraform with the local provider:
// 1. a model written by hand with every resource type and every value shape (references, sensitive
//    variables, nested blocks, blocks taken once, maps, multi-line and `${`/`%{`-bearing strings) is
//    first created (its stack without the import blocks), then written again with the created ids:
//    its plan in a fresh folder shows imports only (and the write-only secrets set once), the same
//    resource changes as the HCL export of the same model; after apply the plan is empty;
// 2. that workspace, with more made directly through RPC, is exported by the CLI both ways, and the
//    two plans agree.
// Needs `npx tsc -b backend/tsconfig.json`, the built provider (provider/dist) and construct library
// (`npm run cdktf:build`) first.
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HTTPMethod, NumberComparator, Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb.js';
import { writeCdktf } from '../../backend/src/exports/terraform-cdktf';
import { writeHcl } from '../../backend/src/exports/terraform-hcl';
import type { ExportedFile, TerraformExport, TfResource, TfValue } from '../../backend/src/exports/terraform-model';
import { runCli } from '../support/server';
import { nodeAtLeast, OFFLINE_ENV, pathWith, run } from './support/cdk-cli';
import {
  describeWithTerraform,
  ROOT,
  startProviderFixture,
  workdirAt,
  type ProviderFixture,
} from './support/terraform';

/** Text Terraform must keep as it is: quotes, backslashes, lines, template sequences, non-ASCII. */
const TRICKY = 'API "edge" it\'s \\ back: ${env} and %{ if x } stay literal — ünïcode ✓';
const MULTILINE = 'First line\nSecond line with ${literal}\n\tand a tab\n';

/** The secrets, by the variable the model declares for each. */
const SECRETS: Record<string, string> = {
  slack_ops_webhook_url: 'http://127.0.0.1:9/slack/T000/B000/slack-secret',
  hook_header_authorization: 'Bearer hook-secret',
  hook_signing_secret: 'whsec_signing-secret',
  status_password: 'members-only-1',
};
const TF_VARS: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(SECRETS).map(([k, v]) => [`TF_VAR_${k}`, v]));

const ref = (type: string, name: string, attribute = 'id'): TfValue => ({ ref: { type, name, attribute } });
const block = (attributes: Record<string, TfValue>, blocks: Record<string, TfResource['body'][]> = {}) => ({
  attributes,
  blocks,
});

/**
 * The hand-written model: every resource type, listed out of dependency order (the component before
 * what it shows, the escalation policy after its monitor) so the stack must order its declarations.
 * `importId(type, name)` gives each resource's import id.
 */
function handModel(importId: (type: string, name: string) => string): TerraformExport {
  const r = (type: string, name: string, body: TfResource['body']): TfResource => ({
    type,
    name,
    importId: importId(type, name),
    body,
  });
  return {
    workspace: { slug: 'cdktf-acceptance', name: 'CDKTF "acceptance" ${ws}' },
    variables: [
      { name: 'slack_ops_webhook_url', description: 'Webhook URL of the "Ops" Slack channel', sensitive: true },
      { name: 'hook_header_authorization', description: 'Authorization header of the hook', sensitive: true },
      { name: 'hook_signing_secret', description: 'Signing secret of the hook', sensitive: true },
      { name: 'status_password', description: 'Password of the status page', sensitive: true },
    ],
    notes: ['1 maintenance window(s) not exported: the provider has no resource for them'],
    resources: [
      r(
        'service_status_page_component',
        'api',
        block({
          page_id: ref('service_status_page', 'status'),
          type: 'monitor',
          monitor_id: ref('service_http_monitor', 'api'),
          group_id: ref('service_status_page_component_group', 'backend'),
          name: 'API',
          order: 1,
          group_order: 1,
        }),
      ),
      r(
        'service_http_monitor',
        'api',
        block(
          {
            name: TRICKY,
            description: MULTILINE,
            url: 'http://127.0.0.1:9/health?x=1',
            periodicity: '5m',
            method: 'POST',
            body: '{"ping": "${x}"}',
            timeout: 10000,
            degraded_at: 4000,
            active: false,
            tags: ['api', 'prod'],
            certificate_expiry_days: [30, 7],
            parent_monitor_ids: [ref('service_icmp_monitor', 'gateway')],
          },
          {
            headers: [block({ key: 'X-Env', value: 'prod ${env}' })],
            status_code_assertions: [
              block({ target: 200, comparator: 'eq' }),
              block({ target: 204, comparator: 'eq' }),
            ],
            body_assertions: [block({ comparator: 'contains', target: 'ok' })],
            open_telemetry: [block({ endpoint: 'http://127.0.0.1:9/v1/metrics' })],
          },
        ),
      ),
      r(
        'service_tcp_monitor',
        'database',
        block({
          name: 'Database',
          uri: '127.0.0.1:5432',
          periodicity: '1m',
          escalation_policy_id: ref('service_escalation_policy', 'night'),
          failure_threshold: 2,
        }),
      ),
      r(
        'service_escalation_policy',
        'night',
        block(
          { name: 'Night shift' },
          {
            step: [
              block({ after_minutes: 0, channel_ids: [ref('service_notification', 'mail')] }),
              block({
                after_minutes: 15,
                channel_ids: [ref('service_notification', 'hook'), ref('service_notification', 'mail')],
              }),
            ],
          },
        ),
      ),
      r('service_icmp_monitor', 'gateway', block({ name: 'Gateway', uri: '127.0.0.1', periodicity: '1m' })),
      r(
        'service_dns_monitor',
        'dns',
        block(
          { name: 'DNS', uri: 'localhost', periodicity: '10m' },
          { record_assertions: [block({ record: 'A', comparator: 'eq', target: '127.0.0.1' })] },
        ),
      ),
      r(
        'service_tls_monitor',
        'mail_tls',
        block({ name: 'Mail TLS', uri: '127.0.0.1:587', periodicity: '1h', servername: 'mail.example.test' }),
      ),
      r('service_heartbeat_monitor', 'backup', block({ name: 'Nightly backup', grace_seconds: 1800 })),
      r(
        'service_notification',
        'slack_ops',
        block(
          {
            name: 'Ops Slack',
            provider_type: 'slack',
            monitor_ids: [ref('service_http_monitor', 'api'), ref('service_dns_monitor', 'dns')],
          },
          { slack: [block({ webhook_url: { variable: 'slack_ops_webhook_url' } })] },
        ),
      ),
      r(
        'service_notification',
        'hook',
        block(
          { name: 'Hook', provider_type: 'webhook' },
          {
            webhook: [
              block({
                endpoint: 'http://127.0.0.1:9/hook',
                headers: [{ key: 'Authorization', value: { variable: 'hook_header_authorization' } }],
                signing_secret: { variable: 'hook_signing_secret' },
              }),
            ],
          },
        ),
      ),
      r(
        'service_notification',
        'mail',
        block({ name: 'On-call mail', provider_type: 'email' }, { email: [block({ email: 'oncall@example.com' })] }),
      ),
      r(
        'service_status_page',
        'status',
        block({
          title: 'Acme ${status}',
          slug: 'cdktf-acceptance',
          description: MULTILINE,
          access_type: 'password',
          password: { variable: 'status_password' },
        }),
      ),
      r(
        'service_status_page_component_group',
        'backend',
        block({ page_id: ref('service_status_page', 'status'), name: 'Back end' }),
      ),
      r(
        'service_status_page_component',
        'helpdesk',
        block({
          page_id: ref('service_status_page', 'status'),
          type: 'static',
          name: 'Help desk',
          description: 'Answered on working days %{ if }',
          group_id: ref('service_status_page_component_group', 'backend'),
          order: 2,
          group_order: 1,
        }),
      ),
      r(
        'service_private_location',
        'office',
        block({
          name: 'Office rack',
          monitor_ids: [ref('service_http_monitor', 'api')],
          metadata: { rack: 'b2', 'rack-row': '3', floor_level: 'third ${x}' },
        }),
      ),
    ],
  };
}

interface PlanChange {
  address: string;
  type: string;
  change: {
    actions: string[];
    importing?: { id: string };
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  };
}

/** A plan's resource changes without their addresses, in a stable order: what two exports must share. */
const comparable = (changes: PlanChange[]) =>
  changes
    .map((c) => ({
      type: c.type,
      importing: c.change.importing?.id ?? null,
      actions: c.change.actions,
      after: c.change.after,
    }))
    .sort((a, b) => `${a.type} ${a.importing}`.localeCompare(`${b.type} ${b.importing}`));

/** The parts of cdk.tf.json this test reads. */
interface Synthesized {
  import?: { id: string; to: string }[];
  resource: Record<string, Record<string, Record<string, unknown>>>;
  variable?: Record<string, { sensitive?: boolean; type?: string; description?: string }>;
  terraform: Record<string, unknown>;
}

async function writeFiles(dir: string, files: ExportedFile[]): Promise<void> {
  for (const f of files) {
    await mkdir(dirname(join(dir, f.path)), { recursive: true });
    await writeFile(join(dir, f.path), f.content);
  }
}

/** Folders the tests write into, removed at the end (the linked node_modules only as a link). */
const scratchDirs: string[] = [];
function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratchDirs.push(dir);
  return dir;
}

describeWithTerraform('cli export terraform --cdktf (cdktf and terraform)', () => {
  let fx: ProviderFixture;
  /** The environment of the cdktf CLI: no network, Node.js 20 or newer first on the PATH. */
  let cdkEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    fx = await startProviderFixture();
    cdkEnv = { ...fx.env, ...OFFLINE_ENV, CI: '1', PATH: pathWith(nodeAtLeast(20, 'the cdktf CLI')) };
  }, 120_000);

  afterAll(async () => {
    await fx?.close();
    for (const dir of scratchDirs) await rm(dir, { recursive: true, force: true });
  });

  /**
   * A written project synthesized as its README says, offline: the clone's packages linked in as
   * node_modules, then `npx cdktf synth`. Answers the stack's folder and its cdk.tf.json.
   */
  async function synth(project: string, stack: string): Promise<{ dir: string; json: Synthesized }> {
    symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
    const synthesized = await run('npx', ['cdktf', 'synth'], project, cdkEnv);
    expect({ code: synthesized.code, output: synthesized.code === 0 ? '' : synthesized.output }).toEqual({
      code: 0,
      output: '',
    });
    const dir = join(project, 'cdktf.out', 'stacks', stack);
    return { dir, json: JSON.parse(readFileSync(join(dir, 'cdk.tf.json'), 'utf8')) as Synthesized };
  }

  /** terraform init and plan in `dir` with the secrets given; answers the plan's resource changes. */
  async function plan(dir: string): Promise<{ changes: PlanChange[]; stdout: string }> {
    const wd = workdirAt(dir, fx.env);
    const init = await wd.run(['init', '-input=false', '-no-color']);
    expect({ init: init.code, stderr: init.stderr }).toEqual({ init: 0, stderr: '' });
    const planned = await wd.run(['plan', '-input=false', '-no-color', '-out=export.tfplan'], TF_VARS);
    expect({ plan: planned.code, stderr: planned.stderr }).toEqual({ plan: 0, stderr: '' });
    const shown = await wd.run(['show', '-json', 'export.tfplan']);
    return {
      changes: (JSON.parse(shown.stdout) as { resource_changes?: PlanChange[] }).resource_changes ?? [],
      stdout: planned.stdout,
    };
  }

  /** Resources whose configuration uses a variable: the write-only secrets an import cannot read. */
  const usesVariable = (m: TerraformExport): Set<string> =>
    new Set(
      m.resources.filter((r) => JSON.stringify(r.body).includes('"variable":')).map((r) => `${r.type}.${r.name}`),
    );

  let created: Record<string, Record<string, unknown>>;

  it('a hand-written model with every resource type and value shape synthesizes to the plan of its HCL export', async () => {
    // Create the workspace: the stack of the model with placeholder ids, its import blocks left out.
    const creation = scratch('svc-cdktf-create-');
    await writeFiles(creation, writeCdktf(handModel(() => 'to-be-created')));
    const first = await synth(creation, 'cdktf-acceptance');
    expect(first.json.import).toHaveLength(15);
    delete first.json.import;
    delete first.json.terraform.backend;
    const createdWd = workdirAt(scratch('svc-cdktf-created-'), fx.env);
    createdWd.write({ 'cdk.tf.json': JSON.stringify(first.json, null, 2) });
    expect((await createdWd.run(['init', '-input=false', '-no-color'])).code).toBe(0);
    const applied = await createdWd.run(['apply', '-auto-approve', '-input=false', '-no-color'], TF_VARS);
    expect({ code: applied.code, stderr: applied.stderr }).toEqual({ code: 0, stderr: '' });
    created = await createdWd.state();

    // What the service holds is the text as written: nothing was interpolated or unescaped.
    const id = (type: string, name: string): string => String(created[`${type}.${name}`]?.id);
    const api = await fx.rpc.monitors.getMonitor({ id: id('service_http_monitor', 'api') });
    const http = api.monitor?.config.case === 'http' ? api.monitor.config.value : undefined;
    expect([http?.name, http?.description, http?.body, http?.headers[0]?.value]).toEqual([
      TRICKY,
      MULTILINE,
      '{"ping": "${x}"}',
      'prod ${env}',
    ]);
    const page = await fx.rpc.statusPages.getStatusPage({ id: id('service_status_page', 'status') });
    expect([page.statusPage?.title, page.statusPage?.description]).toEqual(['Acme ${status}', MULTILINE]);
    const office = await fx.rpc.privateLocations.getPrivateLocation({ id: id('service_private_location', 'office') });
    expect(office.privateLocation?.metadata).toEqual({ rack: 'b2', 'rack-row': '3', floor_level: 'third ${x}' });

    // The same model with the created ids, as an export holds it.
    const importId = (type: string, name: string): string => {
      const values = created[`${type}.${name}`] ?? {};
      return type === 'service_status_page_component' || type === 'service_status_page_component_group'
        ? `${String(values.page_id)}/${String(values.id)}`
        : String(values.id);
    };
    const model = handModel(importId);
    const project = scratch('svc-cdktf-export-');
    await writeFiles(project, writeCdktf(model));
    const main = readFileSync(join(project, 'main.ts'), 'utf8');
    for (const value of Object.values(SECRETS)) expect(main).not.toContain(value);
    const { dir, json } = await synth(project, 'cdktf-acceptance');

    // References, variables and imports as Terraform reads them.
    expect(json.resource.service_status_page_component?.api).toMatchObject({
      page_id: '${service_status_page.status.id}',
      monitor_id: '${service_http_monitor.api.id}',
      group_id: '${service_status_page_component_group.backend.id}',
    });
    expect(json.resource.service_notification?.slack_ops).toMatchObject({
      monitor_ids: ['${service_http_monitor.api.id}', '${service_dns_monitor.dns.id}'],
      slack: { webhook_url: '${var.slack_ops_webhook_url}' },
    });
    expect(json.resource.service_http_monitor?.api).toMatchObject({
      body: '{"ping": "$${x}"}',
      open_telemetry: { endpoint: 'http://127.0.0.1:9/v1/metrics' },
      status_code_assertions: [
        { target: 200, comparator: 'eq' },
        { target: 204, comparator: 'eq' },
      ],
    });
    expect(json.resource.service_private_location?.office?.metadata).toEqual({
      rack: 'b2',
      'rack-row': '3',
      floor_level: 'third $${x}',
    });
    expect(Object.keys(json.variable ?? {}).sort()).toEqual(Object.keys(SECRETS).sort());
    for (const v of Object.values(json.variable ?? {})) expect([v.sensitive, v.type]).toEqual([true, 'string']);
    expect(json.import?.map((i) => `${i.to} ${i.id}`).sort()).toEqual(
      model.resources.map((r) => `${r.type}.${r.name} ${r.importId}`).sort(),
    );

    // Imports only; the write-only secrets, which no import can read, are set once.
    const cdktf = await plan(dir);
    const secretHolders = usesVariable(model);
    const byAddress = (a: { address: string }, b: { address: string }): number => a.address.localeCompare(b.address);
    expect(
      cdktf.changes
        .map((c) => ({ address: c.address, importing: c.change.importing?.id, actions: c.change.actions }))
        .sort(byAddress),
    ).toEqual(
      model.resources
        .map((r) => ({
          address: `${r.type}.${r.name}`,
          importing: r.importId,
          actions: secretHolders.has(`${r.type}.${r.name}`) ? ['update'] : ['no-op'],
        }))
        .sort(byAddress),
    );
    expect(cdktf.stdout).toContain(`Plan: 15 to import, 0 to add, ${secretHolders.size} to change, 0 to destroy.`);

    // The HCL export of the same model plans the same changes.
    const hclDir = scratch('svc-cdktf-hcl-');
    await writeFiles(hclDir, writeHcl(model));
    const hcl = await plan(hclDir);
    expect(comparable(cdktf.changes)).toEqual(comparable(hcl.changes));

    // Applied, the stack has nothing left to do.
    const wd = workdirAt(dir, fx.env);
    const done = await wd.run(['apply', '-input=false', '-no-color', 'export.tfplan'], TF_VARS);
    expect({ code: done.code, stderr: done.stderr }).toEqual({ code: 0, stderr: '' });
    const again = await wd.run(['plan', '-detailed-exitcode', '-input=false', '-no-color'], TF_VARS);
    expect({ code: again.code, stdout: again.code === 0 ? '' : again.stdout }).toEqual({ code: 0, stdout: '' });
    // So says the cdktf CLI too, offline with --skip-provider-lock as the written README tells.
    const diff = await run('npx', ['cdktf', 'diff', '--skip-provider-lock'], project, { ...cdkEnv, ...TF_VARS });
    expect({ code: diff.code, output: diff.code === 0 ? '' : diff.output }).toEqual({ code: 0, output: '' });
    expect(diff.output).toContain('No changes.');
  }, 900_000);

  it('a workspace built through RPC, exported by the CLI with and without --cdktf, plans the same both ways', async () => {
    expect(created).toBeDefined();
    // More made directly through the RPC API, beside what the first test created.
    const made = await fx.rpc.monitors.createHTTPMonitor({
      monitor: {
        name: 'Made through RPC ${x}',
        description: 'Two\nlines %{ if }',
        url: 'http://127.0.0.1:9/rpc',
        periodicity: Periodicity.PERIODICITY_10M,
        method: HTTPMethod.HTTP_METHOD_POST,
        body: '{"a": "${b}"}',
        headers: [{ key: 'Authorization', value: 'Bearer rpc-secret' }],
        statusCodeAssertions: [{ target: 201n, comparator: NumberComparator.EQUAL }],
        alerting: { parentMonitorIds: [String(created['service_icmp_monitor.gateway']?.id)] },
      },
    });
    expect(made.monitor?.id).toBeTruthy();

    const listed = await runCli(['workspaces', 'list', '--json'], fx.serverEnv);
    const slug = (JSON.parse(listed.stdout) as Array<{ slug: string }>)[0]?.slug ?? '';
    const base = scratch('svc-cdktf-cli-');
    const hclOut = join(base, 'hcl');
    const cdkOut = join(base, 'stack');
    const hclRun = await runCli(['export', 'terraform', '--workspace', slug, '--out', hclOut], fx.serverEnv);
    expect({ code: hclRun.code, stderr: hclRun.code === 0 ? '' : hclRun.stderr }).toEqual({ code: 0, stderr: '' });
    const cdkRun = await runCli(['export', 'terraform', '--workspace', slug, '--out', cdkOut, '--cdktf'], fx.serverEnv);
    expect({ code: cdkRun.code, stderr: cdkRun.code === 0 ? '' : cdkRun.stderr }).toEqual({ code: 0, stderr: '' });

    const main = readFileSync(join(cdkOut, 'main.ts'), 'utf8');
    expect(main).not.toContain('rpc-secret');
    expect(main).toContain("name: 'Made through RPC $${x}',");
    const variables = [...main.matchAll(/new TerraformVariable\(stack, '(\w+)'/g)].map((m) => m[1] ?? '');
    const variablesTf = readFileSync(join(hclOut, 'variables.tf'), 'utf8');
    expect(variables.sort()).toEqual([...variablesTf.matchAll(/^variable "(\w+)"/gm)].map((m) => m[1]).sort());
    // Every secret gets a value, whatever the export named it (the hand-made ones keep theirs).
    const secretOf = (name: string): string => SECRETS[name] ?? `http://127.0.0.1:9/secret/${name}`;
    for (const name of variables) TF_VARS[`TF_VAR_${name}`] = secretOf(name);

    const stack = readFileSync(join(cdkOut, 'cdktf.json'), 'utf8');
    expect(JSON.parse(stack)).toMatchObject({ language: 'typescript' });
    const stackName = /new TerraformStack\(app, '([\w-]+)'\)/.exec(main)?.[1] ?? '';
    const { dir } = await synth(cdkOut, stackName);
    const cdktf = await plan(dir);
    const hcl = await plan(hclOut);
    expect(cdktf.changes.length).toBeGreaterThanOrEqual(16);
    // Imports only, no creation nor deletion (the write-only secrets are set once, as in test 1).
    expect(
      cdktf.changes.filter(
        (c) => c.change.importing === undefined || !['no-op', 'update'].includes(c.change.actions.join()),
      ),
    ).toEqual([]);
    expect(comparable(cdktf.changes)).toEqual(comparable(hcl.changes));
  }, 900_000);
});
