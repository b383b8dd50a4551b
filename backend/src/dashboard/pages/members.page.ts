import type { MembershipEntity } from '../../users/membership.entity';
import {
  card,
  dateTime,
  field,
  type Frame,
  layout,
  notice,
  postForm,
  rowAction,
  select,
  settingsPath,
  settingsTabs,
  table,
} from '../components';
import { html, type Html } from '../../common/html';
import type { FormState } from './form-state';

export interface MembersPageData {
  members: MembershipEntity[];
  canManage: boolean;
  form: FormState;
  done?: string;
}

const ROLES = [
  { value: 'viewer', label: 'Viewer (reads, changes nothing)' },
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
  { value: 'owner', label: 'Owner' },
];

export function membersPage(frame: Frame, data: MembersPageData): Html {
  const slug = frame.current!.slug;
  const base = settingsPath(slug, 'members');
  const rows = data.members.map((m) => [
    m.user?.email ?? m.userId,
    m.user?.name ?? '',
    m.role,
    dateTime(m.createdAt),
    data.canManage
      ? rowAction(
          `${base}/remove`,
          frame.csrf,
          { field: 'userId', value: m.userId },
          'Remove',
          m.user?.email ?? m.userId,
        )
      : '',
  ]);
  const addForm = data.canManage
    ? card(
        'Add a member',
        postForm(
          base,
          frame.csrf,
          html`${field({ label: 'E-mail', name: 'email', type: 'email', value: data.form.values.email ?? '', required: true, maxLength: 320, error: data.form.errors.email })}
            ${select('Role', 'role', ROLES, data.form.values.role ?? 'member', data.form.errors.role)}
            <div class="actions"><button type="submit">Add member</button></div>`,
          'Add a member',
        ),
        'add-member',
      )
    : html`<p class="muted">Owners and admins add and remove members.</p>`;
  return layout(
    frame,
    `Members · ${frame.current!.name}`,
    html`<h1>Settings</h1>
      ${settingsTabs(slug, 'members')} ${data.form.message ? notice('error', data.form.message) : ''}
      ${data.done ? notice('success', data.done) : ''}
      ${card(
        'Members',
        html`<p class="hint">Removing a member also disconnects the apps they connected to this workspace.</p>
          ${table('Members', ['E-mail', 'Name', 'Role', 'Since', ''], rows, 'No members.')}`,
        'members',
      )}
      ${addForm}`,
  );
}
