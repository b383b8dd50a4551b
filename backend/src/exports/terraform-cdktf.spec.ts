// The CDKTF writer's text: escaping, names, references, variables, the bindings' shapes, stability;
// and the tables it keeps in step with the provider's schema and the generated bindings.
// test/provider/export-cdktf.acceptance.test.ts synthesizes and plans what it writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import {
  BINDING_SHAPES,
  camelCase,
  CDKTF_PACKAGES,
  constructClass,
  tsString,
  writeCdktf,
  type CdktfOptions,
} from './terraform-cdktf';
import type { TerraformExport, TfResource } from './terraform-model';

const ROOT = join(__dirname, '..', '..', '..');

const resource = (type: string, name: string, attributes: TfResource['body']['attributes'] = {}): TfResource => ({
  type,
  name,
  importId: `id-${name}`,
  body: { attributes: { name, ...attributes }, blocks: {} },
});

const model = (resources: TfResource[], extra: Partial<TerraformExport> = {}): TerraformExport => ({
  workspace: { slug: 'acme', name: 'Acme' },
  resources,
  variables: [],
  notes: [],
  ...extra,
});

function file(m: TerraformExport, path: string, options?: CdktfOptions): string {
  const found = writeCdktf(m, options).find((f) => f.path === path);
  if (!found) throw new Error(`no ${path}`);
  return found.content;
}

const main = (m: TerraformExport): string => file(m, 'main.ts');

