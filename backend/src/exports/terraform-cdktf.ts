// The CDKTF half of `cli export terraform --cdktf` (issue 30): the same TerraformExport model the HCL
// writer takes, written as a TypeScript CDKTF project (main.ts, cdktf.json, package.json,
// tsconfig.json, README.md) built on this clone's construct library `@uptime/cdktf`. Synthesized, it
// declares the same resources at the same addresses (the construct id is the model's name), imports each
// from the same id (`importFrom`, which synthesizes Terraform's `import` blocks), wires them by the same
// references and asks for the same sensitive variables, so it plans as the HCL export does.
//
// The text is a pure function of the model: the same workspace exports to the same files, byte for
// byte, so a second export diffs clean under version control.
import {
  isReference,
  isVariableUse,
  type ExportedFile,
  type TerraformExport,
  type TfBody,
  type TfResource,
  type TfValue,
} from './terraform-model';

export interface CdktfOptions {
  /**
   * What the written package.json depends on for `@uptime/cdktf`: this clone's `cdktf/` folder as an
   * npm `file:` spec relative to the output folder (the package is not published). The default fits an
   * output folder directly inside the clone (`--out acme-stack`); the CLI passes the exact path.
   */
  constructLibrary?: string;
}

/**
 * The versions the written package.json asks for: the ones this clone builds and tests the construct
 * library with (cdktf/package.json and the root package.json; terraform-cdktf.spec.ts keeps them equal).
 */
export const CDKTF_PACKAGES = {
  cdktf: '^0.21.0',
  constructs: '^10.7.2',
  'cdktf-cli': '0.21.0',
  typescript: '~5.9.3',
} as const;

/**
 * Where the bindings' shape differs from the model's (which holds every nested block as a list and
 * every object value alike): blocks the schema allows at most once (`nesting_mode` single, or a list
 * with `max_items` 1) take one object, not an array; and map attributes keep their keys as written,
 * while the keys of a nested attribute's object are attribute names and so become camelCase. Paths are
 * Terraform names joined by dots, list positions left out. terraform-cdktf.spec.ts derives both lists
 * from provider-schema/schema.json and fails when they drift.
 */
export const BINDING_SHAPES: Record<string, { singleBlocks: string[]; maps: string[] }> = {
  service_dns_monitor: { singleBlocks: ['open_telemetry'], maps: [] },
  service_escalation_policy: { singleBlocks: [], maps: [] },
  service_heartbeat_monitor: { singleBlocks: [], maps: [] },
  service_http_monitor: { singleBlocks: ['open_telemetry'], maps: [] },
  service_icmp_monitor: { singleBlocks: ['open_telemetry'], maps: [] },
  service_notification: {
    singleBlocks: [
      'discord',
      'email',
      'google_chat',
      'gotify',
      'grafana_oncall',
      'matrix',
      'mattermost',
      'ms_teams',
      'ntfy',
      'opsgenie',
      'pagerduty',
      'pushover',
      'slack',
      'sms',
      'telegram',
      'webhook',
      'whatsapp',
    ],
    maps: [],
  },
  service_private_location: { singleBlocks: [], maps: ['metadata'] },
  service_status_page: { singleBlocks: [], maps: ['custom_theme.dark', 'custom_theme.light'] },
  service_status_page_component: { singleBlocks: [], maps: [] },
  service_status_page_component_group: { singleBlocks: [], maps: [] },
  service_tcp_monitor: { singleBlocks: ['open_telemetry'], maps: [] },
  service_tls_monitor: { singleBlocks: ['open_telemetry'], maps: [] },
};

/** The construct library's class of a resource type, as `cdktf get` names it: `service_http_monitor` → `HttpMonitor`. */
export function constructClass(type: string): string {
  return words(type.replace(/^service_/, ''))
    .map(capitalize)
    .join('');
}

/** The bindings' property name of a Terraform attribute or block: `status_code_assertions` → `statusCodeAssertions`. */
export function camelCase(name: string): string {
  const [first = '', ...rest] = words(name);
  return first + rest.map(capitalize).join('');
}

/**
 * A string as a TypeScript literal whose value, once synthesized into cdk.tf.json, Terraform reads as
 * the same text. cdktf copies plain strings into the JSON as they are, and Terraform reads every JSON
 * string (object keys included) as a template, so a literal `${` or `%{` would start an interpolation
 * or a directive: each is written with Terraform's escape, `$${` and `%%{`, as the HCL export writes it.
 */
