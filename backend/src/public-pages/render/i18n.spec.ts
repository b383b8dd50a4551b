import { defineMessages, formatsFor, negotiateLocale } from './i18n';
import { PAGE_LOCALES } from '../../status-pages/locales';

// Intl separates French thousands with a narrow no-break space, and puts a no-break space before %.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('negotiateLocale', () => {
  const offered = ['en', 'fr', 'de'];

  it('takes the locale asked for in the URL when the page offers it', () => {
    expect(negotiateLocale(offered, 'en', 'fr', 'de')).toBe('fr');
  });

  it('ignores an asked locale the page does not offer, or that is not supported', () => {
    expect(negotiateLocale(offered, 'en', 'es', undefined)).toBe('en');
    expect(negotiateLocale(offered, 'en', 'xx', 'de')).toBe('de');
  });

  it('follows Accept-Language by quality, regions matching their language', () => {
    expect(negotiateLocale(offered, 'en', undefined, 'es;q=1, de-AT;q=0.8, fr;q=0.9')).toBe('fr');
    expect(negotiateLocale(offered, 'en', undefined, 'de-CH')).toBe('de');
    expect(negotiateLocale(offered, 'en', undefined, 'fr;q=0, de;q=0.1')).toBe('de');
  });

  it("falls back to the page's default, then to English", () => {
    expect(negotiateLocale(['de'], 'de', undefined, 'ja, zh')).toBe('de');
    expect(negotiateLocale([], 'pt-BR', undefined, undefined)).toBe('en');
    expect(negotiateLocale([], 'es', 'es', 'fr')).toBe('es');
  });
});

describe('formatsFor', () => {
  const at = new Date('2026-11-23T14:05:00Z');

  it.each([
    ['en', '12,345.6', '99.95%', '23 Nov 2026', '23 Nov 2026, 14:05 UTC'],
    ['fr', `12${NNBSP}345,6`, `99,95${NBSP}%`, '23 nov. 2026', '23 nov. 2026, 14:05 UTC'],
    ['de', '12.345,6', `99,95${NBSP}%`, '23.11.2026', '23. Nov. 2026, 14:05 UTC'],
    ['es', '12.345,6', `99,95${NBSP}%`, '23 nov 2026', '23 nov 2026, 14:05 UTC'],
  ] as const)('formats numbers, percentages and dates in %s', (locale, number, percent, date, dateTime) => {
    const sut = formatsFor(locale);
    expect([sut.number(12345.6), sut.percent(99.95), sut.date(at), sut.dateTime(at)]).toEqual([
      number,
      percent,
      date,
      dateTime,
    ]);
  });

  it('rounds percentages to the digits asked', () => {
    expect(formatsFor('en').percent(99.98765)).toBe('99.99%');
    expect(formatsFor('en').percent(99.98765, 0)).toBe('100%');
    expect(formatsFor('de').percent(100, 1)).toBe(`100${NBSP}%`);
  });

  it('formats in the time zone given, UTC by default', () => {
    const lateEvening = new Date('2026-11-23T23:30:00Z');
    expect(formatsFor('en').date(lateEvening)).toBe('23 Nov 2026');
    expect(formatsFor('en', 'Europe/Paris').date(lateEvening)).toBe('24 Nov 2026');
  });
});

describe('defineMessages', () => {
  it('gives the catalog of each locale', () => {
    const sut = defineMessages({
      en: { title: 'Status', since: (d: string) => `since ${d}` },
      fr: { title: 'État', since: (d: string) => `depuis ${d}` },
      de: { title: 'Status', since: (d: string) => `seit ${d}` },
      es: { title: 'Estado', since: (d: string) => `desde ${d}` },
    });
    expect(PAGE_LOCALES.map((l) => sut(l).title)).toEqual(['Status', 'État', 'Status', 'Estado']);
    expect(sut('fr').since('lundi')).toBe('depuis lundi');
  });
});
