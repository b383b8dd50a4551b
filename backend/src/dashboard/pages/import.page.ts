// The import page (issue 30): a file of Uptime Kuma, Gatus or OpenStatus uploaded, its plan shown in
// plain words before anything is written (what will be created, what an earlier import created
// already, what is skipped, what maps only approximately or not at all), then, for writers, the
// import of that same file and what it created, with links. The plan and the result are the verbs'
// answers (ImportsService.plan and apply); this page only draws them.
import { html, type Html } from '../../common/html';
import { CSRF_FIELD } from '../../http/csrf';
import type { ImportFinding, ImportItemKind, ImportSource } from '../../imports/import-model';
import type { ImportPlan, PlanItem } from '../../imports/import-plan';
import { card, checkbox, errorSummary, type Frame, hidden, layout, notice, select, textarea } from '../components';
import type { FormState } from './form-state';
import { monitorPath } from './monitor-format';

export const SOURCE_CHOICES: Array<{ value: ImportSource; label: string }> = [
  { value: 'uptime-kuma', label: 'Uptime Kuma (its database file, kuma.db)' },
  { value: 'gatus', label: 'Gatus (its YAML configuration)' },
  { value: 'openstatus', label: 'OpenStatus (its monitors YAML, openstatus.yaml)' },
];

const SOURCE_NAMES: Record<ImportSource, string> = {
  'uptime-kuma': 'Uptime Kuma',
  gatus: 'Gatus',
  openstatus: 'OpenStatus',
};

const FORM_LABELS: Record<string, string> = {
  source: 'Import from',
  file: 'File',
  env: 'Variables',
};

const KIND_WORDS: Record<ImportItemKind, string> = {
  monitor: 'Monitor',
  channel: 'Notification channel',
  status_page: 'Status page',
  component_group: 'Component group',
  component: 'Component',
  maintenance: 'Maintenance',
};

export function importPath(slug: string): string {
  return `/app/w/${encodeURIComponent(slug)}/import`;
}

export interface ImportPageData {
  /** Writers may import; viewers only preview. */
  canWrite: boolean;
  /** The form's values (source, env, activate) and its refusal. */
  form: FormState;
  /** A previewed file: its plan and the fingerprint the import form carries, so only that file is imported. */
  preview?: { plan: ImportPlan; fingerprint: string; fileName: string };
  /** An applied import: the plan as applied (created items carry their ids). */
  result?: { plan: ImportPlan; activated: boolean; fileName: string };
}

