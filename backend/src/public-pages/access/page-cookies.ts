// Cookies of protected pages: HttpOnly (no script reads them), SameSite=Lax (not sent on cross-site
// POSTs), scoped to the page's path (`/status/<slug>`, or `/` on its custom domain) so one page's
// cookie never reaches another page, and Secure when the site is served over https (SITE_URL; custom
// domains are expected behind the same TLS-terminating proxy).
export interface PageCookieOptions {
  path: string;
  maxAgeSeconds: number;
  secure: boolean;
}

export function pageCookie(name: string, value: string, options: PageCookieOptions): string {
  return [
    `${name}=${value}`,
    `Path=${options.path || '/'}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The pre-session cookie that binds the access forms' CSRF tokens to one browser. */
export const ACCESS_CSRF_COOKIE = 'svc_page_csrf';
