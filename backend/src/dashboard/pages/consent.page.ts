import type { PendingAuthorization } from '../../oauth/oauth-consent.service';
import { layout, notice, postForm, radios, select, type Frame } from '../components';
import { html, type Html } from '../../common/html';

export interface ConsentPageData {
  pending: PendingAuthorization;
  message?: string;
  workspaceId?: string;
  scope?: string;
}

export function consentPage(frame: Frame, data: ConsentPageData): Html {
  const p = data.pending;
  const scopes =
    p.scope === 'write'
      ? [
          { value: 'write', label: 'Read and write', hint: 'it may also create, change and delete' },
          { value: 'read', label: 'Read only', hint: 'it may list and read' },
        ]
      : [{ value: 'read', label: 'Read only', hint: 'it may list and read' }];
  const workspaces = frame.workspaces.map((w) => ({ value: w.workspace.id, label: w.workspace.name }));
  const action = `/oauth/consent?request=${encodeURIComponent(p.id)}`;
  // Without a workspace there is nothing to connect to: the only answer left is to deny.
  const choices = workspaces.length
    ? html`${select('Workspace', 'workspaceId', workspaces, data.workspaceId ?? workspaces[0].value)}
        ${radios('Access', 'scope', scopes, data.scope && scopes.some((s) => s.value === data.scope) ? data.scope : p.scope)}
        <div class="actions">
          <button type="submit" name="decision" value="approve">Approve</button>
          <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
        </div>`
    : html`${notice('warning', 'You are not a member of any workspace, so there is nothing to connect it to.')}
        <div class="actions"><button type="submit" name="decision" value="deny" class="secondary">Deny</button></div>`;
  return layout(
    frame,
    'Connect an app',
    html`<h1>Connect ${p.clientName || p.clientId}?</h1>
      ${data.message ? notice('error', data.message) : ''}
      <p>
        <strong>${p.clientName || p.clientId}</strong> asks to use your account. After approval it is sent back to
        <strong>${p.redirectHost}</strong>.
      </p>
      ${p.allLoopback ? notice('warning', 'This app runs on a computer (it redirects only to a local address). Approve only if you started the connection yourself, from an app on your computer.') : ''}
      ${postForm(action, frame.csrf, choices, 'Approve or deny')}
      <p class="hint">You can disconnect it at any time under Settings → Integrations.</p>`,
  );
}