describe('writeCdktf', () => {
  describe(tsString.name, () => {
    // What JavaScript reads from the literal is what cdktf copies into cdk.tf.json; Terraform then
    // reads `$${` as `${` and `%%{` as `%{`.
    const terraformReads = (text: string): string =>
      (runInNewContext(tsString(text)) as string).replace(/\$\$\{/g, () => '${').replace(/%%\{/g, () => '%{');

    it.each([
      ['plain', 'API health'],
      ['quotes and backslashes', `it's "quoted" \\ back\\slash`],
      ['lines and tabs', 'first line\nsecond\r\n\tindented'],
      ['an interpolation', 'costs ${var.price} and ${'],
      ['a directive', '%{ if x }yes%{ endif }'],
      ['Terraform escapes already', '$${literal} %%{literal}'],
      ['line separators and controls', 'a\u2028b\u2029c\u0000d\u007f'],
      ['astral characters', 'status 🟢 ok'],
      ['a lone surrogate', 'broken \ud800 pair'],
    ])('writes %s so that Terraform reads the same text', (_what, text) => {
      expect(terraformReads(text)).toBe(text);
    });

    it('escapes ${ and %{ for Terraform, and keeps the literal on one line', () => {
      expect(tsString('a ${b} %{c}')).toBe("'a $${b} %%{c}'");
      expect(tsString('$${x}')).toBe("'$$${x}'");
      expect(tsString("it's\nnew")).toBe("'it\\'s\\nnew'");
      expect(tsString('a\u2028b\ud800')).toBe("'a\\u2028b\\ud800'");
    });
  });

  it('names classes and properties as the bindings do', () => {
    expect(constructClass('service_http_monitor')).toBe('HttpMonitor');
    expect(constructClass('service_status_page_component_group')).toBe('StatusPageComponentGroup');
    expect(camelCase('status_code_assertions')).toBe('statusCodeAssertions');
    expect(camelCase('id')).toBe('id');
  });

  it('writes one construct per resource, its id the Terraform name, imported from its id', () => {
    const text = main(
      model([
        resource('service_http_monitor', 'api_health', { url: 'http://127.0.0.1/', periodicity: '5m', active: false }),
      ]),
    );
    expect(text).toContain("import { App, TerraformStack } from 'cdktf';");
    expect(text).toContain("import { HttpMonitor, ServiceProvider } from '@uptime/cdktf';");
    expect(text).toContain("const stack = new TerraformStack(app, 'acme');");
    expect(text).toContain("new ServiceProvider(stack, 'service');");
    expect(text).toContain(
      [
        "const apiHealth = new HttpMonitor(stack, 'api_health', {",
        "  name: 'api_health',",
        "  url: 'http://127.0.0.1/',",
        "  periodicity: '5m',",
        '  active: false,',
        '});',
        "apiHealth.importFrom('id-api_health');",
      ].join('\n'),
    );
    expect(text.trimEnd().endsWith('app.synth();')).toBe(true);
  });

  it('writes references as property accesses of the referenced construct, declared before use', () => {
    const page = resource('service_status_page', 'status', { slug: 'status' });
    const monitor = resource('service_http_monitor', 'web');
    const component = resource('service_status_page_component', 'web_component', {
      page_id: { ref: { type: 'service_status_page', name: 'status', attribute: 'id' } },
      monitor_id: { ref: { type: 'service_http_monitor', name: 'web', attribute: 'id' } },
    });
    const channel = resource('service_notification', 'ops', {
      monitor_ids: [{ ref: { type: 'service_http_monitor', name: 'web', attribute: 'id' } }],
    });
    // The model lists the component first: the stack still declares what it refers to before it.
    const text = main(model([component, channel, page, monitor]));
    expect(text).toContain('  pageId: status.id,\n  monitorId: web.id,\n');
    expect(text).toContain('  monitorIds: [web.id],\n');
    const at = (s: string): number => text.indexOf(s);
    expect(at('const status =')).toBeLessThan(at('const webComponent ='));
    expect(at('const web =')).toBeLessThan(at('const webComponent ='));
    expect(at('const web =')).toBeLessThan(at('const ops ='));
    expect(text).not.toContain('id-web'.concat("'),"));
  });

  it('refuses a reference to a resource it does not hold, and a cycle', () => {
    const dangling = resource('service_http_monitor', 'a', {
      parent_monitor_ids: [{ ref: { type: 'service_http_monitor', name: 'gone', attribute: 'id' } }],
    });
    expect(() => writeCdktf(model([dangling]))).toThrow(/refers to service_http_monitor\.gone/);
    const a = resource('service_http_monitor', 'a', {
      parent_monitor_ids: [{ ref: { type: 'service_http_monitor', name: 'b', attribute: 'id' } }],
    });
    const b = resource('service_http_monitor', 'b', {
      parent_monitor_ids: [{ ref: { type: 'service_http_monitor', name: 'a', attribute: 'id' } }],
    });
    expect(() => writeCdktf(model([a, b]))).toThrow(/cycle: service_http_monitor\.a → service_http_monitor\.b/);
  });

  it('declares each secret as a sensitive variable and uses its value, never writing a value', () => {
    const m = model(
      [
        {
          type: 'service_notification',
          name: 'slack_ops',
          importId: 'n1',
          body: {
            attributes: { provider_type: 'slack' },
            blocks: { slack: [{ attributes: { webhook_url: { variable: 'slack_ops_webhook_url' } }, blocks: {} }] },
          },
        },
      ],
      {
        variables: [{ name: 'slack_ops_webhook_url', description: 'Webhook URL of "Ops" ${x}', sensitive: true }],
      },
    );
    const text = main(m);
    expect(text).toContain("import { App, TerraformStack, TerraformVariable } from 'cdktf';");
    expect(text).toContain(
      [
        "const slackOpsWebhookUrl = new TerraformVariable(stack, 'slack_ops_webhook_url', {",
        "  type: 'string',",
        '  sensitive: true,',
        `  description: 'Webhook URL of "Ops" $\${x}',`,
        '});',
      ].join('\n'),
    );
    expect(text).toContain('  slack: {\n    webhookUrl: slackOpsWebhookUrl.stringValue,\n  },\n');
    expect(file(m, 'README.md')).toContain('| `TF_VAR_slack_ops_webhook_url` | Webhook URL of "Ops" ${x} |');
    expect(() => writeCdktf({ ...m, variables: [] })).toThrow(
      /uses the variable slack_ops_webhook_url, which the export does not declare/,
    );
  });

  it('gives blocks the bindings take once one object, other blocks arrays, and keeps map keys', () => {
    const m = model(
      [
        {
          type: 'service_http_monitor',
          name: 'api',
          importId: 'm1',
          body: {
            attributes: { name: 'API', tags: [], certificate_expiry_days: [30, 7], description: null },
            blocks: {
              status_code_assertions: [
                { attributes: { target: 200, comparator: 'eq' }, blocks: {} },
                { attributes: { target: 204, comparator: 'eq' }, blocks: {} },
              ],
              headers: [],
              open_telemetry: [
                {
                  attributes: { endpoint: 'http://127.0.0.1:4318' },
                  blocks: { headers: [{ attributes: { key: 'X-Key', value: { variable: 'otel' } }, blocks: {} }] },
                },
              ],
            },
          },
        },
        resource('service_private_location', 'office', { metadata: { snake_key: 'v', 'a-b': '${c}', order: '1' } }),
        resource('service_status_page', 'status', {
          custom_theme: { light: { primary_color: '#fff' }, dark: { 'background-color': '#000' } },
        }),
        {
          type: 'service_notification',
          name: 'hook',
          importId: 'n1',
          body: {
            attributes: { provider_type: 'webhook' },
            blocks: {
              webhook: [
                {
                  attributes: { endpoint: 'http://127.0.0.1/h', headers: [{ key: 'X-Env', value: 'prod' }] },
                  blocks: {},
                },
              ],
            },
          },
        },
      ],
      { variables: [{ name: 'otel', description: 'OpenTelemetry header', sensitive: true }] },
    );
    const text = main(m);
    expect(text).toContain('  tags: [],\n  certificateExpiryDays: [30, 7],\n');
    expect(text).not.toContain('null');
    expect(text).toContain(
      [
        '  statusCodeAssertions: [',
        '    {',
        '      target: 200,',
        "      comparator: 'eq',",
        '    },',
        '    {',
        '      target: 204,',
        "      comparator: 'eq',",
        '    },',
        '  ],',
        '  openTelemetry: {',
        "    endpoint: 'http://127.0.0.1:4318',",
        '    headers: [',
        '      {',
        "        key: 'X-Key',",
        '        value: otel.stringValue,',
        '      },',
        '    ],',
        '  },',
      ].join('\n'),
    );
    expect(text).not.toContain('headers: []');
    expect(text).toContain("    snake_key: 'v',\n    'a-b': '$${c}',\n    order: '1',\n");
    expect(text).toContain(
      "  customTheme: {\n    light: {\n      primary_color: '#fff',\n    },\n    dark: {\n      'background-color': '#000',\n",
    );
    expect(text).toContain(
      "  webhook: {\n    endpoint: 'http://127.0.0.1/h',\n    headers: [\n      {\n        key: 'X-Env',\n",
    );

    const twice: TerraformExport = {
      ...m,
      resources: [
        {
          type: 'service_notification',
          name: 'n',
          importId: 'n',
          body: {
            attributes: { provider_type: 'email' },
            blocks: {
              email: [
                { attributes: { email: 'a@example.com' }, blocks: {} },
                { attributes: { email: 'b@example.com' }, blocks: {} },
              ],
            },
          },
        },
      ],
    };
    expect(() => writeCdktf(twice)).toThrow(/block email takes at most one element/);
  });

  it('gives TypeScript names that stay readable, distinct and independent of the order of the model', () => {
    const shared = [
      resource('service_http_monitor', 'api'),
      resource('service_status_page', 'api', { slug: 'api' }),
      resource('service_tcp_monitor', 'default'),
      resource('service_icmp_monitor', 'app'),
      resource('service_dns_monitor', 'web_2'),
    ];
    const text = main(model(shared));
    // Construct ids are unique in the stack; the Terraform address stays the model's.
    expect(text).toContain("const apiHttpMonitor = new HttpMonitor(stack, 'service_http_monitor.api', {");
    expect(text).toContain("apiHttpMonitor.overrideLogicalId('api');\napiHttpMonitor.importFrom('id-api');");
    expect(text).toContain("const apiStatusPage = new StatusPage(stack, 'service_status_page.api', {");
    expect(text).toContain("apiStatusPage.overrideLogicalId('api');");
    expect(text).not.toContain('web2.overrideLogicalId');
    expect(text).toContain("const defaultTcpMonitor = new TcpMonitor(stack, 'default', {");
    expect(text).toContain("const appIcmpMonitor = new IcmpMonitor(stack, 'app', {");
    expect(text).toContain("const web2 = new DnsMonitor(stack, 'web_2', {");

    // A long import list goes one name a line.
    const everyType = main(model(Object.keys(BINDING_SHAPES).map((type) => resource(type, 'x'))));
    expect(everyType).toContain('import {\n  DnsMonitor,\n  EscalationPolicy,\n  HeartbeatMonitor,\n');
    expect(everyType).toContain("  TlsMonitor,\n} from '@uptime/cdktf';\n");

    // A resource named as a variable, or as the provider's construct, moves aside too.
    const crowded = main(
      model([resource('service_http_monitor', 'service'), resource('service_tcp_monitor', 'token')], {
        variables: [{ name: 'token', description: 'a secret', sensitive: true }],
      }),
    );
    expect(crowded).toContain("new ServiceProvider(stack, 'service_provider');");
    expect(crowded).toContain("const service = new HttpMonitor(stack, 'service', {");
    expect(crowded).toContain("const tokenVar = new TerraformVariable(stack, 'token', {");
    expect(crowded).toContain("const tokenTcpMonitor = new TcpMonitor(stack, 'service_tcp_monitor.token', {");
    // cdktf adds the stack's local backend under the id `backend`: a resource or variable so named moves aside.
    const backendVariable = main(
      model([], { variables: [{ name: 'backend', description: 'a secret', sensitive: true }] }),
    );
    expect(backendVariable).toContain("const backend = new TerraformVariable(stack, 'variable.backend', {");
    expect(backendVariable).toContain("backend.overrideLogicalId('backend');");
    expect(main(model([resource('service_status_page_component_group', 'backend')]))).toContain(
      "new StatusPageComponentGroup(stack, 'service_status_page_component_group.backend', {",
    );

    const declared = (t: string): string[] =>
      [...t.matchAll(/^const (\w+) = new (\w+)\(stack, '([\w.]+)'/gm)].map((m) => m.slice(1).join(' ')).sort();
    expect(declared(main(model([...shared].reverse())))).toEqual(declared(text));
  });

  it('writes the same files for the same model, byte for byte', () => {
    const m = model([resource('service_http_monitor', 'api', { url: 'http://127.0.0.1/' })], {
      notes: ['1 gRPC monitor (grpc-check): no resource in the provider'],
    });
    expect(writeCdktf(m)).toEqual(writeCdktf(structuredClone(m)));
    expect(writeCdktf(m).map((f) => f.path)).toEqual([
      'main.ts',
      'cdktf.json',
      'package.json',
      'tsconfig.json',
      'README.md',
      '.gitignore',
    ]);
    expect(main(m)).toContain('// - 1 gRPC monitor (grpc-check): no resource in the provider\n');
    expect(file(m, 'README.md')).toContain('## Notes of the export\n\n- 1 gRPC monitor (grpc-check)');
  });

  it('keeps comments and names of the workspace on their line', () => {
    const m = model([], { workspace: { slug: 'Team Ops!', name: 'Ops\nimport x' }, notes: ['line\nbreak'] });
    const text = main(m);
    expect(text.split('\n')[0]).toBe(
      '// Written by `cli export terraform` (--cdktf) from workspace Team Ops! (Ops import x):',
    );
    expect(text).toContain('// - line break\n');
    expect(text).toContain("new TerraformStack(app, 'team-ops');");
    expect(JSON.parse(file(m, 'package.json'))).toMatchObject({ name: 'team-ops-stack' });
  });

  it('writes package.json on cdktf, constructs and the construct library from this clone', () => {
    const m = model([]);
    expect(JSON.parse(file(m, 'package.json', { constructLibrary: 'file:../../clone/cdktf' }))).toMatchObject({
      dependencies: { '@uptime/cdktf': 'file:../../clone/cdktf', cdktf: '^0.21.0', constructs: '^10.7.2' },
      devDependencies: { 'cdktf-cli': '0.21.0', typescript: '~5.9.3' },
    });
    expect(JSON.parse(file(m, 'package.json'))).toMatchObject({ dependencies: { '@uptime/cdktf': 'file:../cdktf' } });
    expect(JSON.parse(file(m, 'cdktf.json'))).toEqual({
      language: 'typescript',
      app: 'npx tsc -p tsconfig.json && node dist/main.js',
      output: 'cdktf.out',
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// The tables against what they describe.

interface SchemaAttribute {
  type?: unknown;
  nested_type?: SchemaBlock & { nesting_mode: string };
  computed?: boolean;
  optional?: boolean;
  required?: boolean;
}
interface SchemaBlock {
  attributes?: Record<string, SchemaAttribute>;
  block_types?: Record<string, { nesting_mode: string; max_items?: number; block: SchemaBlock }>;
}

function resourceSchemas(): Record<string, { block: SchemaBlock }> {
  const schema = JSON.parse(readFileSync(join(ROOT, 'provider-schema', 'schema.json'), 'utf8')) as {
    provider_schemas: Record<string, { resource_schemas: Record<string, { block: SchemaBlock }> }>;
  };
  const [provider] = Object.values(schema.provider_schemas);
  if (!provider) throw new Error('schema.json holds no provider');
  return provider.resource_schemas;
}

describe('the tables of the CDKTF writer', () => {
  it('BINDING_SHAPES lists every block taken once and every map attribute of provider-schema/schema.json', () => {
    const derived: Record<string, { singleBlocks: string[]; maps: string[] }> = {};
    for (const [type, { block }] of Object.entries(resourceSchemas())) {
      const shape = { singleBlocks: [] as string[], maps: [] as string[] };
      const walk = (b: SchemaBlock, prefix: string): void => {
        for (const [name, a] of Object.entries(b.attributes ?? {})) {
          if (Array.isArray(a.type) && a.type[0] === 'map') shape.maps.push(prefix + name);
          if (a.nested_type) walk(a.nested_type, `${prefix}${name}.`);
        }
        for (const [name, t] of Object.entries(b.block_types ?? {})) {
          if (t.nesting_mode === 'single' || t.max_items === 1) shape.singleBlocks.push(prefix + name);
          walk(t.block, `${prefix}${name}.`);
        }
      };
      walk(block, '');
      derived[type] = { singleBlocks: shape.singleBlocks.sort(), maps: shape.maps.sort() };
    }
    const sorted = Object.fromEntries(
      Object.entries(BINDING_SHAPES).map(([t, s]) => [
        t,
        { singleBlocks: [...s.singleBlocks].sort(), maps: [...s.maps].sort() },
      ]),
    );
    expect(sorted).toEqual(derived);
  });

  it("every resource's class, and every argument's camelCase name, is in the generated bindings", () => {
    const index = readFileSync(join(ROOT, 'cdktf', 'src', 'index.ts'), 'utf8');
    const missing: string[] = [];
    for (const [type, { block }] of Object.entries(resourceSchemas())) {
      const folder = type.replace(/^service_/, '').replace(/_/g, '-');
      expect(index).toContain(`export * from './${folder}';`);
      const source = readFileSync(join(ROOT, 'cdktf', 'src', folder, 'index.ts'), 'utf8');
      if (!source.includes(`export class ${constructClass(type)} extends cdktf.TerraformResource`))
        missing.push(`class ${constructClass(type)}`);
      const properties = new Set([...source.matchAll(/readonly (\w+)\??:/g)].map((m) => m[1]));
      const getters = new Set([...source.matchAll(/public get (\w+)\(\)/g)].map((m) => m[1]));
      const walk = (b: SchemaBlock, prefix: string): void => {
        for (const [name, a] of Object.entries(b.attributes ?? {})) {
          // What a reference reads (`api.id`) is a getter; what a configuration sets, a property.
          if (!getters.has(camelCase(name))) missing.push(`${type}: getter of ${prefix}${name}`);
          if ((a.optional || a.required) && !properties.has(camelCase(name)))
            missing.push(`${type}: property ${prefix}${name}`);
          if (a.nested_type) walk(a.nested_type, `${prefix}${name}.`);
        }
        for (const [name, t] of Object.entries(b.block_types ?? {})) {
          if (!properties.has(camelCase(name))) missing.push(`${type}: block ${prefix}${name}`);
          walk(t.block, `${prefix}${name}.`);
        }
      };
      walk(block, '');
    }
    expect(missing).toEqual([]);
  });

  it('CDKTF_PACKAGES asks for the versions this clone builds the construct library with', () => {
    const library = JSON.parse(readFileSync(join(ROOT, 'cdktf', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(CDKTF_PACKAGES).toEqual({
      cdktf: library.dependencies.cdktf,
      constructs: library.dependencies.constructs,
      'cdktf-cli': root.devDependencies['cdktf-cli'],
      typescript: root.devDependencies.typescript,
    });
  });
});