/** Where a resource an import created or matched is seen, or null for those seen from their page only. */
function resourceHref(slug: string, kind: ImportItemKind, id: string): string | null {
  const base = `/app/w/${encodeURIComponent(slug)}`;
  switch (kind) {
    case 'monitor':
      return monitorPath(slug, id);
    case 'channel':
      return `${base}/notifications/${encodeURIComponent(id)}/edit`;
    case 'status_page':
      return `${base}/status-pages/${encodeURIComponent(id)}`;
    case 'component_group':
    case 'component':
    case 'maintenance':
      return null;
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown import item kind ${String(unreachable)}`);
    }
  }
}

function itemLine(slug: string, item: PlanItem, linked: boolean): Html {
  const href = linked && item.resourceId ? resourceHref(slug, item.kind, item.resourceId) : null;
  return html`<li>
    <span class="muted">${KIND_WORDS[item.kind]}</span>
    ${href ? html`<a href="${href}">${item.label}</a>` : html`<strong>${item.label}</strong>`}
    ${item.reason ? html`<span class="muted">— ${item.reason}</span>` : ''}
  </li>`;
}

function findingLine(f: ImportFinding): Html {
  const word = f.level === 'approximate' ? 'Approximate' : 'Not mapped';
  return html`<li>
    <span class="badge ${f.level === 'approximate' ? 'degraded' : 'error'}">${word}</span>
    ${f.field ? html`<code>${f.field}</code>: ` : ''}${f.message}
  </li>`;
}

function section(title: string, id: string, items: Html[], empty: string): Html {
  return card(
    title,
    items.length
      ? html`<ul class="import-items">
          ${items}
        </ul>`
      : html`<p class="muted">${empty}</p>`,
    id,
  );
}

/** The plan, or the applied plan, in the sections a person reads before and after an import. */
function planSections(slug: string, plan: ImportPlan, applied: boolean): Html {
  const of = (action: PlanItem['action']) => plan.items.filter((i) => i.action === action);
  const withFindings = plan.items.filter((i) => i.findings.length);
  return html`${section(
    applied ? 'Created' : 'To create',
    'import-create',
    of('create').map((i) => itemLine(slug, i, applied)),
    applied ? 'Nothing was created.' : 'Nothing to create.',
  )}
  ${section(
    'Already imported',
    'import-match',
    of('match').map((i) => itemLine(slug, i, true)),
    'Nothing of this file was imported before.',
  )}
  ${section(
    'Skipped',
    'import-skip',
    of('skip').map((i) => itemLine(slug, i, false)),
    'Nothing is skipped.',
  )}
  ${card(
    'Approximate and not mapped',
    withFindings.length
      ? html`<ul class="import-items">
          ${withFindings.map(
            (i) =>
              html`<li>
                <span class="muted">${KIND_WORDS[i.kind]}</span> <strong>${i.label}</strong>
                <ul>
                  ${i.findings.map(findingLine)}
                </ul>
              </li>`,
          )}
        </ul>`
      : html`<p class="muted">Every item maps exactly.</p>`,
    'import-findings',
  )}
  ${card(
    'About the file',
    plan.findings.length
      ? html`<ul class="import-items">
          ${plan.findings.map(findingLine)}
        </ul>`
      : html`<p class="muted">Nothing to say about the file as a whole.</p>`,
    'import-file-findings',
  )}`;
}

function summary(plan: ImportPlan, applied: boolean): string {
  const c = plan.counts;
  return `${applied ? 'Imported from' : 'Plan of the import from'} ${SOURCE_NAMES[plan.source]}: ${c.create} ${
    applied ? 'created' : 'to create'
  }, ${c.match} already imported, ${c.skip} skipped; ${c.approximate} approximate, ${c.unmappable} not mapped.`;
}

/** A labelled file input, described like the other fields (components.ts has none: only this page uploads). */
function fileInput(id: string, name: string, label: string, hint: string, error?: string): Html {
  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`<label for="${id}">${label}</label>
    <p class="hint" id="${id}-hint">${hint}</p>
    ${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}
    <input
      id="${id}"
      name="${name}"
      type="file"
      required
      aria-describedby="${described}"
      ${error ? html` aria-invalid="true"` : ''}
    />`;
}

/** A form that uploads: multipart, with the CSRF token first so it is read before the file. */
function uploadForm(action: string, csrf: string, label: string, body: Html): Html {
  return html`<form method="post" action="${action}" enctype="multipart/form-data" aria-label="${label}">
    <input type="hidden" name="${CSRF_FIELD}" value="${csrf}" />
    ${body}
  </form>`;
}

export function importPage(frame: Frame, data: ImportPageData): Html {
  const slug = frame.current!.slug;
  const base = importPath(slug);
  const { form } = data;
  const source = form.values.source ?? SOURCE_CHOICES[0].value;
  const previewForm = uploadForm(
    `${base}/preview`,
    frame.csrf,
    'Preview an import',
    html`${errorSummary(form.errors, FORM_LABELS)} ${form.message ? notice('error', form.message) : ''}
      ${select(FORM_LABELS.source, 'source', SOURCE_CHOICES, source, form.errors.source)}
      ${fileInput(
        'f-file',
        'file',
        'File',
        'Uptime Kuma: its kuma.db (read only, never changed). Gatus: its config.yaml. OpenStatus: the file `openstatus monitors import` writes.',
        form.errors.file,
      )}
      ${textarea({
        label: FORM_LABELS.env,
        name: 'env',
        value: form.values.env ?? '',
        error: form.errors.env,
        rows: 3,
        hint: 'For Gatus: the values its ${VAR} take, one per line as KEY=VALUE. The server’s own environment is never used.',
      })}
      ${checkbox(
        'Create monitors active',
        'activate',
        form.values.activate === 'on',
        'off: monitors are created paused, so you can check them before they run',
      )}
      <div class="actions"><button type="submit">Preview</button></div>`,
  );
  const preview = data.preview;
  const body = html`<p class="crumbs"><a href="/app/w/${encodeURIComponent(slug)}/monitors">Monitors</a></p>
    <h1>Import from another tool</h1>
    <p class="muted">
      Bring monitors, notification channels, status pages and maintenances over from Uptime Kuma, Gatus or OpenStatus.
      Preview shows what an import would do and writes nothing; importing the same file again creates nothing new.
    </p>
    ${
      data.result
        ? html`${notice(
            'success',
            html`<p id="import-summary">${summary(data.result.plan, true)}</p>
              <p>
                ${data.result.activated ? 'Monitors were created active.' : 'Monitors were created paused.'}
                <a href="/app/w/${encodeURIComponent(slug)}/monitors">Go to the monitors</a>.
              </p>`,
          )}
          ${planSections(slug, data.result.plan, true)}`
        : ''
    }
    ${card(data.result ? 'Import another file' : 'Choose a file', previewForm, 'import-form')}
    ${
      preview
        ? html`<h2 id="import-plan">Preview of ${preview.fileName}</h2>
            <p id="import-summary">${summary(preview.plan, false)}</p>
            ${planSections(slug, preview.plan, false)} ${importForm(frame.csrf, base, data)}`
        : ''
    }`;
  return layout(frame, 'Import', body);
}

/**
 * The import of the previewed file. The server keeps no copy of an upload (a server of several nodes
 * shares no memory, and a copy in the page would put the file's secrets in it): the person chooses
 * the same file again, and the fingerprint of what was previewed, carried here, refuses any other.
 */
function importForm(csrf: string, base: string, data: ImportPageData): Html {
  const preview = data.preview!;
  if (!data.canWrite) {
    return card(
      'Import',
      html`<p class="muted">You can preview imports; importing is for the workspace’s members and owners.</p>`,
      'import-apply',
    );
  }
  if (preview.plan.counts.create === 0) {
    return card('Import', html`<p class="muted">Nothing to import: everything is already here.</p>`, 'import-apply');
  }
  const v = data.form.values;
  return card(
    'Import',
    uploadForm(
      base,
      csrf,
      'Import the previewed file',
      html`${hidden('source', preview.plan.source)} ${hidden('previewed', preview.fingerprint)}
        ${hidden('env', v.env ?? '')}
        ${fileInput(
          'f-import-file',
          'file',
          `The same file again (${preview.fileName})`,
          'Choose the file you previewed once more: this server keeps no copy of it. Any other file is refused.',
        )}
        <label class="check" for="f-import-activate"
          ><input type="checkbox" id="f-import-activate" name="activate" ${v.activate === 'on' ? html` checked` : ''} />
          <span>Create monitors active <span class="muted">— off: monitors are created paused</span></span></label
        >
        <div class="actions"><button type="submit">Import</button></div>`,
    ),
    'import-apply',
  );
}
