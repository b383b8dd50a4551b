// The one way a name becomes part of a URL: lower-case ASCII letters, digits and single dashes.

/**
 * `text` as a slug of at most `max` characters: accents dropped (é → e), every other run of
 * characters a dash, no dash at either end. Empty when nothing is left; callers choose the fallback.
 */
export function slugOf(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}
