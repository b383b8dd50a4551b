// Renders the provider's reference pages for the public site from provider-schema/schema.json (the
// format `terraform providers schema -json` prints) and the HCL examples under examples/: one page
// per resource and per data source plus an index, as HashiCorp's tfplugindocs lays them out, in the
// site's content format (front matter title/description/order). Pure and deterministic: the same
// schema and examples give byte-identical pages, so CI can regenerate them and fail on a diff.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';

/** terraform's JSON encoding of a cty type. */
export type JsonType = string | [string, JsonType] | ['object', Record<string, JsonType>];

export interface JsonAttribute {
  type?: JsonType;
  nested_type?: { attributes: Record<string, JsonAttribute>; nesting_mode: string };
  description?: string;
  description_kind?: string;
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  write_only?: boolean;
  deprecated?: boolean;
}

export interface JsonBlockType {
  nesting_mode: string;
  block: JsonBlock;
  min_items?: number;
  max_items?: number;
}

export interface JsonBlock {
  attributes?: Record<string, JsonAttribute>;
  block_types?: Record<string, JsonBlockType>;
  description?: string;
  description_kind?: string;
  deprecated?: boolean;
}

export interface JsonSchema {
  version: number;
  block: JsonBlock;
}

export interface ProviderSchemas {
  format_version: string;
  provider_schemas: Record<
    string,
    {
      provider: { version: number; block?: JsonBlock };
      resource_schemas?: Record<string, JsonSchema>;
      data_source_schemas?: Record<string, JsonSchema>;
    }
  >;
}

export const PROVIDER_ADDRESS = 'uptime.local/uptime/service';
/** Where the pages live under content/, and so their site path below /docs. */
export const DOCS_FOLDER = 'docs/provider';
const SITE_PREFIX = '/docs/provider';
/** The generated pages follow the hand-written docs pages in the site's docs listing. */
const FIRST_ORDER = 100;

export type PageKind = 'resource' | 'data-source';

/** The page's file below content/docs/provider: `resources/http-monitor.md` for service_http_monitor. */
export function pageFile(kind: PageKind, typeName: string): string {
  // The site allows a-z, 0-9 and - in file names; the type's own name stays in the title.
  const slug = typeName.replace(/^service_/, '').replace(/_/g, '-');
  return `${kind === 'resource' ? 'resources' : 'data-sources'}/${slug}.md`;
}

/** The page's path on the site, e.g. /docs/provider/resources/http-monitor. */
export function pagePath(kind: PageKind, typeName: string): string {
  return `${SITE_PREFIX}/${pageFile(kind, typeName).replace(/\.md$/, '')}`;
}

export function pageTitle(kind: PageKind, typeName: string): string {
  return `${typeName} (${kind === 'resource' ? 'resource' : 'data source'})`;
}

export interface DocsInput {
  schema: ProviderSchemas;
  /** The repository's examples/ folder (provider/, resources/<type>/, data-sources/<type>/). */
  examplesDir: string;
  /** The repository root, where prettier's configuration is resolved. */
  rootDir: string;
}

/** Every page, keyed by its file below content/docs/provider, formatted as the repository's prettier would. */
export async function renderProviderDocs(input: DocsInput): Promise<Map<string, string>> {
  const provider = input.schema.provider_schemas[PROVIDER_ADDRESS];
  if (!provider) throw new Error(`the schema has no provider ${PROVIDER_ADDRESS}`);
  const resources = sortedEntries(provider.resource_schemas ?? {});
  const dataSources = sortedEntries(provider.data_source_schemas ?? {});
  const examples = new Examples(input.examplesDir);

  const pages = new Map<string, string>();
  pages.set('index.md', indexPage(provider.provider.block ?? {}, resources, dataSources, examples));
  let order = FIRST_ORDER;
  for (const [typeName, schema] of resources) {
    pages.set(pageFile('resource', typeName), typePage('resource', typeName, schema.block, ++order, examples));
  }
  for (const [typeName, schema] of dataSources) {
    pages.set(pageFile('data-source', typeName), typePage('data-source', typeName, schema.block, ++order, examples));
  }

  const options = (await resolveConfig(join(input.rootDir, 'content', DOCS_FOLDER, 'index.md'))) ?? {};
  const formatted = new Map<string, string>();
  for (const [file, text] of [...pages].sort(([a], [b]) => compare(a, b))) {
    formatted.set(file, await format(text, { ...options, parser: 'markdown' }));
  }
  return formatted;
}

