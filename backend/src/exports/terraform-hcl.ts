// The Terraform model (terraform-model.ts) as HCL files: provider.tf, variables.tf, imports.tf and one
// file per resource kind, laid out as `terraform fmt` leaves them (aligned `=`, two-space indents),
// so a formatted export is byte-identical to the written one. Strings are escaped for HCL templates:
// `${` and `%{` are written `$${` and `%%{`, so no value is ever interpolated.
import {
  isReference,
  isVariableUse,
  type ExportedFile,
  type TerraformExport,
  type TfBody,
  type TfResource,
  type TfValue,
} from './terraform-model';

/** The provider's address in the local mirror (README: `npm run provider:install`). */
export const PROVIDER_SOURCE = 'uptime.local/uptime/service';
export const PROVIDER_VERSION = '~> 0.1';

/** The first line of every file an export writes: how a later export recognises its own files. */
export const EXPORT_MARKER = '# Written by `cli export terraform`';

/** One file per resource type, named for readers: monitors_http.tf, notifications.tf, ... */
export const FILE_OF_TYPE: Record<string, string> = {
  service_http_monitor: 'monitors_http.tf',
  service_tcp_monitor: 'monitors_tcp.tf',
  service_dns_monitor: 'monitors_dns.tf',
  service_icmp_monitor: 'monitors_icmp.tf',
  service_tls_monitor: 'monitors_tls.tf',
  service_heartbeat_monitor: 'monitors_heartbeat.tf',
  service_escalation_policy: 'escalation_policies.tf',
  service_notification: 'notifications.tf',
  service_status_page: 'status_pages.tf',
  service_status_page_component_group: 'status_page_component_groups.tf',
  service_status_page_component: 'status_page_components.tf',
  service_private_location: 'private_locations.tf',
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A string as an HCL quoted template: escapes, and template sequences neutralised. */
export function quote(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '\\') out += '\\\\';
    else if (c === '"') out += '\\"';
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if ((c === '$' || c === '%') && next === '{') out += `${c}${c}`;
    else if (c < ' ' || c === '\u007f') out += `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return `${out}"`;
}

/**
 * Several lines as a heredoc, which reads back exactly: its value always ends with a newline, so a
 * text without one is wrapped in chomp() (which cuts the newlines that end it, and there is then only
 * the heredoc's own). Text with other control characters stays an escaped quoted string.
 */
function heredoc(text: string, indent: string): string | null {
  if (!text.includes('\n') || [...text].some((c) => (c < ' ' && c !== '\n' && c !== '\t') || c === '\u007f'))
    return null;
  const endsWithNewline = text.endsWith('\n');
  const lines = (endsWithNewline ? text.slice(0, -1) : text).split('\n');
  let marker = 'EOT';
  for (let n = 2; lines.some((l) => l.trim() === marker); n++) marker = `EOT${n}`;
  // In a heredoc backslashes are literal; only template sequences need escaping.
  const escaped = lines.map((l) => l.replace(/([$%])\{/g, '$1$1{'));
  const doc = `<<${marker}\n${escaped.join('\n')}\n${marker}`;
  return endsWithNewline ? doc : `chomp(${doc}\n${indent})`;
}

const objectKey = (key: string): string => (IDENTIFIER.test(key) ? key : quote(key));

/** A value as an HCL expression at the given indentation (its first line is not indented). */
export function expression(value: TfValue, indent = ''): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return heredoc(value, indent) ?? quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isReference(value)) return `${value.ref.type}.${value.ref.name}.${value.ref.attribute}`;
  if (isVariableUse(value)) return `var.${value.variable}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => expression(v, `${indent}  `));
    const oneLine = `[${items.join(', ')}]`;
    if (!items.some((i) => i.includes('\n')) && oneLine.length + indent.length <= 100) return oneLine;
    return `[\n${items.map((i) => `${indent}  ${i},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${assignments(
    entries.map(([k, v]) => [objectKey(k), v]),
    `${indent}  `,
  )}\n${indent}}`;
}

/**
 * `name = value` lines, with `=` aligned across each run of one-line values as `terraform fmt` does.
 */
function assignments(entries: Array<[string, TfValue]>, indent: string): string {
  const rendered = entries.map(([k, v]) => ({ k, text: expression(v, indent) }));
  const lines: string[] = [];
  let run: typeof rendered = [];
  const flush = (): void => {
    const width = Math.max(0, ...run.map((r) => r.k.length));
    for (const r of run) lines.push(`${indent}${r.k.padEnd(width)} = ${r.text}`);
    run = [];
  };
  for (const r of rendered) {
    if (!r.text.includes('\n')) run.push(r);
    else {
      // As terraform fmt: a multi-line value is aligned with nothing.
      flush();
      lines.push(`${indent}${r.k} = ${r.text}`);
    }
  }
  flush();
  return lines.join('\n');
}

function block(header: string, b: TfBody, indent: string): string {
  const parts: string[] = [];
  const attributes = Object.entries(b.attributes);
  if (attributes.length) parts.push(assignments(attributes, `${indent}  `));
  for (const [name, list] of Object.entries(b.blocks)) {
    for (const nested of list) parts.push(block(name, nested, `${indent}  `));
  }
  if (parts.length === 0) return `${indent}${header} {\n${indent}}`;
  return `${indent}${header} {\n${parts.join('\n\n')}\n${indent}}`;
}

export function resourceHcl(r: TfResource): string {
  return block(`resource ${quote(r.type)} ${quote(r.name)}`, r.body, '');
}

function importHcl(r: TfResource): string {
  return `import {\n  to = ${r.type}.${r.name}\n  id = ${quote(r.importId)}\n}`;
}

const header = (model: TerraformExport, what: string): string =>
  `${EXPORT_MARKER} from workspace ${model.workspace.slug}: ${what}.\n`;

function file(path: string, model: TerraformExport, what: string, sections: string[]): ExportedFile {
  return { path, content: `${header(model, what)}\n${sections.join('\n\n')}\n` };
}

export function writeHcl(model: TerraformExport): ExportedFile[] {
  const files: ExportedFile[] = [
    file('provider.tf', model, 'the provider, configured from the environment', [
      `terraform {\n  required_version = ">= 1.5.0"\n\n  required_providers {\n    service = {\n      source  = ${quote(PROVIDER_SOURCE)}\n      version = ${quote(PROVIDER_VERSION)}\n    }\n  }\n}`,
      '# The API key and the RPC URL come from SERVICE_API_TOKEN and SERVICE_BASE_URL.\nprovider "service" {}',
    ]),
  ];
  const byFile = new Map<string, TfResource[]>();
  for (const r of model.resources) {
    const path = FILE_OF_TYPE[r.type] ?? `${r.type.replace(/^service_/, '')}.tf`;
    if (!byFile.has(path)) byFile.set(path, []);
    byFile.get(path)!.push(r);
  }
  for (const [path, resources] of byFile) {
    files.push(file(path, model, resources[0].type, resources.map(resourceHcl)));
  }
  if (model.resources.length) {
    files.push(
      file(
        'imports.tf',
        model,
        'what each resource is in the workspace (Terraform >= 1.5 imports it on the first apply)',
        model.resources.map(importHcl),
      ),
    );
  }
  if (model.variables.length) {
    files.push(
      file(
        'variables.tf',
        model,
        'the secrets the service never returns; give them with TF_VAR_<name> or a .tfvars file',
        model.variables.map(
          (v) =>
            `variable ${quote(v.name)} {\n  description = ${quote(v.description)}\n  type        = string\n${v.sensitive ? '  sensitive   = true\n' : ''}}`,
        ),
      ),
    );
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
