// The export page (issue 30): the workspace as Terraform HCL or as a CDKTF TypeScript project, the
// same files `cli export terraform` writes (ExportsService.terraformFiles), each shown and offered as
// a download, with what is not exported, the secrets to give as variables and the commands that plan
// it. The files hold no secret value, so every member, viewers too, may see them.
import { html, type Html } from '../../common/html';
import type { TerraformFiles } from '../../exports/exports.service';
import { card, layout, type Frame, workspacePath } from '../components';

export type ExportFormat = 'hcl' | 'cdktf';

export const FORMAT_CHOICES: Array<{ value: ExportFormat; label: string }> = [
  { value: 'hcl', label: 'Terraform HCL' },
  { value: 'cdktf', label: 'CDKTF TypeScript' },
];

export function exportPath(slug: string, format?: ExportFormat): string {
  const base = `/app/w/${encodeURIComponent(slug)}/export`;
  return format && format !== 'hcl' ? `${base}?format=${format}` : base;
}

export function exportFilePath(slug: string, format: ExportFormat, path: string): string {
  return `/app/w/${encodeURIComponent(slug)}/export/${format}/${encodeURIComponent(path)}`;
}

export interface ExportPageData {
  format: ExportFormat;
  exported: TerraformFiles;
  /** SERVICE_BASE_URL for the provider: this server's RPC API. */
  rpcUrl: string;
}

/** The shell lines that plan the files, as the README and content/docs/imports-and-export.md give them. */
export function exportCommands(format: ExportFormat, variables: string[], rpcUrl: string): string {
  const secrets = variables.map((name) => `export TF_VAR_${name}=...`);
  const environment = [
    'export SERVICE_API_TOKEN=svc_...   # an API key of this workspace with write scope',
    `export SERVICE_BASE_URL=${rpcUrl}`,
    ...secrets,
  ];
  const plan = [
    'terraform init',
    'terraform plan    # imports only, no change',
    'terraform apply   # records the imports in the state; the next plan is empty',
  ];
  if (format === 'hcl') {
    return [
      'npm run provider:install          # in the clone: the plugin, where terraform looks for it',
      ...environment,
      ...plan,
    ].join('\n');
  }
  return [
    'npm run provider:install && npm run cdktf:build   # in the clone: the plugin and the construct library',
    'npm install                       # in this folder, directly inside the clone',
    ...environment,
    'npx cdktf synth                   # writes cdktf.out/stacks/<stack>/cdk.tf.json',
    'cd cdktf.out/stacks/*/',
    ...plan,
  ].join('\n');
}

function formatTabs(slug: string, current: ExportFormat): Html {
  return html`<nav aria-label="Format">
    <ul class="tabs">
      ${FORMAT_CHOICES.map(
        (f) =>
          html`<li>
            <a href="${exportPath(slug, f.value)}" ${f.value === current ? html` aria-current="page"` : ''}
              >${f.label}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;
}

export function exportPage(frame: Frame, data: ExportPageData): Html {
  const slug = frame.current!.slug;
  const { exported, format } = data;
  const label = FORMAT_CHOICES.find((f) => f.value === format)!.label;
  const where =
    format === 'hcl'
      ? 'Put the files in an empty folder.'
      : 'Put the files in a folder directly inside a clone of this service: its package.json links the construct library from ../cdktf.';
  const body = html`<p class="crumbs"><a href="${workspacePath(slug, 'monitors')}">Monitors</a></p>
    <h1>Export to Terraform</h1>
    <p class="muted">
      The workspace as code: every resource the Terraform provider manages, each with an import block, so the first plan
      only imports and changes nothing. The command line writes the same files: <code>cli export terraform</code>.
    </p>
    ${formatTabs(slug, format)}
    <p id="export-summary">
      ${label}: ${exported.resourceCount} ${exported.resourceCount === 1 ? 'resource' : 'resources'} in
      ${exported.files.length} files.
    </p>
    ${card(
      'Not exported',
      exported.notes.length
        ? html`<ul>
            ${exported.notes.map((n) => html`<li>${n}</li>`)}
          </ul>`
        : html`<p class="muted">Everything in the workspace is exported.</p>`,
      'export-notes',
    )}
    ${card(
      'Variables to give',
      exported.variables.length
        ? html`<p>
              Secrets are never exported. Each is a sensitive variable: terraform asks for it, or reads it from the
              environment.
            </p>
            <ul>
              ${exported.variables.map((name) => html`<li><code>TF_VAR_${name}</code></li>`)}
            </ul>`
        : html`<p class="muted">No secrets: there is nothing to give.</p>`,
      'export-variables',
    )}
    ${card(
      'Commands',
      html`<p>${where} Then, with this server running:</p>
        <pre class="command" id="export-commands">${exportCommands(format, exported.variables, data.rpcUrl)}</pre>`,
      'export-commands-heading',
    )}
    <h2 id="export-files">Files</h2>
    ${exported.files.map((file, index) =>
      card(
        file.path,
        html`<p>
            <a href="${exportFilePath(slug, format, file.path)}" download>Download ${file.path}</a>
          </p>
          <pre class="command">${file.content}</pre>`,
        `export-file-${index}`,
      ),
    )}`;
  return layout(frame, 'Export to Terraform', body);
}