class Examples {
  constructor(private readonly dir: string) {}

  provider(): string | null {
    return this.read('provider', 'provider.tf');
  }

  usage(kind: PageKind, typeName: string): string | null {
    return kind === 'resource'
      ? this.read('resources', typeName, 'resource.tf')
      : this.read('data-sources', typeName, 'data-source.tf');
  }

  importScript(typeName: string): string | null {
    return this.read('resources', typeName, 'import.sh');
  }

  private read(...parts: string[]): string | null {
    const file = join(this.dir, ...parts);
    return existsSync(file) ? readFileSync(file, 'utf8').replace(/\r\n/g, '\n').trimEnd() : null;
  }
}

function indexPage(
  providerBlock: JsonBlock,
  resources: [string, JsonSchema][],
  dataSources: [string, JsonSchema][],
  examples: Examples,
): string {
  const out: string[] = [
    frontMatter(
      'Terraform provider reference',
      `Every argument and attribute of the service's Terraform provider (${PROVIDER_ADDRESS}), its resources and data sources, generated from the provider schema.`,
      FIRST_ORDER,
    ),
    `These pages are generated from \`provider-schema/schema.json\`, the schema the provider plugin serves to terraform, and from the HCL under \`examples/\` (\`npm run provider:docs\`). Installing the plugin and the first apply are on the [Terraform provider](/docs/reference/terraform-provider) page.`,
  ];
  if (providerBlock.description) out.push(paragraphs(providerBlock.description, providerBlock.description_kind));
  const example = examples.provider();
  if (example) out.push('## Example usage', fence('hcl', example));
  out.push('## Provider arguments');
  if (Object.keys(providerBlock.attributes ?? {}).length) out.push(...blockSections(providerBlock, '###'));
  else out.push('The provider takes no arguments.');
  out.push('## Resources', typeList('resource', resources), '## Data sources', typeList('data-source', dataSources));
  return out.join('\n\n') + '\n';
}

function typeList(kind: PageKind, types: [string, JsonSchema][]): string {
  if (!types.length) return 'None.';
  return types
    .map(([typeName, schema]) => {
      const summary = firstParagraph(schema.block.description ?? '');
      return `- [\`${typeName}\`](${pagePath(kind, typeName)})${summary ? ` — ${inline(summary, schema.block.description_kind)}` : ''}`;
    })
    .join('\n');
}

function typePage(kind: PageKind, typeName: string, block: JsonBlock, order: number, examples: Examples): string {
  const noun = kind === 'resource' ? 'resource' : 'data source';
  const summary = firstParagraph(block.description ?? '') || `The ${typeName} ${noun}.`;
  const out: string[] = [frontMatter(pageTitle(kind, typeName), summary, order)];
  if (block.description) out.push(paragraphs(block.description, block.description_kind));
  if (block.deprecated) out.push(`**Deprecated:** this ${noun} will be removed in a future version.`);

  const usage = examples.usage(kind, typeName);
  if (usage) out.push('## Example usage', fence('hcl', usage));

  const sections = blockSections(block, 'page');
  out.push(...sections);
  const nested = nestedSections(block, []);
  if (nested.length) out.push('## Nested schemas', ...nested);

  if (kind === 'resource') {
    const script = examples.importScript(typeName);
    if (script) {
      out.push(
        '## Import',
        'An existing object joins the state with `terraform import` (or an `import` block with the same id):',
        fence('shell', script),
      );
    }
  }
  return out.join('\n\n') + '\n';
}

type Member = { name: string; attribute?: JsonAttribute; blockType?: JsonBlockType };

/**
 * The Required / Optional / Read-only lists of a block's own attributes and child blocks. At the top
 * of a page the arguments go under one heading and the read-only attributes under their own, as a
 * reader looks for them; inside a nested schema the three lists sit side by side.
 */
