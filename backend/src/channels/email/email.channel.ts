// E-mail through the service's SMTP relay (MailerService: SMTP_URL, MAIL_FROM): the title as subject,
// the plain-text summary, and a simple HTML version of it. The relay's answer decides: 4xx and no
// connection are transient, 5xx (a rejected recipient) is final. The Message-ID is made of the alert's
// event id, so a mail sent again after a crash has the Message-ID of the first, by which mailbox
// rules (Sieve `duplicate`, RFC 7352) and mail clients drop it.
import { z } from 'zod';
import { escapeHtml } from '../../common/html';
import {
  certificateLines,
  eventOf,
  headlineOf,
  linksOf,
  regionLine,
  sortedRegions,
  summaryOf,
  titleOf,
  type AlertMessage,
} from '../alert-message';
import { isEmail, NOTIFICATION_BOUNDS, text } from '../arguments';
import type { MailMessage } from '../../mail/mailer.service';
import { defineChannelKind, type DeliveryResult, finalFailure } from '../channel-kind';
import { colorOf } from '../format';
import { truncateText } from '../outbound-http';

export type EmailConfig = { email: string };

export function alertMail(to: string, message: AlertMessage): MailMessage {
  const color = `#${colorOf(message.kind).toString(16).padStart(6, '0')}`;
  const regions = sortedRegions(message)
    .map((r) => `<li>${escapeHtml(regionLine(r))}</li>`)
    .join('');
  const links = linksOf(message)
    .map((l) => `<a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>`)
    .join(' · ');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2 style="color:${color}">${escapeHtml(titleOf(message))}</h2>`,
    `<p>${escapeHtml(headlineOf(message))}</p>`,
    regions ? `<p>Regions:</p><ul>${regions}</ul>` : '',
    message.certificate
      ? `<ul>${certificateLines(message.certificate)
          .map((line) => `<li>${escapeHtml(line)}</li>`)
          .join('')}</ul>`
      : '',
    `<p>${links}</p>`,
    '</body></html>',
  ].join('');
  return {
    to,
    subject: titleOf(message),
    text: summaryOf(message),
    html,
    headers: {
      'Message-ID': alertMessageId(message),
      'X-Alert-Event': eventOf(message.kind),
      'X-Alert-Event-Id': message.eventId,
      'X-Alert-Incident': message.incidentKey,
    },
  };
}

/** `<alert.<event id>@<the dashboard's host name>>`: the same for every attempt of one delivery. */
export function alertMessageId(message: AlertMessage): string {
  let host = '';
  try {
    host = new URL(message.monitorUrl).hostname;
  } catch {
    // A dashboard URL that does not parse takes the fallback below; the event id keeps it unique.
  }
  // An IP literal ([::1]) is no dot-atom, which the right of a Message-ID must be (RFC 5322 3.6.4).
  if (!/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(host)) host = 'localhost';
  return `<alert.${message.eventId}@${host}>`;
}

interface SmtpFailure {
  responseCode?: number;
  response?: string;
  code?: string;
}

/** The relay's answer as a result: 4xx and connection failures are transient, 5xx final. */
export function smtpFailure(error: unknown): DeliveryResult {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const response = typeof e.response === 'string' ? truncateText(e.response) : '';
  if (typeof e.responseCode === 'number') {
    const retryable = e.responseCode < 500;
    return {
      ok: false,
      status: null,
      response,
      retryable,
      retryAfterMs: null,
      error: `the SMTP relay answered ${e.responseCode}`,
    };
  }
  return {
    ok: false,
    status: null,
    response,
    retryable: true,
    retryAfterMs: null,
    error: `could not reach the SMTP relay${e.code ? ` (${e.code})` : ''}`,
  };
}

export const emailChannel = defineChannelKind({
  type: 'email',
  label: 'E-mail',
  settings: z.object({
    email: text({
      max: NOTIFICATION_BOUNDS.email,
      required: true,
      check: isEmail,
      message: 'must be an e-mail address',
    }),
  }),
  required: ['email'],
  argumentLabels: { email: { label: 'E-mail address' } },
  async send(config: EmailConfig, message, ctx) {
    if (!ctx.mailer.enabled) return finalFailure('SMTP_URL is not configured; e-mail alerts are disabled');
    if (ctx.signal.aborted) return timedOut();
    // The mailer's own timeouts bound the SMTP exchange; the deadline decides when this send gives up.
    let onAbort = () => {};
    const aborted = new Promise<DeliveryResult>((resolve) => {
      onAbort = () => resolve(timedOut());
      ctx.signal.addEventListener('abort', onAbort, { once: true });
    });
    const sent = ctx.mailer.send(alertMail(config.email, message)).then(
      (): DeliveryResult => ({
        ok: true,
        status: null,
        response: 'accepted by the SMTP relay',
        retryable: false,
        retryAfterMs: null,
        error: null,
      }),
      smtpFailure,
    );
    try {
      return await Promise.race([sent, aborted]);
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
    }
  },
});

function timedOut(): DeliveryResult {
  return {
    ok: false,
    status: null,
    response: '',
    retryable: true,
    retryAfterMs: null,
    error: 'the SMTP relay did not answer before the deadline',
  };
}
