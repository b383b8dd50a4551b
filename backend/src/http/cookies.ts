// The dashboard's cookies. Both are HttpOnly (no script reads them), SameSite=Lax (not sent on
// cross-site POSTs), Path=/ and Secure when the dashboard is served over https; there the session
// cookie takes the __Host- prefix, which browsers accept only from a secure origin without Domain.

export interface CookieNames {
  session: string;
  preSession: string;
  secure: boolean;
}

export function cookieNames(dashboardUrl: string): CookieNames {
  const secure = dashboardUrl.startsWith('https:');
  return {
    session: secure ? '__Host-svc_session' : 'svc_session',
    preSession: secure ? '__Host-svc_presession' : 'svc_presession',
    secure,
  };
}

export function serializeCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; secure: boolean },
): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The cookies of a request's Cookie header; the first of a repeated name wins. */
export function parseCookies(header: string | string[] | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const raw of text.split(';')) {
    const part = raw.trim();
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq);
    if (!cookies.has(name)) cookies.set(name, part.slice(eq + 1).trim());
  }
  return cookies;
}
