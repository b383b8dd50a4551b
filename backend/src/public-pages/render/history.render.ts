// The history of a page: resolved incidents with their timelines and past maintenances, newest first,
// with links to newer and older pages of the history.
import { html } from '../../common/html';
import type { PageHistory } from '../public-page.types';
import { formatsFor } from './i18n';
import { type PageLocale } from '../../status-pages/locales';
import { pageHref, pageLayout } from './layout';
import { maintenanceCard, reportCard } from './page.render';
import { pageMessages } from './page.messages';

export interface HistoryView {
  history: PageHistory;
  locale: PageLocale;
  base: string;
  /** Component id → name, from the page's snapshot. */
  names: ReadonlyMap<string, string>;
}

export function renderHistoryPage(view: HistoryView): string {
  const { history, locale, base, names } = view;
  const t = pageMessages(locale);
  const f = formatsFor(locale);
  const { pageNumber, pageCount } = history;
  const link = (n: number) => `${base}/history${n > 1 ? `?page=${n}` : ''}`;
  const empty = !history.reports.length && !history.maintenances.length;
  const body = html`<h1>${t.historyTitle}</h1>
    <p><a href="${pageHref(base)}">${t.backToStatus}</a></p>
    ${empty ? html`<p class="meta">${t.noHistory}</p>` : ''}
    ${
      history.reports.length
        ? html`<section aria-labelledby="past-incidents">
            <h2 id="past-incidents">${t.pastIncidents}</h2>
            ${history.reports.map((r) => reportCard(r, names, t, f))}
          </section>`
        : ''
    }
    ${
      history.maintenances.length
        ? html`<section aria-labelledby="past-maintenances">
            <h2 id="past-maintenances">${t.pastMaintenances}</h2>
            ${history.maintenances.map((m) => maintenanceCard(m, names, t, f))}
          </section>`
        : ''
    }
    ${
      pageCount > 1
        ? html`<nav class="pager" aria-label="${t.history}">
            <span>${pageNumber > 1 ? html`<a href="${link(pageNumber - 1)}" rel="prev">${t.previous}</a>` : ''}</span>
            <span>${t.pageOf(f.number(pageNumber), f.number(pageCount))}</span>
            <span
              >${pageNumber < pageCount ? html`<a href="${link(pageNumber + 1)}" rel="next">${t.next}</a>` : ''}</span
            >
          </nav>`
        : ''
    }`;
  return pageLayout({ page: history.page, locale, base, title: t.history, body }).value;
}

/** The 404 document of an unknown or unpublished page (no page to take a layout from). */
export function renderNotFound(locale: PageLocale): string {
  const t = pageMessages(locale);
  return html`<!doctype html>
    <html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${t.notFoundTitle}</title>
      </head>
      <body>
        <main>
          <h1>${t.notFoundTitle}</h1>
          <p>${t.notFound}</p>
        </main>
      </body>
    </html>`.value;
}
