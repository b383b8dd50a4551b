// The e-mail carrying a sign-in link to an e-mail-domain page, in the visitor's locale. Pure, so it is
// tested alone; the link is the only way in, so it is never logged.
import { escapeHtml } from '../../common/html';
import type { MailMessage } from '../../mail/mailer.service';
import { accessMessages } from '../render/access.messages';
import type { PageLocale } from '../../status-pages/locales';

/** Subject lines are one line: CR and LF from titles are folded into spaces. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

export function accessLinkMail(to: string, pageTitle: string, url: string, locale: PageLocale): MailMessage {
  const t = accessMessages(locale);
  const intro = t.mailIntro(pageTitle);
  return {
    to,
    subject: t.mailSubject(oneLine(pageTitle)),
    text: `${intro}\n\n${t.mailButton}:\n${url}\n\n${t.mailIgnore}\n`,
    html: `<!doctype html>\n<html lang="${locale}"><body style="font-family:sans-serif">\n<p>${escapeHtml(intro)}</p>\n<p><a href="${escapeHtml(url)}">${escapeHtml(t.mailButton)}</a></p>\n<p style="font-size:small;color:#666">${escapeHtml(t.mailIgnore)}</p>\n</body></html>\n`,
  };
}
