// The document every public page uses: head (theme, robots, feeds), header with the page's icon, title
// and links, the locale switcher, the content, and the footer. Parts render their content into it.
// The footer's subscribe link opens in the whole window: a page embedded in a frame (embedOrigins)
// may not show its forms there (public-headers.ts); it is left out while the service offers no
// subscriptions (no e-mail). The page's title is shown once: on the status page itself it is the
// body's heading, so the header shows only the icon there; elsewhere the header's title links home.
import { html, trusted, type Html } from '../../common/html';
import type { PublicPage } from '../public-page.types';
import type { PageLocale } from '../../status-pages/locales';
import { pageMessages } from './page.messages';
import { PUBLIC_PAGE_CSS } from './public-page.css';
import { themeCss } from '../../status-pages/themes';

export interface PageLayoutOptions {
  page: PublicPage;
  locale: PageLocale;
  base: string;
  title: string;
  body: Html;
  /** False: `noindex` whatever the page says (forms, errors). Default: the page's own rule. */
  robots?: boolean;
  head?: Html;
  /**
   * True for the access form of a protected page: no links to the feeds, history and subscribe form,
   * which a visitor without access would only be refused.
   */
  minimal?: boolean;
  /** True for the status page itself, whose body starts with the page's title as its `h1`. */
  titleInBody?: boolean;
}

/** Each locale's name in itself, for the switcher. */
export const LOCALE_NAMES: Record<PageLocale, string> = { en: 'English', fr: 'Français', de: 'Deutsch', es: 'Español' };

/** A link of the page: `base` + `path`, the page itself being `/` on its custom domain. */
export function pageHref(base: string, path = ''): string {
  return `${base}${path}` || '/';
}

/** Whether search engines may index the page: it allows it and anyone may see it. */
export function pageIndexable(page: PublicPage): boolean {
  return page.allowIndex && page.accessType === 'public';
}

/** Links a visitor may follow from the page's settings: web and mail addresses only (no `javascript:`). */
export function safeUrl(value: string | null, schemes: readonly string[] = ['http:', 'https:']): string | null {
  if (!value) return null;
  try {
    return schemes.includes(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The text of a page's one inline stylesheet: its theme (and custom overrides), then the layout; both
 * from this code base. Its hash is the only style the page's CSP allows (public-headers.ts).
 */
export function pageStylesheet(page: PublicPage): string {
  return `${themeCss(page.theme, page.customTheme).replace(/</g, '\\3c ')}${PUBLIC_PAGE_CSS}`;
}

function stylesheet(page: PublicPage): Html {
  return trusted(`<style>${pageStylesheet(page)}</style>`);
}

/** The page's feeds, and its markdown twin for language models. */
function alternates(page: PublicPage, base: string): Html {
  return html`<link rel="alternate" type="application/rss+xml" title="${page.title} (RSS)" href="${base}/feed.rss" />
    <link rel="alternate" type="application/atom+xml" title="${page.title} (Atom)" href="${base}/feed.atom" />
    <link rel="alternate" type="text/markdown" title="${page.title} (Markdown)" href="${base}/index.md" />`;
}

export function pageLayout(options: PageLayoutOptions): Html {
  const { page, locale, base, title, body, head, minimal, titleInBody } = options;
  const t = pageMessages(locale);
  const index = options.robots !== false && pageIndexable(page);
  const icon = safeUrl(page.icon);
  const homepage = safeUrl(page.homepageUrl);
  const contact = safeUrl(page.contactUrl, ['http:', 'https:', 'mailto:']);
  const documentTitle = title === page.title ? page.title : `${title} · ${page.title}`;
  const locales = page.locales.length > 1 ? (page.locales as PageLocale[]) : [];
  // The icon alone is decorative: the title next to it (the body's heading) names the page.
  const brand = titleInBody
    ? icon
      ? html`<img src="${icon}" class="brand-icon" alt="" width="32" height="32" />`
      : ''
    : html`<a class="brand" href="${pageHref(base)}"
        >${icon ? html`<img src="${icon}" alt="" width="32" height="32" />` : ''}<span>${page.title}</span></a
      >`;
  const links =
    homepage || contact
      ? html`<nav aria-label="${page.title}">
          <ul class="links">
            ${homepage ? html`<li><a href="${homepage}" rel="noopener">${t.homepage}</a></li>` : ''}${contact ? html`<li><a href="${contact}" rel="noopener">${t.contact}</a></li>` : ''}
          </ul>
        </nav>`
      : '';
  const switcher = locales.length
    ? html`<nav class="locales" aria-label="${t.language}">
        <span aria-hidden="true">${t.language}:</span>
        <ul>
          ${locales.map(
            (l) =>
              html`<li>
                <a
                  href="?locale=${l}"
                  hreflang="${l}"
                  lang="${l}"
                  ${l === locale ? trusted(' aria-current="true"') : ''}
                  >${LOCALE_NAMES[l]}</a
                >
              </li>`,
          )}
        </ul>
      </nav>`
    : '';
  // Nothing to show in the header (the status page without an icon, links or locales): no header.
  const header = brand || links || switcher;
  return html`<!doctype html>
    <html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${documentTitle}</title>
        ${index ? '' : html`<meta name="robots" content="noindex" />`}
        ${page.description ? html`<meta name="description" content="${page.description}" />` : ''}
        ${icon ? html`<link rel="icon" href="${icon}" />` : ''} ${minimal ? '' : alternates(page, base)}
        ${stylesheet(page)} ${head}
      </head>
      <body>
        <a class="skip" href="#main">${t.skip}</a>
        ${
          header
            ? html`<header class="site-header">
                <div class="wrap">${brand} ${links} ${switcher}</div>
              </header>`
            : ''
        }
        <main id="main" class="wrap">${body}</main>
        ${
          minimal
            ? ''
            : html`<footer class="site-footer">
                <div class="wrap">
                  <a href="${base}/history">${t.history}</a>
                  ${page.subscriptions ? html`<a href="${base}/subscribe" target="_top">${t.subscribe}</a>` : ''}
                  <span
                    >${t.feeds}: <a href="${base}/feed.rss">RSS</a> · <a href="${base}/feed.atom">Atom</a> ·
                    <a href="${base}/status.json">JSON</a></span
                  >
                </div>
              </footer>`
        }
      </body>
    </html>`;
}
