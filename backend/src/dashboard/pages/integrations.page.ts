import type { ConnectedAppView } from '../../oauth/oauth-grants.service';
import {
  card,
  dateTime,
  type Frame,
  layout,
  notice,
  rowAction,
  settingsPath,
  settingsTabs,
  table,
} from '../components';
import { html, type Html } from '../../common/html';

export interface IntegrationsPageData {
  apps: ConnectedAppView[];
  /** Owners and admins revoke any connection; members their own. */
  canRevokeAny: boolean;
  userId: string;
  message?: string;
  done?: string;
}

export function integrationsPage(frame: Frame, data: IntegrationsPageData): Html {
  const slug = frame.current!.slug;
  const base = settingsPath(slug, 'integrations');
  const rows = data.apps.map((a) => [
    a.clientName || a.clientId,
    a.scope === 'write' ? 'Read and write' : 'Read',
    a.userEmail,
    dateTime(a.createdAt),
    dateTime(a.lastUsedAt),
    data.canRevokeAny || a.userId === data.userId
      ? rowAction(`${base}/revoke`, frame.csrf, { field: 'grantId', value: a.id }, 'Revoke', a.clientName || a.clientId)
      : '',
  ]);
  return layout(
    frame,
    `Integrations · ${frame.current!.name}`,
    html`<h1>Settings</h1>
      ${settingsTabs(slug, 'integrations')} ${data.message ? notice('error', data.message) : ''}
      ${data.done ? notice('success', data.done) : ''}
      ${card(
        'Connected apps',
        html`<p class="hint">
            AI clients and editors connected to this workspace over OAuth. Revoking one disconnects it at once; it must
            ask for consent again.
          </p>
          ${table('Connected apps', ['App', 'Access', 'Connected by', 'Connected', 'Last used', ''], rows, 'No connected apps.')}`,
        'connected-apps',
      )}`,
  );
}
