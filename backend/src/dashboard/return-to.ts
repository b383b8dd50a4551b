// Where to go after signing in. Only a path of this dashboard is accepted (no scheme, no host, no
// `//host` or `/\host` that a browser reads as another site), so the parameter cannot be turned into
// an open redirect.
const PREFIXES = ['/app', '/oauth/consent'];
export const DEFAULT_RETURN_TO = '/app';

export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return DEFAULT_RETURN_TO;
  // Control characters and backslashes: browsers strip or rewrite them, turning `/\evil` into `//evil`.
  if (!value.startsWith('/') || /[\\\p{Cc}\s]/u.test(value) || value.startsWith('//')) return DEFAULT_RETURN_TO;
  let url: URL;
  try {
    url = new URL(value, 'http://dashboard.invalid');
  } catch {
    return DEFAULT_RETURN_TO;
  }
  if (url.origin !== 'http://dashboard.invalid') return DEFAULT_RETURN_TO;
  const path = url.pathname;
  if (!PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return DEFAULT_RETURN_TO;
  return `${path}${url.search}`;
}
