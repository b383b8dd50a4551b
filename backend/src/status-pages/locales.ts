// The locales a public status page may be shown in: beside the pages that choose them, below the
// renderer (public-pages/render/i18n.ts) and the dashboard's form that offer them.

/** The locales a page may offer; `en` is the fallback. */
export const PAGE_LOCALES = ['en', 'fr', 'de', 'es'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

export const isPageLocale = (value: string): value is PageLocale => (PAGE_LOCALES as readonly string[]).includes(value);
