// The subscribers of a status page in the dashboard: their count on the page's screen, and their own
// page with the list, the import form and removal; both say so when e-mail is off.
import { html, type Html } from '../../common/html';
import type { StatusPageView } from '../../status-pages/status-page.views';
import type { SubscriberView } from '../../subscribers/subscriber.view';
import {
  card,
  checkbox,
  dateTime,
  type Frame,
  hidden,
  layout,
  notice,
  postForm,
  rowAction,
  table,
  textarea,
} from '../components';
import type { PageSection } from './status-page-components.page';
import { statusPagesPath } from './status-pages.page';

/** The subscribers card of a status page's screen: how many, and the way to manage them. */
export function subscribersCard(s: PageSection, count: number, mailOff: boolean | undefined): Html {
  return card(
    'Subscribers',
    html`${mailOff ? mailOffNotice() : ''}
      <p>
        ${String(count)} ${count === 1 ? 'subscriber' : 'subscribers'}.
        <a href="${s.base}/subscribers">Manage subscribers</a>
      </p>`,
    'subscribers',
  );
}

export interface SubscribersPageData {
  page: StatusPageView;
  /** E-mail is off (no SMTP_URL): only confirmed imports work, and the page says how to turn it on. */
  mailOff?: boolean;
  subscribers: SubscriberView[];
  total: number;
  canWrite: boolean;
  done?: string;
  message?: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

function importCard(csrf: string, base: string, data: SubscribersPageData): Html {
  return card(
    'Import subscribers',
    postForm(
      `${base}/subscribers/import`,
      csrf,
      html`${textarea({ label: 'E-mail addresses', name: 'emails', value: data.values.emails ?? '', error: data.errors.emails, rows: 5, hint: 'One per line (or separated by commas), up to 1000.' })}
        ${checkbox('They already agreed to get these mails', 'confirmed', data.values.confirmed === 'on', 'no confirmation mail is sent')}
        ${hidden('page', data.page.id)}
        <div class="actions"><button type="submit">Import</button></div>`,
      'Import subscribers',
    ),
    'import',
  );
}

export function subscribersPage(frame: Frame, data: SubscribersPageData): Html {
  const slug = frame.current!.slug;
  const base = statusPagesPath(slug, data.page.id);
  const rows = data.subscribers.map((s) => [
    s.email,
    s.status,
    dateTime(s.createdAt),
    data.canWrite && s.status !== 'unsubscribed'
      ? rowAction(`${base}/subscribers/remove`, frame.csrf, { field: 'id', value: s.id }, 'Remove', s.email)
      : '',
  ]);
  return layout(
    frame,
    `Subscribers of ${data.page.title} · ${frame.current!.name}`,
    html`<p class="crumbs">
        <a href="${statusPagesPath(slug)}">Status pages</a> › <a href="${base}">${data.page.title}</a>
      </p>
      <h1>Subscribers</h1>
      ${data.mailOff ? mailOffNotice() : ''} ${data.done ? notice('success', data.done) : ''}
      ${data.message ? notice('error', data.message) : ''}
      <p class="muted">
        ${String(data.total)} in
        all${data.total > data.subscribers.length ? `; the newest ${data.subscribers.length} shown` : ''}.
      </p>
      ${table('Subscribers', ['E-mail', 'Status', 'Since', ''], rows, 'No subscribers yet.')}
      ${data.canWrite ? importCard(frame.csrf, base, data) : ''}`,
  );
}

/**
 * E-mail is off: what that means for subscribers and how to turn it on. The rule is the subscribers
 * service's (subscriptionsOffered); this only says it.
 */
function mailOffNotice(): Html {
  return notice(
    'warning',
    html`<p>
        <strong>E-mail is off.</strong> This service has no mail relay (<code>SMTP_URL</code> is not set), so the public
        page offers no subscription, no confirmation or update mail goes out, and only addresses imported as already
        agreed can be added.
      </p>
      <p>
        To turn it on, set <code>SMTP_URL</code> to your relay, e.g.
        <code>SMTP_URL=smtp://user:password@smtp.example.com:587</code> (or <code>smtps://…:465</code>), optionally
        <code>MAIL_FROM</code>, and restart the service.
      </p>`,
  );
}
