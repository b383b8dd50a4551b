// How a public status page looks, in real Chromium: the theme in light and dark (the visitor's
// preference emulated), a custom theme's overrides, the locale switcher (language, headings, dates),
// and an axe-core scan of the page, its history, a password page's access form and the subscribe form
// with no serious or critical violation.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MaintenancesService } from '../../backend/src/maintenances/maintenances.service';
import { formatsFor } from '../../backend/src/public-pages/render/i18n';
import { type PageLocale } from '../../backend/src/status-pages/locales';
import { pageMessages } from '../../backend/src/public-pages/render/page.messages';
import { THEME_KEYS, THEMES, type ThemeKey } from '../../backend/src/status-pages/themes';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { chromiumPath, launchChromium, seriousViolations } from '../support/browser';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { describeWithTool } from '../support/skips';
import { startSmtp, type TestSmtp } from '../support/smtp';

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

const HOUR_MS = 3_600_000;

/** `#rrggbb` as Chromium reports a computed colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The page's background as painted: body's, else the root's when body is transparent. */
const paintedBackground = (page: Page) =>
  page.evaluate<string>(`(() => {
    const body = getComputedStyle(document.body).backgroundColor;
    const transparent = body === 'rgba(0, 0, 0, 0)' || body === 'transparent';
    return transparent ? getComputedStyle(document.documentElement).backgroundColor : body;
  })()`);

const cssVariable = (page: Page, name: string) =>
  page.evaluate<string>(`getComputedStyle(document.documentElement).getPropertyValue(${JSON.stringify(name)}).trim()`);

const headings = (page: Page) =>
  page.evaluate<string[]>(`[...document.querySelectorAll('h1, h2, h3')].map((h) => (h.textContent ?? '').trim())`);

const lang = (page: Page) => page.evaluate<string>('document.documentElement.lang');

/** The document's text, runs of white space (no-break spaces included) as one space. */
const bodyText = async (page: Page) =>
  (await page.evaluate<string>(`document.body.textContent ?? ''`)).replace(/\s+/g, ' ');

