// Locales of public status pages: which locale a visitor gets, message catalogs, and dates and numbers
// formatted for the locale. Every feature keeps its own catalog (defineMessages) next to its renderer,
// with the same keys in every supported locale, so a missing translation is a compile error.

import { isPageLocale, type PageLocale } from '../../status-pages/locales';

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
  /** `23 Nov 2026` (en), `23 nov. 2026` (fr), `23.11.2026` (de), `23 nov 2026` (es). */
  date(value: Date): string;
  /** `23 Nov 2026, 14:05 UTC` (en), `23 nov. 2026, 14:05 UTC` (fr), `23. Nov. 2026, 14:05 UTC` (de). */
  dateTime(value: Date): string;
  /** `99.95%` (en), `99,95 %` (fr, de, es) with up to `digits` fraction digits (default 2), from a percentage (0 to 100). */
  percent(value: number, digits?: number): string;
  /** `12,345.6` (en), `12 345,6` (fr), `12.345,6` (de, es). */
  number(value: number): string;
}

const formatsCache = new Map<string, Formats>();

/**
 * The Intl locale of each page locale. English is British English: day before month and a 24-hour
 * clock read the same everywhere, where `en` (US) would write `Nov 23, 2026, 2:05 PM`.
 */
const INTL_LOCALES: Record<PageLocale, string> = { en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES' };

export function formatsFor(locale: PageLocale, timeZone = 'UTC'): Formats {
  const key = `${locale}|${timeZone}`;
  const cached = formatsCache.get(key);
  if (cached) return cached;
  const intl = INTL_LOCALES[locale] ?? INTL_LOCALES.en;
  const date = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone });
  // Fields rather than dateStyle/timeStyle: those two cannot be combined with timeZoneName.
  const dateTime = new Intl.DateTimeFormat(intl, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  const number = new Intl.NumberFormat(intl);
  const percents = new Map<number, Intl.NumberFormat>();
  const formats: Formats = {
    locale,
    date: (value) => date.format(value),
    dateTime: (value) => dateTime.format(value),
    number: (value) => number.format(value),
    percent: (value, digits = 2) => {
      let format = percents.get(digits);
      if (!format) {
        format = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: digits });
        percents.set(digits, format);
      }
      return format.format(value / 100);
    },
  };
  formatsCache.set(key, formats);
  return formats;
}
