// The audit log: the last 14 days of changes to the workspace, newest first, filtered by entity and
// actor, each with what it changed (the field, its value before and after). Snapshots hold no secret
// (audit-snapshot.ts), so nothing here needs hiding.
import type { AuditEntryView } from '../../audit/audit.service';
import { html, type Html } from '../../common/html';
import { layout, notice, workspacePath, type Frame } from '../components';

export const AUDIT_PER_PAGE = 25;
const VALUE_LIMIT = 200;

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  actor?: string;
  page?: number;
}

export interface AuditPageData {
  entries: AuditEntryView[];
  total: number;
  filter: AuditFilter;
  /** E-mail of the people behind entries, by user id. */
  people: Map<string, string>;
  /** The plan has no audit log, or the filter was refused. */
  message?: string;
}

export function auditPage(frame: Frame, data: AuditPageData): Html {
  const slug = frame.current!.slug;
  const base = workspacePath(slug, 'audit');
  const { filter } = data;
  const page = filter.page ?? 1;
  const link = (p: number) => {
    const q = new URLSearchParams();
    if (filter.entityType) q.set('entityType', filter.entityType);
    if (filter.entityId) q.set('entityId', filter.entityId);
    if (filter.actor) q.set('actor', filter.actor);
    q.set('page', String(p));
    return `${base}?${q.toString()}`;
  };
  const body = html`<h1>Audit log</h1>
    <p class="muted">Every change to this workspace in the last 14 days, newest first.</p>
    <form method="get" action="${base}" class="filters" role="search" aria-label="Filter the audit log">
      <div>
        <label for="f-entityType">Entity type</label>
        <input id="f-entityType" name="entityType" type="text" maxlength="64" value="${filter.entityType ?? ''}" />
      </div>
      <div>
        <label for="f-entityId">Entity id</label>
        <input id="f-entityId" name="entityId" type="text" maxlength="64" value="${filter.entityId ?? ''}" />
      </div>
      <div>
        <label for="f-actor">Actor</label>
        <input id="f-actor" name="actor" type="text" maxlength="128" value="${filter.actor ?? ''}" />
      </div>
      <div class="actions"><button type="submit" class="secondary">Filter</button></div>
    </form>
    ${data.message ? notice('error', data.message) : ''}
    ${
      data.entries.length
        ? html`<ol class="audit">
            ${data.entries.map((e) => entry(base, e, data.people))}
          </ol>`
        : data.message
          ? ''
          : html`<p class="muted">No entry matches.</p>`
    }
    <nav class="pager" aria-label="Audit log pages">
      ${page > 1 ? html`<a href="${link(page - 1)}">Newer</a>` : ''}
      ${page * AUDIT_PER_PAGE < data.total ? html`<a href="${link(page + 1)}">Older</a>` : ''}
    </nav>`;
  return layout(frame, 'Audit log', body);
}

function entry(base: string, e: AuditEntryView, people: Map<string, string>): Html {
  const person = e.actorUserId ? people.get(e.actorUserId) : undefined;
  const fields = e.changedFields.length
    ? e.changedFields
    : [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  const entityLink = `${base}?${new URLSearchParams({ entityType: e.entityType, entityId: e.entityId }).toString()}`;
  const actorLink = `${base}?${new URLSearchParams({ actor: e.actorUserId ?? e.actorId }).toString()}`;
  return html`<li class="card">
    <p>
      <strong>${e.action}</strong> of <a href="${entityLink}">${e.entityType} ${e.entityId}</a> by
      <a href="${actorLink}">${person ?? e.actorId}</a>
      <span class="muted">(${e.actorType}${person ? `, ${e.actorId}` : ''}, via ${e.via})</span>
      <time datetime="${e.createdAt}" class="muted">${e.createdAt.slice(0, 19).replace('T', ' ')} UTC</time>
    </p>
    ${
      fields.length
        ? html`<table class="diff">
            <caption class="skip">
              What changed
            </caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              ${fields.map(
                (f) =>
                  html`<tr>
                    <th scope="row"><code>${f}</code></th>
                    <td class="before">${value(e.before, f)}</td>
                    <td class="after">${value(e.after, f)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : ''
    }
  </li>`;
}

function value(snapshot: Record<string, unknown> | null, field: string): Html {
  if (!snapshot || !(field in snapshot)) return html`<span class="muted">—</span>`;
  const text = JSON.stringify(snapshot[field]) ?? 'null';
  return html`<code>${text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT)}…` : text}</code>`;
}
