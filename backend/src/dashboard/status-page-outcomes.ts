// The notices a status page's screens show after a change, carried by the redirect's query. Only
// codes and counts travel in the URL, so a crafted link cannot put words on the page; what the notice
// says about the mail comes from the verb's answer (`notified`), never from the form's checkbox.
import { notifyFailureOf, type NotifyFailure, type Published } from '../subscribers/page-publisher';
import type { Form } from './dashboard-requests';

/** The notices of a redirect after a change, by its `done` parameter. */
const DONE: Record<string, string> = {
  created: 'Created the status page. Add components to it below.',
  saved: 'Saved the changes.',
  component: 'Added the component.',
  'component-saved': 'Saved the component.',
  arranged: 'Saved the order.',
  removed: 'Removed the component.',
  group: 'Added the group.',
  'group-deleted': 'Deleted the group.',
  'maintenance-saved': 'Saved the maintenance.',
  'maintenance-deleted': 'Deleted the maintenance.',
  'draft-published': 'Published the draft: it is on the public page now.',
};

/**
 * The redirect's query after a publishing verb: what was done and what the verb answered about the
 * mail (`mail=sent`, or the failure's reason and counts); nothing about mail when notify was not
 * asked.
 */
export function outcomeQuery(done: string, answer: Published<unknown>): string {
  const q = new URLSearchParams({ done });
  const failure = answer.notifyFailure;
  if (answer.notified) q.set('mail', 'sent');
  else if (failure) {
    q.set('mail', failure.reason);
    if (failure.reason === 'relay_refused') {
      q.set('failed', String(failure.failed));
      q.set('of', String(failure.of));
    }
  }
  return q.toString();
}

/** What the publishing verbs did, by `done`; the notice goes on to say what became of the mail. */
const PUBLISHED: Record<string, string> = {
  published: 'Published the incident',
  updated: 'Posted the update',
  resolved: 'Resolved the incident',
  maintenance: 'Scheduled the maintenance',
};

const MAIL_FAILURES: ReadonlySet<string> = new Set<NotifyFailure['reason']>([
  'mail_not_configured',
  'relay_refused',
  'dispatch_failed',
]);

/**
 * The notice of a redirect after a change: a success, or a warning when mail was asked for and did not
 * go out. Without `mail` (notify was not asked) it says nothing about mail.
 */
export function outcomeNotice(q: Record<string, string | undefined>): { done?: string; warning?: string } {
  const key = q.done ?? '';
  // Own keys only: `?done=constructor` names no notice.
  if (!Object.hasOwn(PUBLISHED, key)) return { done: Object.hasOwn(DONE, key) ? DONE[key] : undefined };
  const published = PUBLISHED[key];
  const mail = q.mail ?? '';
  if (mail === 'sent') return { done: `${published} and mailed the subscribers.` };
  if (!MAIL_FAILURES.has(mail)) return { done: `${published}.` };
  const count = (name: string) => Math.max(0, Math.floor(Number(q[name] ?? 0)) || 0);
  const failure = notifyFailureOf(mail as NotifyFailure['reason'], { failed: count('failed'), of: count('of') });
  return { warning: `${published}; the mail to subscribers could not be sent: ${failure.message}.` };
}

/** The ids of the checked boxes named `<prefix><id>` (the affected components of an announcement). */
export const checkedIds = (form: Form, prefix: string): string[] =>
  Object.keys(form)
    .filter((k) => k.startsWith(prefix) && form[k] === 'on')
    .map((k) => k.slice(prefix.length));
