// The leaf certificate a check saw, as the response log detail and the monitor page show it: subject,
// names, issuer, serial, validity, days left, and whether it verified or why not.
import type { CertificateInfo } from '../../checks/check-config';
import { html, type Html, type HtmlValue } from '../../common/html';
import { card } from '../components';
import { when } from './monitor-format';

/** `12 days left`, `expires today`, `expired 3 days ago`. */
export function daysLeftWords(daysLeft: number): string {
  if (daysLeft < 0) return `expired ${-daysLeft} ${daysLeft === -1 ? 'day' : 'days'} ago`;
  if (daysLeft === 0) return 'expires today';
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
}

/** A date of the certificate (ISO 8601 text) as the dashboard writes times; the text itself if it does not parse. */
function dateOf(iso: string): HtmlValue {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : when(at);
}

/** `seen`: when and where the check that saw it ran (the monitor page's latest certificate). */
export function certificateCard(certificate: CertificateInfo | null, seen?: { at: Date; region: string }): Html {
  if (!certificate) return html``;
  const c = certificate;
  const rows: Array<[string, HtmlValue]> = [
    ['Subject', html`<code>${c.subject || '—'}</code>`],
    ['Names', c.sans.length ? html`<code>${c.sans.join(', ')}</code>` : '—'],
    ['Issuer', html`<code>${c.issuer || '—'}</code>`],
    ['Serial', html`<code>${c.serial}</code>`],
    ['Not before', dateOf(c.notBefore)],
    ['Not after', dateOf(c.notAfter)],
    [
      'Days left',
      html`<span class="badge ${c.daysLeft < 0 ? 'error' : c.daysLeft <= 14 ? 'degraded' : 'active'}"
        >${daysLeftWords(c.daysLeft)}</span
      >`,
    ],
    [
      'Verification',
      c.verified
        ? html`<span class="badge active">verified</span>`
        : html`<span class="badge error">not verified</span> <code>${c.verificationError ?? ''}</code>`,
    ],
  ];
  if (seen) rows.push(['Seen', html`${when(seen.at)} from ${seen.region}`]);
  return card(
    'TLS certificate',
    html`<dl class="facts">
      ${rows.map(
        ([k, v]) =>
          html`<dt>${k}</dt>
            <dd>${v}</dd>`,
      )}
    </dl>`,
    'certificate',
  );
}
