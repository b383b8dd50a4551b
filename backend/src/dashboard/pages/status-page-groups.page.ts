// The groups of a status page on its dashboard screen: the list (with delete for writers) and the
// add form. A group shows several components under one heading.
import { html, type Html } from '../../common/html';
import type { GroupView } from '../../status-pages/status-page.views';
import { card, field, postForm, rowAction, table } from '../components';
import type { PageSection } from './status-page-components.page';

export function groupsCard(s: PageSection, groups: GroupView[]): Html {
  return card(
    'Groups',
    html`${table(
      'Component groups',
      ['Group', ''],
      groups.map((g) => [
        g.name,
        s.canWrite
          ? rowAction(`${s.base}/groups/delete`, s.csrf, { field: 'id', value: g.id }, 'Delete', `the group ${g.name}`)
          : '',
      ]),
      'No groups. A group shows several components under one heading.',
    )}
    ${
      s.canWrite
        ? postForm(
            `${s.base}/groups`,
            s.csrf,
            html`${field({ label: 'New group', name: 'name', maxLength: 256 })}
              <div class="actions"><button type="submit" class="secondary">Add group</button></div>`,
            'Add a group',
          )
        : ''
    }`,
    'groups',
  );
}
