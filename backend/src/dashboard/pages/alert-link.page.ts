// The page behind the "Acknowledge" link of an alert message (issue 29): who holds the link sees which
// alert it names and a button; only the button's POST acknowledges, so a mail scanner that opens the
// link changes nothing. No session: the signed token in the path is the capability (alert-ack-links.ts).
import type { AlertView } from '../../alerts/alert.view';
import { html, type Html } from '../../common/html';
import { dateTime, notice, plainLayout } from '../components';
import { STATUS_WORDS } from './monitor-format';

/** What the POST did, in words; read off the verb's answer and the alert's state before it. */
export type AlertLinkOutcome = 'acknowledged' | 'already-acknowledged' | 'resolved';

function facts(a: AlertView): Html {
  return html`<dl class="facts">
    <dt>Monitor</dt>
    <dd>${a.monitorName || `#${a.monitorId}`}</dd>
    <dt>Alert</dt>
    <dd>#${a.id}: ${a.state} (${STATUS_WORDS[a.status] ?? a.status})</dd>
    <dt>Opened</dt>
    <dd>${dateTime(a.openedAt)}</dd>
    ${
      a.acknowledgedAt
        ? html`<dt>Acknowledged</dt>
            <dd>${dateTime(a.acknowledgedAt)} by ${a.acknowledgedBy ?? ''}</dd>`
        : ''
    }
    ${
      a.resolvedAt
        ? html`<dt>Resolved</dt>
            <dd>${dateTime(a.resolvedAt)}</dd>`
        : ''
    }
  </dl>`;
}

/** GET: the alert and, while it is open, the button that acknowledges it. */
export function alertLinkPage(action: string, a: AlertView): Html {
  const title = `Alert: ${a.monitorName || `#${a.monitorId}`}`;
  const body = html`<h1>${title}</h1>
    ${facts(a)}
    ${
      a.state === 'open'
        ? html`<p>Acknowledging stops this alert's reminders and escalation. The recovery is still sent.</p>
            <form method="post" action="${action}" aria-label="Acknowledge the alert">
              <button type="submit">Acknowledge</button>
            </form>`
        : notice(
            'success',
            a.state === 'resolved'
              ? 'This alert is resolved: nothing to acknowledge.'
              : 'This alert is already acknowledged.',
          )
    }`;
  return plainLayout(title, body);
}

const OUTCOME_WORDS: Record<AlertLinkOutcome, string> = {
  acknowledged: 'Acknowledged: reminders and escalation stopped.',
  'already-acknowledged': 'This alert was already acknowledged.',
  resolved: 'This alert is resolved: nothing to acknowledge.',
};

/** POST: what happened. */
export function alertLinkDonePage(a: AlertView, outcome: AlertLinkOutcome): Html {
  const title = `Alert: ${a.monitorName || `#${a.monitorId}`}`;
  return plainLayout(
    title,
    html`<h1>${title}</h1>
      ${notice('success', OUTCOME_WORDS[outcome])} ${facts(a)}`,
  );
}

/** A refused link (forged, altered, expired, or its alert forgotten): the verb's message. */
export function alertLinkRefusedPage(message: string): Html {
  return plainLayout(
    'This link did not work',
    html`<h1>This link did not work</h1>
      <p>${message}</p>
      <p><a href="/app">Open the dashboard</a></p>`,
  );
}
