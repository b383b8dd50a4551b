// The components of a status page on its dashboard screen: the table that places them (by number
// without JavaScript, dragged with ARRANGE_SCRIPT), removing one, the add form, and the "affected
// components" checkboxes that incidents and maintenances share.
import { html, type Html } from '../../common/html';
import type { ComponentView, GroupView } from '../../status-pages/status-page.views';
import { card, checkbox, field, postForm, radios, rowAction, select, textarea } from '../components';
import { componentEditPath } from './component-form.page';

export const ARRANGE_SCRIPT_PATH = '/app/assets/arrange.js';

/** What every section of a status page's screen knows: where its forms post, and who is looking. */
export interface PageSection {
  slug: string;
  pageId: string;
  pageTitle: string;
  /** The page's own screen, under which every form posts. */
  base: string;
  csrf: string;
  canWrite: boolean;
  /** Monitor names by id. */
  monitorNames: Map<string, string>;
}

export function componentName(c: ComponentView, monitors: Map<string, string>): string {
  return c.name || (c.monitorId ? (monitors.get(c.monitorId) ?? `monitor ${c.monitorId}`) : 'Unnamed');
}

/** Components in page order: by order, then position in the group. */
export function inPageOrder(components: ComponentView[]): ComponentView[] {
  return [...components].sort(
    (a, b) => a.order - b.order || a.groupOrder - b.groupOrder || Number(a.id) - Number(b.id),
  );
}

export function groupChoicesOf(groups: GroupView[]): Array<{ value: string; label: string }> {
  return [{ value: '', label: 'No group' }, ...groups.map((g) => ({ value: g.id, label: g.name }))];
}

function arrangeRow(s: PageSection, c: ComponentView, groups: GroupView[]): Html {
  const name = componentName(c, s.monitorNames);
  const groupChoices = groupChoicesOf(groups);
  return html`<tr draggable="${s.canWrite ? 'true' : 'false'}" data-id="${c.id}">
    <th scope="row">
      <span class="name">${name}</span>
      <span class="muted">${c.monitorId ? `shows ${s.monitorNames.get(c.monitorId) ?? c.monitorId}` : 'static'}</span>
      ${s.canWrite ? html`<a href="${componentEditPath(s.slug, s.pageId, c.id)}" aria-label="Edit ${name}">Edit</a>` : ''}
    </th>
    ${
      s.canWrite
        ? html`<td>
              <label class="skip" for="order-${c.id}">Position of ${name}</label
              ><input
                class="num"
                type="text"
                inputmode="numeric"
                id="order-${c.id}"
                name="order.${c.id}"
                value="${String(c.order)}"
                size="4"
              />
            </td>
            <td>
              <label class="skip" for="group-${c.id}">Group of ${name}</label>
              <select id="group-${c.id}" name="group.${c.id}">
                ${groupChoices.map((g) => html`<option value="${g.value}" ${g.value === (c.groupId ?? '') ? html` selected` : ''}>${g.label}</option>`)}
              </select>
            </td>
            <td>
              <label class="skip" for="groupOrder-${c.id}">Position of ${name} in its group</label
              ><input
                class="num"
                type="text"
                inputmode="numeric"
                id="groupOrder-${c.id}"
                name="groupOrder.${c.id}"
                value="${String(c.groupOrder)}"
                size="4"
              />
            </td>`
        : html`<td>${String(c.order)}</td>
            <td>${groups.find((g) => g.id === c.groupId)?.name ?? html`<span class="muted">—</span>`}</td>
            <td>${String(c.groupOrder)}</td>`
    }
  </tr>`;
}

function componentsTable(s: PageSection, ordered: ComponentView[], groups: GroupView[]): Html {
  if (!ordered.length) return html`<p class="muted">No components yet.</p>`;
  return html`<table class="arrange">
    <caption class="skip">
      Components of ${s.pageTitle}
    </caption>
    <thead>
      <tr>
        <th scope="col">Component</th>
        <th scope="col">Position</th>
        <th scope="col">Group</th>
        <th scope="col">Position in group</th>
      </tr>
    </thead>
    <tbody>
      ${ordered.map((c) => arrangeRow(s, c, groups))}
    </tbody>
  </table>`;
}

