// The text of subscriber e-mails: a plain-text body and a simple HTML body built from the same
// lines, and the RFC 2369 / RFC 8058 unsubscribe headers. Pure functions, so they are tested alone.
import { escapeHtml } from '../common/html';
import type { MailMessage } from '../mail/mailer.service';
import type { PageEvent } from './page-event';

/** Subject lines are one line: CR and LF from titles are folded into spaces. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function htmlOf(paragraphs: string[], link?: { url: string; label: string }, footer?: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  const button = link ? `\n<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '';
  const small = footer ? `\n<hr>\n<p style="font-size:small;color:#666">${footer}</p>` : '';
  return `<!doctype html>\n<html><body style="font-family:sans-serif">\n${body}${button}${small}\n</body></html>\n`;
}

/** The links every subscriber mail carries; `manageUrl` is absent in mails sent before it existed. */
export interface MailLinks {
  unsubscribeUrl: string;
  manageUrl?: string;
}

const linksOf = (links: string | MailLinks): MailLinks =>
  typeof links === 'string' ? { unsubscribeUrl: links } : links;

export function confirmationMail(
  to: string,
  pageTitle: string,
  confirmUrl: string,
  links: string | MailLinks,
): MailMessage {
  const { unsubscribeUrl, manageUrl } = linksOf(links);
  const intro = `Someone (hopefully you) asked to receive status updates of ${pageTitle} at this address.`;
  const ignore = 'If that was not you, ignore this message: nothing will be sent without a confirmation.';
  const manage = manageUrl ? `\n\nChoose components or unsubscribe later:\n${manageUrl}` : '';
  const manageHtml = manageUrl ? ` <a href="${escapeHtml(manageUrl)}">Manage the subscription</a>` : '';
  return {
    to,
    subject: `Confirm your subscription to ${oneLine(pageTitle)}`,
    text: `${intro}\n\nConfirm the subscription:\n${confirmUrl}\n\n${ignore}${manage}\n`,
    html: htmlOf([intro], { url: confirmUrl, label: 'Confirm the subscription' }, escapeHtml(ignore) + manageHtml),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

/**
 * The answer to a subscribe form filled in with an address that is already confirmed: the same
 * screen as a new subscription for the visitor, and this mail for the address's owner.
 */
export function alreadySubscribedMail(to: string, pageTitle: string, links: Required<MailLinks>): MailMessage {
  const intro = `Someone (hopefully you) asked to receive status updates of ${pageTitle} at this address, which already receives them.`;
  const manage = 'Choose the components you hear about, or unsubscribe:';
  return {
    to,
    subject: `You already receive status updates of ${oneLine(pageTitle)}`,
    text: `${intro}\n\n${manage}\n${links.manageUrl}\n`,
    html: htmlOf([intro], { url: links.manageUrl, label: 'Manage the subscription' }),
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}

const EVENT_WORDS: Record<PageEvent['kind'], string> = {
  'status_report.created': 'New incident',
  'status_report.updated': 'Incident update',
  'status_report.resolved': 'Resolved',
  'maintenance.scheduled': 'Scheduled maintenance',
};

export function eventMail(to: string, pageTitle: string, event: PageEvent, links: string | MailLinks): MailMessage {
  const { unsubscribeUrl, manageUrl } = linksOf(links);
  const lines: string[] = [];
  switch (event.kind) {
    case 'status_report.created':
    case 'status_report.updated':
    case 'status_report.resolved':
      lines.push(`${event.title}`, `Status: ${event.status} (${event.at.toISOString()})`, event.message);
      break;
    case 'maintenance.scheduled':
      lines.push(`${event.title}`, `From ${event.from.toISOString()} to ${event.to.toISOString()}`);
      if (event.message) lines.push(event.message);
      break;
    default: {
      const unreachable: never = event;
      throw new Error(`unknown page event ${JSON.stringify(unreachable)}`);
    }
  }
  if (event.componentNames.length) lines.push(`Affected: ${event.componentNames.join(', ')}`);
  const why = `You receive this because you subscribed to status updates of ${pageTitle}.`;
  return {
    to,
    subject: `[${oneLine(pageTitle)}] ${EVENT_WORDS[event.kind]}: ${oneLine(event.title)}`,
    text: `${lines.join('\n\n')}\n\n--\n${why}\n${manageUrl ? `Manage: ${manageUrl}\n` : ''}Unsubscribe: ${unsubscribeUrl}\n`,
    html: htmlOf(
      lines,
      undefined,
      `${escapeHtml(why)}${manageUrl ? ` <a href="${escapeHtml(manageUrl)}">Manage</a> ·` : ''} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>`,
    ),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