export function tsString(text: string): string {
  // A function, not a replacement string: in one of those `$$` would stand for a single `$`.
  return quote(text.replace(/\$\{/g, () => '$${').replace(/%\{/g, () => '%%{'));
}

/** Writes the workspace as a CDKTF project: main.ts, cdktf.json, package.json, tsconfig.json, README.md, .gitignore. */
export function writeCdktf(model: TerraformExport, options: CdktfOptions = {}): ExportedFile[] {
  const stackName = stackNameOf(model.workspace.slug);
  return [
    { path: 'main.ts', content: mainTs(model, stackName) },
    {
      path: 'cdktf.json',
      content: json({
        language: 'typescript',
        app: 'npx tsc -p tsconfig.json && node dist/main.js',
        output: 'cdktf.out',
      }),
    },
    { path: 'package.json', content: packageJson(stackName, options.constructLibrary ?? 'file:../cdktf') },
    { path: 'tsconfig.json', content: tsconfigJson() },
    { path: 'README.md', content: readme(model, stackName) },
    {
      path: '.gitignore',
      content: ['node_modules/', 'dist/', 'cdktf.out/', '.terraform/', '*.tfstate', '*.tfstate.*', ''].join('\n'),
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// main.ts

/** The TypeScript names of the file: one per variable and per resource, all distinct. */
interface Names {
  variable: Map<string, string>;
  /** `type.name` → identifier. */
  resource: Map<string, string>;
}

function mainTs(model: TerraformExport, stackName: string): string {
  const resources = dependencyOrder(model.resources);
  const names = identifiers(model);
  const ids = constructIds(model);
  const classes = [...new Set(resources.map((r) => constructClass(r.type)))];
  const cdktfImports = ['App', 'TerraformStack', ...(model.variables.length ? ['TerraformVariable'] : [])];

  const out: string[] = [];
  // The first line carries the HCL export's marker, by which a later export recognises its own file.
  out.push(
    `// Written by \`cli export terraform\` (--cdktf) from workspace ${oneLine(model.workspace.slug)} (${oneLine(model.workspace.name)}):`,
  );
  out.push('// the workspace as a CDKTF stack. Every resource is imported from the workspace (importFrom), so');
  out.push('// `cdktf synth` and then `terraform plan` in the stack folder show imports and no change.');
  out.push("// In strings, `$${` and `%%{` are Terraform's escapes for a literal `${` and `%{`.");
  if (model.notes.length) {
    out.push('//');
    out.push('// Notes of the export (what it left out, or wrote as an id):');
    for (const note of model.notes) out.push(`// - ${oneLine(note)}`);
  }
  out.push(importLine(cdktfImports, 'cdktf'));
  out.push(importLine([...classes, 'ServiceProvider'].sort(), '@uptime/cdktf'));
  out.push('');
  out.push('const app = new App();');
  out.push(`const stack = new TerraformStack(app, ${quote(stackName)});`);
  out.push('// The provider reads SERVICE_API_TOKEN and SERVICE_BASE_URL when terraform runs.');
  out.push(`new ServiceProvider(stack, ${quote(ids.provider)});`);

  if (model.variables.length) {
    out.push('');
    out.push('// Secrets are never exported: terraform asks for each, or reads it from TF_VAR_<name>.');
    for (const variable of model.variables) {
      const props = [
        `type: 'string'`,
        `sensitive: ${variable.sensitive}`,
        `description: ${tsString(variable.description)}`,
      ];
      const ident = names.variable.get(variable.name) as string;
      // `backend` is the id of the local backend cdktf adds: the variable moves aside, keeping its name.
      const id = variable.name === 'backend' ? 'variable.backend' : variable.name;
      out.push(`const ${ident} = new TerraformVariable(stack, ${quote(id)}, {`);
      for (const prop of props) out.push(`  ${prop},`);
      out.push('});');
      if (id !== variable.name) out.push(`${ident}.overrideLogicalId(${quote(variable.name)});`);
    }
  }

  let section = '';
  for (const resource of resources) {
    if (resource.type !== section) {
      section = resource.type;
      out.push('');
      out.push(`// ${section}`);
    }
    const ident = names.resource.get(key(resource.type, resource.name)) as string;
    const config = body(resource.body, '', resource.type, names, 0);
    const id = ids.resource.get(key(resource.type, resource.name)) ?? resource.name;
    out.push(`const ${ident} = new ${constructClass(resource.type)}(stack, ${quote(id)}, ${config});`);
    if (id !== resource.name) out.push(`${ident}.overrideLogicalId(${quote(resource.name)});`);
    out.push(`${ident}.importFrom(${quote(resource.importId)});`);
  }
  out.push('');
  out.push('app.synth();');
  out.push('');
  return out.join('\n');
}

/** An import of `names`, one line while it fits, else one name a line. */
function importLine(names: string[], from: string): string {
  const line = `import { ${names.join(', ')} } from ${quote(from)};`;
  return line.length <= 100 ? line : `import {\n${names.map((n) => `${INDENT}${n},\n`).join('')}} from ${quote(from)};`;
}

const INDENT = '  ';
/** Arrays of short scalars stay on one line up to this width. */
const INLINE_WIDTH = 80;

/** A resource's body, or a nested block's, as an object literal: attributes first, then blocks. */
function body(tf: TfBody, path: string, type: string, names: Names, depth: number): string {
  const shapes = BINDING_SHAPES[type] ?? { singleBlocks: [], maps: [] };
  const props: string[] = [];
  for (const [name, v] of Object.entries(tf.attributes)) {
    // An attribute set to null is an attribute left out, in HCL as in the bindings.
    if (v === null) continue;
    props.push(`${camelCase(name)}: ${value(v, join(path, name), type, names, depth + 1)}`);
  }
  for (const [name, blocks] of Object.entries(tf.blocks)) {
    const blockPath = join(path, name);
    if (shapes.singleBlocks.includes(blockPath)) {
      if (blocks.length > 1)
        throw new Error(`${type}: block ${blockPath} takes at most one element, the model holds ${blocks.length}`);
      if (blocks[0]) props.push(`${camelCase(name)}: ${body(blocks[0], blockPath, type, names, depth + 1)}`);
    } else if (blocks.length) {
      const items = blocks.map((b) => body(b, blockPath, type, names, depth + 2));
      props.push(`${camelCase(name)}: ${list(items, depth + 1)}`);
    }
  }
  return object(props, depth);
}

function value(v: TfValue, path: string, type: string, names: Names, depth: number): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return tsString(v);
  if (typeof v === 'number') return Object.is(v, -0) ? '0' : String(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v))
    return list(
      v.map((item) => value(item, path, type, names, depth + 1)),
      depth,
    );
  if (isReference(v)) {
    const target = names.resource.get(key(v.ref.type, v.ref.name));
    if (!target)
      throw new Error(`${type}: ${path} refers to ${v.ref.type}.${v.ref.name}, which the export does not hold`);
    return `${target}.${camelCase(v.ref.attribute)}`;
  }
  if (isVariableUse(v)) {
    const variable = names.variable.get(v.variable);
    if (!variable)
      throw new Error(`${type}: ${path} uses the variable ${v.variable}, which the export does not declare`);
    return `${variable}.stringValue`;
  }
  const isMap = BINDING_SHAPES[type]?.maps.includes(path) ?? false;
  const props = Object.entries(v)
    .filter(([, item]) => item !== null)
    .map(([k, item]) =>
      isMap
        ? `${propertyKey(k)}: ${value(item, path, type, names, depth + 1)}`
        : `${camelCase(k)}: ${value(item, join(path, k), type, names, depth + 1)}`,
    );
  return object(props, depth);
}

function object(props: string[], depth: number): string {
  if (!props.length) return '{}';
  const pad = INDENT.repeat(depth + 1);
  return `{\n${props.map((p) => `${pad}${p},`).join('\n')}\n${INDENT.repeat(depth)}}`;
}

function list(items: string[], depth: number): string {
  const inline = `[${items.join(', ')}]`;
  if (!items.some((i) => i.includes('\n')) && inline.length <= INLINE_WIDTH) return inline;
  const pad = INDENT.repeat(depth + 1);
  return `[\n${items.map((i) => `${pad}${i},`).join('\n')}\n${INDENT.repeat(depth)}]`;
}

/** A map key: bare where TypeScript allows it, else quoted (and escaped for Terraform like any string). */
function propertyKey(k: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? k : tsString(k);
}

/**
 * Resources in the model's order, except that each comes after the resources it refers to: a `const`
 * must be declared before it is read. Terraform itself refuses a cycle, so one is a broken model.
 */
function dependencyOrder(resources: TfResource[]): TfResource[] {
  const byKey = new Map(resources.map((r) => [key(r.type, r.name), r]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const ordered: TfResource[] = [];
  const visit = (resource: TfResource, chain: string[]): void => {
    const k = key(resource.type, resource.name);
    if (done.has(k)) return;
    if (visiting.has(k)) throw new Error(`the resources refer to each other in a cycle: ${[...chain, k].join(' → ')}`);
    visiting.add(k);
    for (const target of referencesOf(resource.body)) {
      const dependency = byKey.get(target);
      if (dependency) visit(dependency, [...chain, k]);
    }
    visiting.delete(k);
    done.add(k);
    ordered.push(resource);
  };
  for (const resource of resources) visit(resource, []);
  return ordered;
}

function referencesOf(tf: TfBody): string[] {
  const found: string[] = [];
  const walk = (v: TfValue): void => {
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) v.forEach(walk);
    else if (isReference(v)) found.push(key(v.ref.type, v.ref.name));
    else if (!isVariableUse(v)) Object.values(v).forEach(walk);
  };
  Object.values(tf.attributes).forEach(walk);
  for (const blocks of Object.values(tf.blocks)) for (const b of blocks) found.push(...referencesOf(b));
  return found;
}

/**
 * Construct ids, unique in the stack: a resource's is its Terraform name, which cdktf makes its address
 * (`service_http_monitor.api`). Terraform names are unique per type only, and variables, the provider
 * and the local backend cdktf adds (id `backend`) share the stack's namespace, so a resource whose name
 * another one uses gets `type.name` as its id and keeps its address through `overrideLogicalId`.
 */
function constructIds(model: TerraformExport): { provider: string; resource: Map<string, string> } {
  const uses = new Map<string, number>([['backend', 1]]);
  for (const name of [...model.variables.map((v) => v.name), ...model.resources.map((r) => r.name)])
    uses.set(name, (uses.get(name) ?? 0) + 1);
  let provider = 'service';
  while (uses.has(provider)) provider = `${provider}_provider`;
  const resource = new Map<string, string>();
  for (const r of model.resources)
    resource.set(key(r.type, r.name), (uses.get(r.name) ?? 0) > 1 ? key(r.type, r.name) : r.name);
  return { provider, resource };
}

/** Words TypeScript refuses as a `const` name in a module, and the names main.ts itself declares or imports. */
const RESERVED = new Set([
  ...'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await async arguments eval undefined NaN Infinity require module exports __dirname __filename'.split(
    ' ',
  ),
  'app',
  'stack',
  'App',
  'TerraformStack',
  'TerraformVariable',
  'ServiceProvider',
]);

/**
 * Readable, stable TypeScript names: the camelCase of the Terraform name (`api_health` → `apiHealth`).
 * Names are unique per type only, so a name that several resources or variables share (or that
 * TypeScript reserves) gets the resource's class as a suffix (`apiHttpMonitor`, `apiStatusPage`) or
 * `Var` for a variable; each depends on the names alone, not on the order of the model.
 */
function identifiers(model: TerraformExport): Names {
  const base = (name: string): string => {
    const camel = camelCase(name).replace(/[^A-Za-z0-9_$]/g, '_');
    return /^[A-Za-z_$]/.test(camel) ? camel : `r${camel}`;
  };
  const wanted = [
    ...model.variables.map((v) => ({ kind: 'variable' as const, id: v.name, base: base(v.name), suffix: 'Var' })),
    ...model.resources.map((r) => ({
      kind: 'resource' as const,
      id: key(r.type, r.name),
      base: base(r.name),
      suffix: constructClass(r.type),
    })),
  ];
  const uses = new Map<string, number>();
  for (const w of wanted) uses.set(w.base, (uses.get(w.base) ?? 0) + 1);
  for (const c of model.resources.map((r) => constructClass(r.type))) uses.set(c, 2);

  const taken = new Set<string>();
  const names: Names = { variable: new Map(), resource: new Map() };
  for (const w of wanted) {
    let ident = (uses.get(w.base) ?? 0) > 1 || RESERVED.has(w.base) ? `${w.base}${w.suffix}` : w.base;
    // Left only when two names differ in characters camelCase drops (`a_b` and `a__b`).
    for (let n = 2; taken.has(ident) || RESERVED.has(ident); n++) ident = `${w.base}${w.suffix}${n}`;
    taken.add(ident);
    names[w.kind].set(w.id, ident);
  }
  return names;
}

// ---------------------------------------------------------------------------------------------------
// The other files

function packageJson(stackName: string, constructLibrary: string): string {
  return json({
    name: `${stackName}-stack`,
    private: true,
    version: '0.0.0',
    description: 'Workspace exported as a CDKTF stack by `cli export terraform --cdktf`',
    scripts: { build: 'tsc -p tsconfig.json', synth: 'cdktf synth' },
    dependencies: {
      '@uptime/cdktf': constructLibrary,
      cdktf: CDKTF_PACKAGES.cdktf,
      constructs: CDKTF_PACKAGES.constructs,
    },
    devDependencies: { 'cdktf-cli': CDKTF_PACKAGES['cdktf-cli'], typescript: CDKTF_PACKAGES.typescript },
  });
}

function tsconfigJson(): string {
  return json({
    compilerOptions: {
      target: 'ES2022',
      module: 'commonjs',
      lib: ['ES2022'],
      strict: true,
      skipLibCheck: true,
      // main.ts needs no Node.js typings; none are picked up from a node_modules above this folder.
      types: [],
      rootDir: '.',
      outDir: 'dist',
    },
    include: ['main.ts'],
  });
}

function readme(model: TerraformExport, stackName: string): string {
  const lines = [
    `# ${oneLine(model.workspace.name)} as a CDKTF stack`,
    '',
    `Written by \`cli export terraform --workspace ${oneLine(model.workspace.slug)} --cdktf\`: every resource of the workspace as a`,
    "construct of `@uptime/cdktf` (this clone's `cdktf/`), each imported from the workspace (`importFrom`),",
    'references between resources as property accesses (`api.id`). It synthesizes to the same plan as the',
    'HCL export of the same workspace.',
    '',
    '## Synthesize and plan',
    '',
    'With the service running, the plugin installed (`npm run provider:install` in the clone) and the',
    'construct library built (`npm run cdktf:build`). `npm install` fetches cdktf, constructs, the cdktf CLI',
    "and TypeScript, and links `@uptime/cdktf` from the clone's `cdktf/` folder (package.json); offline,",
    "link the clone's packages instead: `ln -s <clone>/node_modules node_modules`.",
    '',
    '```sh',
    'npm install',
    'export SERVICE_API_TOKEN=svc_...         # an API key of the workspace',
    'export SERVICE_BASE_URL=http://127.0.0.1:3000/rpc',
    ...(model.variables.length
      ? [`export TF_VAR_${model.variables[0]?.name}=...   # and every other secret below`]
      : []),
    'npx cdktf synth                          # writes cdktf.out/stacks/<stack>/cdk.tf.json',
    `cd cdktf.out/stacks/${stackName}`,
    'terraform init',
    'terraform plan                           # imports only, no change',
    'terraform apply                          # records the imports in the state; the next plan is empty',
    '```',
    '',
    '`cdktf diff` and `cdktf deploy` work too; offline, pass `--skip-provider-lock` (they would otherwise ask',
    "the provider's origin host for a lock file). Keep the state (`terraform.*.tfstate`) private: once",
    'applied it holds the secrets below.',
  ];
  if (model.variables.length) {
    lines.push('', '## Secrets', '');
    lines.push('Channel credentials and other secrets are never exported: each is a sensitive variable that terraform');
    lines.push('asks for, or reads from `TF_VAR_<name>`:', '');
    lines.push('| Variable | What it is |', '| --- | --- |');
    for (const v of model.variables)
      lines.push(`| \`TF_VAR_${v.name}\` | ${oneLine(v.description).replace(/\|/g, '\\|')} |`);
  }
  if (model.notes.length) {
    lines.push('', '## Notes of the export', '');
    for (const note of model.notes) lines.push(`- ${oneLine(note)}`);
  }
  lines.push('');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Small helpers

function words(name: string): string[] {
  return name.split(/[_-]+/).filter(Boolean);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function key(type: string, name: string): string {
  return `${type}.${name}`;
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

/** The folder cdktf synthesizes the stack into (cdktf.out/stacks/<name>): the workspace's slug, kept to safe characters. */
function stackNameOf(slug: string): string {
  const safe = slug
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return safe || 'workspace';
}

/** Text for a comment or a Markdown line: no line breaks. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}

/** A single-quoted TypeScript string literal of exactly `text`. */
function quote(text: string): string {
  let out = "'";
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === "'" || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    // Control characters, the line separators and lone surrogates (which UTF-8 cannot carry) as escapes.
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 || (code >= 0xd800 && code <= 0xdfff))
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

function json(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}