function blockSections(block: JsonBlock, level: 'page' | '###' | '####', path: string[] = []): string[] {
  const all = members(block);
  const required = all.filter((m) => (m.attribute ? m.attribute.required : (m.blockType!.min_items ?? 0) > 0));
  const optional = all.filter((m) =>
    m.attribute ? !m.attribute.required && m.attribute.optional : !m.blockType!.min_items,
  );
  const readOnly = all.filter((m) => m.attribute && !m.attribute.required && !m.attribute.optional);
  const list = (items: Member[]) => items.map((m) => memberLine(m, path)).join('\n');
  const out: string[] = [];
  if (level === 'page') {
    if (required.length || optional.length) out.push('## Arguments');
    if (required.length) out.push('### Required', list(required));
    if (optional.length) out.push('### Optional', list(optional));
    if (readOnly.length) out.push('## Read-only attributes', list(readOnly));
  } else {
    if (required.length) out.push(`${level} Required`, list(required));
    if (optional.length) out.push(`${level} Optional`, list(optional));
    if (readOnly.length) out.push(`${level} Read-only`, list(readOnly));
  }
  return out;
}

/** A block's attributes and child blocks, by name. */
function members(block: JsonBlock): Member[] {
  return [
    ...sortedEntries(block.attributes ?? {}).map(([name, attribute]): Member => ({ name, attribute })),
    ...sortedEntries(block.block_types ?? {}).map(([name, blockType]): Member => ({ name, blockType })),
  ].sort((a, b) => compare(a.name, b.name));
}

/** One list item: name, type and flags, description, and a pointer to its nested schema. */
function memberLine(member: Member, path: string[]): string {
  const full = [...path, member.name].join('.');
  const facts: string[] = [];
  let description = '';
  let hasNested = false;
  if (member.attribute) {
    const a = member.attribute;
    if (a.nested_type) {
      facts.push(nestedTypeName(a.nested_type.nesting_mode));
      hasNested = true;
    } else {
      facts.push(typeName(a.type ?? 'dynamic'));
      hasNested = objectFields(a.type) !== null;
    }
    if (a.sensitive) facts.push('Sensitive');
    if (a.write_only) facts.push('Write-only');
    if (a.deprecated) facts.push('Deprecated');
    description = a.description ? inline(a.description, a.description_kind) : '';
  } else {
    const t = member.blockType!;
    facts.push(blockTypeName(t));
    if (t.block.deprecated) facts.push('Deprecated');
    description = t.block.description ? inline(t.block.description, t.block.description_kind) : '';
    hasNested = true;
  }
  // The site's renderer gives headings no ids, so the pointer names the section instead of linking it.
  const pointer = hasNested ? ` See \`${full}\` under Nested schemas.` : '';
  return `- \`${member.name}\` (${facts.join(', ')})${description ? ` ${description}` : ''}${pointer}`;
}

/** A section for every nested block, nested attribute and object-typed attribute, depth first. */
function nestedSections(block: JsonBlock, path: string[]): string[] {
  const out: string[] = [];
  for (const m of members(block)) {
    const full = [...path, m.name];
    const title = `### \`${full.join('.')}\``;
    if (m.blockType) {
      const inner = m.blockType.block;
      const limits = blockLimits(m.blockType);
      out.push(title);
      if (limits) out.push(limits);
      out.push(...blockSections(inner, '####', full), ...nestedSections(inner, full));
    } else if (m.attribute?.nested_type) {
      const inner: JsonBlock = { attributes: m.attribute.nested_type.attributes };
      out.push(title, ...blockSections(inner, '####', full), ...nestedSections(inner, full));
    } else {
      const fields = objectFields(m.attribute?.type);
      if (!fields) continue;
      const readOnly = m.attribute?.computed && !m.attribute.optional && !m.attribute.required;
      out.push(
        title,
        `Each element has these fields${readOnly ? ', all read-only' : ''}:`,
        sortedEntries(fields)
          .map(([name, t]) => `- \`${name}\` (${typeName(t)})`)
          .join('\n'),
      );
    }
  }
  return out;
}

