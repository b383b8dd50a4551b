import type { ApiKeyView } from '../../api-keys/api-keys.service';
import {
  card,
  dateTime,
  field,
  type Frame,
  layout,
  notice,
  postForm,
  radios,
  rowAction,
  settingsPath,
  settingsTabs,
  table,
} from '../components';
import { html, type Html } from '../../common/html';
import type { KeyRow } from '../workspace-settings.service';
import type { FormState } from './form-state';

export interface ApiKeysPageData {
  keys: KeyRow[];
  canManage: boolean;
  form: FormState;
  /** The key just created: shown on this answer only. */
  created?: { apiKey: ApiKeyView; key: string };
  revoked?: string;
}

const SCOPES = [
  { value: 'read', label: 'Read', hint: 'list and read only' },
  { value: 'write', label: 'Read and write', hint: 'also create, change and delete' },
];

export function apiKeysPage(frame: Frame, data: ApiKeysPageData): Html {
  const slug = frame.current!.slug;
  const base = settingsPath(slug);
  const rows = data.keys.map((k) => [
    k.name,
    html`<code>${k.prefix}</code>`,
    k.scope === 'write' ? 'Read and write' : 'Read',
    k.createdByEmail ?? html`<span class="muted">—</span>`,
    dateTime(k.lastUsedAt),
    data.canManage
      ? rowAction(`${base}/api-keys/revoke`, frame.csrf, { field: 'id', value: k.id }, 'Revoke', k.name)
      : '',
  ]);
  const created = data.created
    ? notice(
        'success',
        html`<p>
            Created the key <strong>${data.created.apiKey.name}</strong>. Copy it now: it is shown only this once.
          </p>
          <code class="secret" id="new-key">${data.created.key}</code>`,
      )
    : '';
  const createForm = data.canManage
    ? card(
        'Create an API key',
        postForm(
          `${base}/api-keys`,
          frame.csrf,
          html`${field({ label: 'Name', name: 'name', value: data.form.values.name ?? '', required: true, maxLength: 256, error: data.form.errors.name })}
            ${radios('Access', 'scope', SCOPES, data.form.values.scope ?? 'read', data.form.errors.scope)}
            <div class="actions"><button type="submit">Create key</button></div>`,
          'Create an API key',
        ),
        'create-key',
      )
    : html`<p class="muted">Owners and admins create and revoke keys.</p>`;
  return layout(
    frame,
    `API keys · ${frame.current!.name}`,
    html`<h1>Settings</h1>
      ${settingsTabs(slug, 'general')} ${data.form.message ? notice('error', data.form.message) : ''}
      ${data.revoked ? notice('success', `Revoked the key ${data.revoked}.`) : ''} ${created}
      ${card('API keys', table('API keys', ['Name', 'Prefix', 'Access', 'Created by', 'Last used', ''], rows, 'No API keys yet.'), 'api-keys')}
      ${createForm}`,
  );
}