describeInBrowser('status page look in Chromium', () => {
  let t: HttpTestApp;
  /** A relay, so the pages offer the subscribe form (none is sent here). */
  let smtp: TestSmtp;
  let tenant: Tenant;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let slugs = 0;
  const maintenanceFrom = new Date(Math.floor((Date.now() - HOUR_MS) / 60_000) * 60_000);
  const maintenanceTo = new Date(maintenanceFrom.getTime() + 3 * HOUR_MS);
  const pages = { ocean: '', custom: '', locked: '' };
  const themed = new Map<ThemeKey, string>();
  const url = (slug: string, rest = '') => `${t.baseUrl}/status/${slug}${rest}`;

  /** A published page with two groups, an ungrouped component, an open report and a maintenance. */
  async function fullPage(extra: Record<string, unknown>): Promise<string> {
    const slug = `look-${++slugs}-${Date.now()}`;
    const created = await t.app.get(StatusPagesService).create(tenant.ctx, {
      title: 'Acme status',
      slug,
      description: 'Live status of the Acme platform.',
      homepageUrl: 'https://acme.example.com',
      contactUrl: 'https://acme.example.com/contact',
      locales: ['en', 'fr', 'de', 'es'],
      ...extra,
    });
    const components = t.app.get(PageComponentsService);
    const core = await components.createGroup(tenant.ctx, { pageId: created.id, name: 'Core' });
    const edge = await components.createGroup(tenant.ctx, { pageId: created.id, name: 'Edge' });
    const add = (name: string, order: number, groupId: string | null) =>
      components.createComponent(tenant.ctx, { pageId: created.id, type: 'static', name, order, groupId });
    const api = await add('API', 1, core.id);
    await add('Dashboard', 2, core.id);
    const cdn = await add('CDN', 3, edge.id);
    await add('Documentation', 4, null);
    await t.app.get(StatusReportsService).create(
      tenant.ctx,
      {
        pageId: created.id,
        title: 'Elevated API errors',
        message: 'We are investigating.',
        pageComponentIds: [api.id],
      },
      false,
    );
    await t.app.get(MaintenancesService).create(
      tenant.ctx,
      {
        pageId: created.id,
        title: 'CDN upgrade',
        message: 'Edge nodes are upgraded one by one.',
        from: maintenanceFrom,
        to: maintenanceTo,
        pageComponentIds: [cdn.id],
      },
      false,
    );
    return slug;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startHttpApp({ env: { SMTP_URL: smtp.url } });
    tenant = await newTenant(t);
    for (const theme of THEME_KEYS) themed.set(theme, await fullPage({ theme }));
    pages.ocean = themed.get('ocean')!;
    pages.custom = await fullPage({
      theme: 'forest',
      customTheme: { light: { '--bg': '#fdf6e3', '--primary': '#1a5f8f' }, dark: { '--bg': '#002b36' } },
    });
    pages.locked = (
      await t.app.get(StatusPagesService).create(tenant.ctx, {
        title: 'Internal status',
        slug: `locked-${Date.now()}`,
        accessType: 'password',
        password: 'correct horse battery',
        locales: ['en', 'fr'],
      })
    ).slug;
    browser = await launchChromium(executable!);
    // axe-core is injected into the page: the page's content security policy must not refuse it.
    context = await browser.newContext({ bypassCSP: true, locale: 'en-GB' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  it('paints the theme of the light mode, and of the dark mode when the visitor prefers dark', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    const response = await page.goto(url(pages.ocean));
    expect(response?.status()).toBe(200);
    expect(await paintedBackground(page)).toBe(rgb(THEMES.ocean.light['--bg']));
    expect(await cssVariable(page, '--ok')).toBe(THEMES.ocean.light['--ok']);

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await paintedBackground(page)).toBe(rgb(THEMES.ocean.dark['--bg']));
    expect(await cssVariable(page, '--ok')).toBe(THEMES.ocean.dark['--ok']);
    expect(rgb(THEMES.ocean.dark['--bg'])).not.toBe(rgb(THEMES.ocean.light['--bg']));
  });

  it("applies a custom theme's overrides per mode over its theme", async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url(pages.custom));
    expect(await paintedBackground(page)).toBe(rgb('#fdf6e3'));
    // `--primary` is an alias of `--accent`; what is not overridden keeps the theme's value.
    expect(await cssVariable(page, '--accent')).toBe('#1a5f8f');
    expect(await cssVariable(page, '--fg')).toBe(THEMES.forest.light['--fg']);

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await paintedBackground(page)).toBe(rgb('#002b36'));
    expect(await cssVariable(page, '--accent')).toBe(THEMES.forest.dark['--accent']);
  });

  it('switches the language with the locale switcher: lang, headings and dates', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url(pages.ocean));
    expect(await lang(page)).toBe('en');
    const english = await headings(page);
    const dateIn = (locale: PageLocale) => [
      formatsFor(locale).dateTime(maintenanceFrom),
      formatsFor(locale).date(maintenanceFrom),
    ];
    const shows = async (texts: string[]) => {
      const body = await bodyText(page);
      return texts.some((text) => body.includes(text.replace(/\s+/g, ' ')));
    };
    expect(await shows(dateIn('en'))).toBe(true);

    // The switcher is a link per offered locale (works without JavaScript).
    const toFrench = page.locator('a[hreflang="fr"], a[href*="locale=fr"]').first();
    await Promise.all([page.waitForURL(/locale=fr/), toFrench.click()]);
    expect(await lang(page)).toBe('fr');
    const french = await headings(page);
    // The page's own names (title, groups) stay; the headings of the page itself are translated.
    expect(english).toEqual(expect.arrayContaining(['Acme status', 'Core', pageMessages('en').activeIncidents]));
    expect(french).toEqual(expect.arrayContaining(['Acme status', 'Core', pageMessages('fr').activeIncidents]));
    expect(french).not.toContain(pageMessages('en').activeIncidents);
    expect(await shows(dateIn('fr'))).toBe(true);
    expect(await shows(dateIn('en'))).toBe(false);

    for (const locale of ['de', 'es'] as const) {
      await page.goto(url(pages.ocean, `?locale=${locale}`));
      expect(await lang(page)).toBe(locale);
      expect(await shows(dateIn(locale))).toBe(true);
    }
  });

  it.each([
    ['the page in light mode', 'light', () => url(pages.ocean)],
    ['the page in dark mode', 'dark', () => url(pages.ocean)],
    ['the custom-themed page', 'light', () => url(pages.custom)],
    ['the page in French', 'light', () => url(pages.ocean, '?locale=fr')],
    ['the history', 'light', () => url(pages.ocean, '/history')],
    ["a password page's access form", 'light', () => url(pages.locked, '/access')],
    ["a password page's access form in dark mode", 'dark', () => url(pages.locked, '/access')],
    ['the subscribe form', 'light', () => url(pages.ocean, '/subscribe')],
  ] as const)('finds no serious accessibility violation on %s', async (_name, scheme, address) => {
    await page.emulateMedia({ colorScheme: scheme });
    const response = await page.goto(address());
    expect(response?.status()).toBe(200);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each(THEME_KEYS.flatMap((theme) => (['light', 'dark'] as const).map((scheme) => [theme, scheme] as const)))(
    'finds no serious accessibility violation on the page in the %s theme, %s mode',
    async (theme, scheme) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url(themed.get(theme)!));
      expect(await paintedBackground(page)).toBe(rgb(THEMES[theme][scheme]['--bg']));
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it('shows the access form instead of a password page', async () => {
    await page.goto(url(pages.locked));
    expect(new URL(page.url()).pathname).toBe(`/status/${pages.locked}/access`);
    expect(await page.locator('input[type="password"]').count()).toBe(1);
  });
});
