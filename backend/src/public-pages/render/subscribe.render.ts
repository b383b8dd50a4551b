// The subscribe form of a public page and its answer: an e-mail field and a checkbox per component
// (in the page's groups and order; none ticked means every component), inside the page layout.
// A plain form: it works without JavaScript.
import { html, type Html } from '../../common/html';
import type { PageSnapshot } from '../public-page.types';
import type { PageLocale } from '../../status-pages/locales';
import { pageHref, pageLayout } from './layout';
import { subscribeMessages } from './subscribe.messages';

export const SUBSCRIBE_CSRF_FIELD = '_csrf';

export interface SubscribeView {
  snapshot: PageSnapshot;
  locale: PageLocale;
  base: string;
  csrf: string;
}

export interface SubscribeFormState {
  email?: string;
  chosen?: readonly string[];
  /** One message that names the field, shown above the form. */
  error?: string;
  errorField?: 'email' | 'components';
}

function layout(view: SubscribeView, title: string, body: Html): Html {
  // A form is nothing to index, whatever the page allows.
  return pageLayout({ page: view.snapshot.page, locale: view.locale, base: view.base, title, body, robots: false });
}

function componentBoxes(view: SubscribeView, chosen: readonly string[]): Html {
  const t = subscribeMessages(view.locale);
  const box = (c: { id: string; name: string }) =>
    html`<li>
      <label
        ><input type="checkbox" name="components" value="${c.id}" ${chosen.includes(c.id) ? html` checked` : ''} />
        ${c.name}</label
      >
    </li>`;
  const groups = view.snapshot.groups.filter((g) => g.components.length);
  if (!groups.length) return html``;
  return html`<fieldset class="subscribe-components" aria-describedby="subscribe-components-hint">
    <legend>${t.componentsLegend}</legend>
    <p id="subscribe-components-hint">${t.componentsHint}</p>
    ${groups.map((g) =>
      g.id === null
        ? html`<ul>
            ${g.components.map(box)}
          </ul>`
        : html`<fieldset>
            <legend>${g.name}</legend>
            <ul>
              ${g.components.map(box)}
            </ul>
          </fieldset>`,
    )}
  </fieldset>`;
}

export function subscribePage(view: SubscribeView, state: SubscribeFormState = {}): Html {
  const t = subscribeMessages(view.locale);
  const invalidEmail = state.errorField === 'email';
  return layout(
    view,
    t.title,
    html`<section class="subscribe" aria-labelledby="subscribe-title">
      <h1 id="subscribe-title">${t.title}</h1>
      <p>${t.intro}</p>
      ${state.error ? html`<p class="form-error" role="alert" id="subscribe-error">${state.error}</p>` : ''}
      <form method="post" action="${view.base}/subscribe" class="subscribe-form">
        <input type="hidden" name="${SUBSCRIBE_CSRF_FIELD}" value="${view.csrf}" /><input
          type="hidden"
          name="locale"
          value="${view.locale}"
        />
        <p>
          <label for="subscribe-email">${t.emailLabel}</label>
          <input
            id="subscribe-email"
            name="email"
            type="email"
            autocomplete="email"
            required
            maxlength="320"
            value="${state.email ?? ''}"
            ${invalidEmail ? html` aria-invalid="true" aria-describedby="subscribe-error"` : ''}
          />
        </p>
        ${componentBoxes(view, state.chosen ?? [])}
        <p><button type="submit">${t.submit}</button></p>
      </form>
      <p><a href="${pageHref(view.base)}">${t.back}</a></p>
    </section>`,
  );
}

/** The same answer whether or not the address was already subscribed: nothing to enumerate. */
export function subscribeSentPage(view: SubscribeView, email: string): Html {
  const t = subscribeMessages(view.locale);
  return layout(
    view,
    t.sentTitle,
    html`<section class="subscribe" aria-labelledby="subscribe-title">
      <h1 id="subscribe-title">${t.sentTitle}</h1>
      <p role="status">${t.sent(email)}</p>
      <p><a href="${pageHref(view.base)}">${t.back}</a></p>
    </section>`,
  );
}

/** While e-mail is off (no SMTP_URL): no form, and the feeds, which need no mail, in its place. */
export function subscribeNotOfferedPage(view: SubscribeView): Html {
  const t = subscribeMessages(view.locale);
  return layout(
    view,
    t.notOfferedTitle,
    html`<section class="subscribe" aria-labelledby="subscribe-title">
      <h1 id="subscribe-title">${t.notOfferedTitle}</h1>
      <p>${t.notOffered}</p>
      <ul>
        <li><a href="${view.base}/feed.rss">RSS</a></li>
        <li><a href="${view.base}/feed.atom">Atom</a></li>
      </ul>
      <p><a href="${pageHref(view.base)}">${t.back}</a></p>
    </section>`,
  );
}
