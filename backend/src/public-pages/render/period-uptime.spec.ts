// The uptime over the page's period (uptimePeriod) as the renderers show it: the page's line in every
// locale, and status.json's fields; nothing of it while the setting is off.
import { PAGE_LOCALES } from '../../status-pages/locales';
import { UPTIME_PERIODS } from '../../status-pages/status-page.entity';
import type { PageSnapshot } from '../public-page.types';
import { fixturePage, fixtureSnapshot } from './machine-fixtures';
import { renderStatusPage } from './page.render';
import { statusJson } from './status-json';

/** The fixture with the page's period set, API <v2> measured at `api` and Website at `website`. */
function withPeriod(period: PageSnapshot['page']['uptimePeriod'], api: number | null, website: number | null) {
  const snapshot = fixtureSnapshot({ page: fixturePage({ uptimePeriod: period, locales: [...PAGE_LOCALES] }) });
  snapshot.groups[0].components[0].periodUptime = api;
  snapshot.groups[1].components[0].periodUptime = website;
  return snapshot;
}

const lines = (page: string) => [...page.matchAll(/<p class="period-uptime">([^<]*)<\/p>/g)].map((m) => m[1]);

describe('the uptime over the page period', () => {
  it('reads "99.95% this quarter" and the like, 2 decimals, never 100 % with downtime, in every locale', () => {
    const page = (locale: (typeof PAGE_LOCALES)[number], period = 'quarter' as const) =>
      renderStatusPage({ snapshot: withPeriod(period, 99.9512, 99.9999), locale, base: '/status/acme' });
    expect(lines(page('en'))).toEqual(['99.95% this quarter', '99.99% this quarter']);
    const nbsp = /[\u00a0\u202f]/g;
    expect(lines(page('fr')).map((l) => l.replace(nbsp, ' '))).toEqual([
      '99,95 % ce trimestre',
      '99,99 % ce trimestre',
    ]);
    expect(lines(page('de')).map((l) => l.replace(nbsp, ' '))).toEqual([
      '99,95 % in diesem Quartal',
      '99,99 % in diesem Quartal',
    ]);
    expect(lines(page('es')).map((l) => l.replace(nbsp, ' '))).toEqual([
      '99,95 % este trimestre',
      '99,99 % este trimestre',
    ]);
  });

  it('names each period, and says when nothing was measured', () => {
    const en = (period: 'off' | '30d' | '90d' | 'month' | 'quarter') =>
      lines(renderStatusPage({ snapshot: withPeriod(period, 100, null), locale: 'en', base: '/status/acme' }));
    expect(UPTIME_PERIODS.map((p) => en(p))).toEqual([
      [],
      ['100% over 30 days', 'no data over 30 days'],
      ['100% over 90 days', 'no data over 90 days'],
      ['100% this month', 'no data this month'],
      ['100% this quarter', 'no data this quarter'],
    ]);
  });

  it('shows nothing while off, nor for a component without the figure', () => {
    const off = renderStatusPage({ snapshot: fixtureSnapshot(), locale: 'en', base: '/status/acme' });
    expect(off).not.toContain('class="period-uptime"');
    const snapshot = withPeriod('30d', 99.5, null);
    delete snapshot.groups[1].components[0].periodUptime;
    expect(lines(renderStatusPage({ snapshot, locale: 'en', base: '/status/acme' }))).toEqual(['99.5% over 30 days']);
  });

  it('adds uptimePeriod and each component’s periodUptime (3 decimals) to status.json only when on', () => {
    const off = JSON.parse(JSON.stringify(statusJson(fixtureSnapshot(), 'https://x.test/status/acme'))) as {
      components: object[];
    };
    expect(off).not.toHaveProperty('uptimePeriod');
    expect(off.components.map((c) => 'periodUptime' in c)).toEqual([false, false]);
    const on = statusJson(withPeriod('month', 99.98765, null), 'https://x.test/status/acme');
    expect(on.uptimePeriod).toBe('month');
    expect(on.components.map((c) => [c.id, c.periodUptime])).toEqual([
      ['11', 99.988],
      ['12', null],
    ]);
  });
});