function blockLimits(t: JsonBlockType): string {
  const min = t.min_items ?? 0;
  const max = t.max_items ?? 0;
  if (t.nesting_mode === 'single') return min > 0 ? 'Exactly one block.' : 'At most one block.';
  if (min && max) return min === max ? `Exactly ${min}.` : `From ${min} to ${max} blocks.`;
  if (max) return max === 1 ? 'At most one block.' : `At most ${max} blocks.`;
  if (min) return `At least ${min}.`;
  return '';
}

/** The fields of an object type, or of the object elements of a list, set or map; null for other types. */
function objectFields(type: JsonType | undefined): Record<string, JsonType> | null {
  if (!Array.isArray(type)) return null;
  if (type[0] === 'object') return type[1] as Record<string, JsonType>;
  return objectFields(type[1] as JsonType);
}

function typeName(type: JsonType): string {
  if (typeof type === 'string') {
    switch (type) {
      case 'string':
        return 'String';
      case 'number':
        return 'Number';
      case 'bool':
        return 'Boolean';
      case 'dynamic':
        return 'Dynamic';
      default:
        return type;
    }
  }
  const [kind, inner] = type;
  switch (kind) {
    case 'list':
      return `List of ${typeName(inner)}`;
    case 'set':
      return `Set of ${typeName(inner)}`;
    case 'map':
      return `Map of ${typeName(inner)}`;
    case 'object':
      return 'Object';
    case 'tuple':
      return 'Tuple';
    default:
      return kind;
  }
}

function nestedTypeName(mode: string): string {
  switch (mode) {
    case 'single':
      return 'Attributes';
    case 'list':
      return 'Attributes List';
    case 'set':
      return 'Attributes Set';
    case 'map':
      return 'Attributes Map';
    default:
      return `Attributes ${mode}`;
  }
}

function blockTypeName(t: JsonBlockType): string {
  const name =
    t.nesting_mode === 'single' || t.nesting_mode === 'group'
      ? 'Block'
      : `Block ${t.nesting_mode[0].toUpperCase()}${t.nesting_mode.slice(1)}`;
  return t.max_items && t.nesting_mode !== 'single' ? `${name}, Max: ${t.max_items}` : name;
}

function frontMatter(title: string, description: string, order: number): string {
  // The site reads `key: value` lines; keep each on one line and without wrapping quotes.
  const line = (s: string) => s.replace(/\s+/g, ' ').trim();
  return `---\ntitle: ${line(title)}\ndescription: ${line(description)}\norder: ${order}\n---`;
}

function fence(lang: string, code: string): string {
  // A fence longer than any backtick run inside keeps the example verbatim.
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${code}\n${ticks}`;
}

function firstParagraph(text: string): string {
  return (text.trim().split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
}

function paragraphs(text: string, kind: string | undefined): string {
  if (kind === 'markdown') return text.trim();
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => inline(p, kind))
    .join('\n\n');
}

/**
 * A description as one line of markdown. `markdown` descriptions pass through; `plain` ones are
 * text in which backtick spans still read as code (as every attribute description here writes
 * values), and every other character markdown would interpret is escaped.
 */
export function inline(text: string, kind: string | undefined): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (kind === 'markdown') return flat;
  const parts = flat.split('`');
  // An odd number of backticks: no code spans at all, every backtick literal.
  if (parts.length % 2 === 0) return escapeText(flat);
  return parts.map((part, i) => (i % 2 === 1 && part.length ? `\`${part}\`` : escapeText(part))).join('');
}

function escapeText(text: string): string {
  // An underscore inside a word never starts emphasis, so snake_case names stay readable in the .md.
  return text.replace(/[\\`*_[\]<>&#|~!]/g, (c, at: number) =>
    c === '_' && /[A-Za-z0-9]/.test(text[at - 1] ?? '') && /[A-Za-z0-9]/.test(text[at + 1] ?? '') ? c : `\\${c}`,
  );
}

function sortedEntries<T>(record: Record<string, T>): [string, T][] {
  return Object.entries(record).sort(([a], [b]) => compare(a, b));
}

/** Code-unit order, independent of the machine's locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
