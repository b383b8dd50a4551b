// The access pages of protected status pages: the password form, the e-mail form and its answer, the
// confirmation step of an e-mailed link, and the notice of an IP-restricted page. Plain forms inside
// the page layout; they work without JavaScript and never say whether an address is allowed.
import { html, type Html } from '../../common/html';
import type { PublicPage } from '../public-page.types';
import { accessMessages } from './access.messages';
import type { PageLocale } from '../../status-pages/locales';
import { pageLayout } from './layout';

export const CSRF_FIELD = '_csrf';

export interface AccessView {
  page: PublicPage;
  locale: PageLocale;
  base: string;
  /** The CSRF token of this browser's forms. */
  csrf: string;
  /** Where to go once signed in (a path of this page). */
  returnTo: string;
}

function layout(view: AccessView, title: string, body: Html): Html {
  // Access pages are never indexed, whatever the page says.
  return pageLayout({
    page: view.page,
    locale: view.locale,
    base: view.base,
    title,
    body,
    robots: false,
    minimal: true,
  });
}

function hidden(view: AccessView): Html {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${view.csrf}" /><input
      type="hidden"
      name="return"
      value="${view.returnTo}"
    /><input type="hidden" name="locale" value="${view.locale}" />`;
}

function alert(message: string | undefined): Html | '' {
  return message ? html`<p class="access-error" role="alert">${message}</p>` : '';
}

function section(title: string, content: Html): Html {
  return html`<section class="access" aria-labelledby="access-title">
    <h1 id="access-title">${title}</h1>
    ${content}
  </section>`;
}

export function passwordPage(view: AccessView, error?: string): Html {
  const t = accessMessages(view.locale);
  return layout(
    view,
    t.passwordTitle,
    section(
      t.passwordTitle,
      html`<p>${t.passwordIntro}</p>
        ${alert(error)}
        <form method="post" action="${view.base}/access" class="access-form">
          ${hidden(view)}
          <label for="access-password">${t.passwordLabel}</label>
          <input
            id="access-password"
            name="password"
            type="password"
            autocomplete="current-password"
            required${error ? html` aria-invalid="true"` : ''}
          />
          <button type="submit">${t.passwordSubmit}</button>
        </form>`,
    ),
  );
}

export function emailPage(view: AccessView, options: { error?: string; email?: string } = {}): Html {
  const t = accessMessages(view.locale);
  return layout(
    view,
    t.emailTitle,
    section(
      t.emailTitle,
      html`<p>${t.emailIntro}</p>
        ${alert(options.error)}
        <form method="post" action="${view.base}/access" class="access-form">
          ${hidden(view)}
          <label for="access-email">${t.emailLabel}</label>
          <input
            id="access-email"
            name="email"
            type="email"
            autocomplete="email"
            required
            maxlength="254"
            value="${options.email ?? ''}"
            ${options.error ? html` aria-invalid="true"` : ''}
          />
          <button type="submit">${t.emailSubmit}</button>
        </form>`,
    ),
  );
}

export function linkSentPage(view: AccessView, email: string): Html {
  const t = accessMessages(view.locale);
  return layout(view, t.linkSentTitle, section(t.linkSentTitle, html`<p role="status">${t.linkSent(email)}</p>`));
}

/** The page of an e-mailed link: a button, so a mail scanner opening the link does not sign anyone in. */
export function linkConfirmPage(view: AccessView, token: string, error?: string): Html {
  const t = accessMessages(view.locale);
  return layout(
    view,
    t.linkTitle,
    section(
      t.linkTitle,
      html`<p>${t.linkIntro}</p>
        ${alert(error)}
        <form method="post" action="${view.base}/access/link" class="access-form">
          ${hidden(view)}<input type="hidden" name="token" value="${token}" />
          <button type="submit">${t.linkSubmit}</button>
        </form>`,
    ),
  );
}

export function linkInvalidPage(view: AccessView): Html {
  const t = accessMessages(view.locale);
  return layout(
    view,
    t.emailTitle,
    section(
      t.emailTitle,
      html`<p role="alert">${t.linkInvalid}</p>
        <p><a href="${view.base}/access">${t.askAgain}</a></p>`,
    ),
  );
}

export function restrictedPage(view: AccessView): Html {
  const t = accessMessages(view.locale);
  return layout(view, t.restrictedTitle, section(t.restrictedTitle, html`<p>${t.restrictedIntro}</p>`));
}
