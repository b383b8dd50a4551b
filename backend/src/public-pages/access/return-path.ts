// Where the access forms send a visitor once signed in. Only a path of this very page is accepted: on
// the main site a path under `/status/<slug>`, on the page's custom domain (base '') any path of that
// domain, since the whole domain is the page. No scheme, host, `//host` or `/\host`, so the parameter
// cannot be turned into an open redirect; the access pages themselves fall back to the page.
export function safeReturnPath(base: string, value: unknown): string {
  const fallback = base || '/';
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  // Control characters and backslashes: browsers strip or rewrite them, turning `/\evil` into `//evil`.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\p{Cc}\s]/u.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, 'http://page.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://page.invalid') return fallback;
  const path = url.pathname;
  if (base && path !== base && !path.startsWith(`${base}/`)) return fallback;
  const rest = path.slice(base.length);
  if (rest === '/access' || rest.startsWith('/access/')) return fallback;
  return `${path}${url.search}`;
}