/** The components card: the placing table (a form for writers) and the list to remove one from. */
export function componentsCard(s: PageSection, components: ComponentView[], groups: GroupView[]): Html {
  const ordered = inPageOrder(components);
  const table = componentsTable(s, ordered, groups);
  const arrange =
    s.canWrite && ordered.length
      ? postForm(
          `${s.base}/components/arrange`,
          s.csrf,
          html`<p class="hint">Lower positions come first; drag the rows or change the numbers, then save.</p>
            ${table}
            <div class="actions"><button type="submit">Save order</button></div>`,
          'Order of the components',
        )
      : table;
  const remove =
    s.canWrite && ordered.length
      ? html`<details>
          <summary>Remove a component</summary>
          <ul class="plain">
            ${ordered.map(
              (c) =>
                html`<li>
                  ${rowAction(`${s.base}/components/delete`, s.csrf, { field: 'id', value: c.id }, 'Remove', componentName(c, s.monitorNames))}
                  ${componentName(c, s.monitorNames)}
                </li>`,
            )}
          </ul>
        </details>`
      : '';
  return card('Components', html`${arrange} ${remove}`, 'components');
}

export interface ComponentFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** The add form of a component, for writers; shown again with the verb's refusal beside its fields. */
export function addComponentCard(
  s: PageSection,
  monitors: Array<{ id: string; name: string }>,
  groups: GroupView[],
  cf: ComponentFormState = { values: { type: 'monitor' }, errors: {} },
): Html | '' {
  if (!s.canWrite) return '';
  return card(
    'Add a component',
    postForm(
      `${s.base}/components`,
      s.csrf,
      html`${radios(
          'Shows',
          'type',
          [
            { value: 'monitor', label: 'A monitor', hint: 'its status and uptime' },
            { value: 'static', label: 'Nothing automatic', hint: 'set by your incidents and maintenances' },
          ],
          cf.values.type ?? 'monitor',
          cf.errors.type,
        )}
        ${select(
          'Monitor',
          'monitorId',
          [{ value: '', label: '—' }, ...monitors.map((m) => ({ value: m.id, label: m.name }))],
          cf.values.monitorId ?? '',
          cf.errors.monitorId,
        )}
        ${field({ label: 'Name', name: 'name', value: cf.values.name ?? '', error: cf.errors.name, hint: 'Empty: the monitor\u2019s name.' })}
        ${textarea({ label: 'Description', name: 'description', value: cf.values.description ?? '', error: cf.errors.description, rows: 2 })}
        ${select('Group', 'groupId', groupChoicesOf(groups), cf.values.groupId ?? '', cf.errors.groupId)}
        <div class="actions"><button type="submit">Add component</button></div>`,
      'Add a component',
    ),
    'add-component',
  );
}

/** The checkboxes of the components an incident or a maintenance affects (`component.<id>`). */
export function affectedComponentsField(
  components: ComponentView[],
  names: Map<string, string>,
  values: Record<string, string>,
  errors: Record<string, string>,
): Html {
  return html`<fieldset>
    <legend>Affected components</legend>
    ${errors.pageComponentIds ? html`<p class="field-error" id="f-pageComponentIds">${errors.pageComponentIds}</p>` : ''}
    ${
      components.length
        ? inPageOrder(components).map((c) =>
            checkbox(componentName(c, names), `component.${c.id}`, values[`component.${c.id}`] === 'on'),
          )
        : html`<p class="muted">The page has no components.</p>`
    }
  </fieldset>`;
}

/** Lives at ARRANGE_SCRIPT_PATH: dragging a component row renumbers the positions of every row. */
export const ARRANGE_SCRIPT = `(() => {
  const body = document.querySelector('table.arrange tbody');
  if (!body) return;
  let dragged = null;
  const renumber = () => {
    body.querySelectorAll('tr').forEach((row, index) => {
      const input = row.querySelector('input[name^="order."]');
      if (input) input.value = String(index + 1);
    });
  };
  body.addEventListener('dragstart', (e) => { dragged = e.target.closest('tr'); e.dataTransfer.effectAllowed = 'move'; });
  body.addEventListener('dragover', (e) => {
    const row = e.target.closest('tr');
    if (!dragged || !row || row === dragged) return;
    e.preventDefault();
    const after = e.clientY > row.getBoundingClientRect().top + row.offsetHeight / 2;
    body.insertBefore(dragged, after ? row.nextSibling : row);
  });
  body.addEventListener('drop', (e) => { e.preventDefault(); renumber(); dragged = null; });
  body.addEventListener('dragend', () => { renumber(); dragged = null; });
})();
`;
