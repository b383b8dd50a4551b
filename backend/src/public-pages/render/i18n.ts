// Locales of public status pages: which locale a visitor gets, message catalogs, and dates and numbers
// formatted for the locale. Every feature keeps its own catalog (defineMessages) next to its renderer,
// with the same keys in every supported locale, so a missing translation is a compile error.

/** The locales a page may offer; `en` is the fallback. */
export const PAGE_LOCALES = ['en', 'fr', 'de', 'es'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

export const isPageLocale = (value: string): value is PageLocale => (PAGE_LOCALES as readonly string[]).includes(value);

/** A message: fixed text, or a function of its parameters (plurals, names, dates already formatted). */
export type Message = string | ((...args: never[]) => string);

/**
 * A catalog in every locale, English giving the keys and shapes: `defineMessages({ en: {...}, fr:
 * {...}, de: {...}, es: {...} })(locale).title`.
 */
export function defineMessages<M extends Record<string, Message>>(
  catalog: Record<PageLocale, M>,
): (locale: PageLocale) => M {
  return (locale) => catalog[locale] ?? catalog.en;
}

/**
 * The locale to render: the one asked for in the URL (`?locale=fr`) when the page offers it, else the
 * first of Accept-Language the page offers (by quality, `fr-CA` matching `fr`), else the page's default.
 */
export function negotiateLocale(
  offered: readonly string[],
  defaultLocale: string,
  asked: string | undefined,
  acceptLanguage: string | undefined,
): PageLocale {
  const offers = offered.filter(isPageLocale);
  const fallback: PageLocale = isPageLocale(defaultLocale) ? defaultLocale : 'en';
  if (asked && isPageLocale(asked) && (offers.includes(asked) || asked === fallback)) return asked;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.lang && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { lang } of ranked) {
    if (isPageLocale(lang) && (offers.includes(lang) || lang === fallback)) return lang;
  }
  return fallback;
}

/** Dates, times and numbers for a locale, in UTC unless a time zone is given. */
export interface Formats {
  locale: PageLocale;
  /** `23 Nov 2026` */
  date(value: Date): string;
  /** `23 Nov 2026, 14:05 UTC` */
  dateTime(value: Date): string;
  /** `99.95%` with up to `digits` fraction digits (default 2), from a percentage (0 to 100). */
  percent(value: number, digits?: number): string;
  /** `1,234` / `1 234` / `1.234` */
  number(value: number): string;
}

const formatsCache = new Map<string, Formats>();

export function formatsFor(locale: PageLocale, timeZone = 'UTC'): Formats {
  const key = `${locale}|${timeZone}`;
  const cached = formatsCache.get(key);
  if (cached) return cached;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
    timeZoneName: 'short',
  });
  const number = new Intl.NumberFormat(locale);
  const percents = new Map<number, Intl.NumberFormat>();
  const formats: Formats = {
    locale,
    date: (value) => date.format(value),
    dateTime: (value) => dateTime.format(value),
    number: (value) => number.format(value),
    percent: (value, digits = 2) => {
      let format = percents.get(digits);
      if (!format) {
        format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits });
        percents.set(digits, format);
      }
      return format.format(value / 100);
    },
  };
  formatsCache.set(key, formats);
  return formats;
}
