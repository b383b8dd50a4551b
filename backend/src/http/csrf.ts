// CSRF defences of the dashboard's forms. Every POST carries a synchronizer token in the hidden field
// `_csrf`: an HMAC, under a key derived from the installation's secret, of what binds the form to one
// browser — the session token once signed in, or a random pre-session cookie on the sign-in forms
// (signed double submit). Both cookies are HttpOnly, so a page on another site can neither read nor
// compute the token. Browsers that say where a request comes from (Origin, Sec-Fetch-Site) are also
// held to same-origin requests, which stops a cross-site POST even before the token is looked at.
import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from '../common/crypto';

export const CSRF_FIELD = '_csrf';

export function csrfKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'uptime-service', 'dashboard csrf v1', 32));
}

/** The token of forms bound to `binding` (a session or pre-session token). */
export function csrfToken(key: Buffer, binding: string): string {
  return createHmac('sha256', key).update(`csrf\0${binding}`).digest('base64url');
}

/** Whether `given` is the token of `binding`, compared in constant time. */
export function csrfValid(key: Buffer, binding: string | undefined, given: unknown): boolean {
  if (!binding || typeof given !== 'string' || given.length === 0 || given.length > 100) return false;
  return safeEqual(csrfToken(key, binding), given);
}

export interface OriginHeaders {
  origin?: string | string[];
  host?: string | string[];
  'sec-fetch-site'?: string | string[];
}

/**
 * Why a POST is refused as cross-site, or null when the headers allow it. Requests without these
 * headers (old browsers, curl) are left to the token. `allowedOrigins` are the dashboard's own origins;
 * an Origin naming the very host the request was sent to is same-origin too (the dashboard is also
 * served on the API's origin).
 */
export function crossSiteReason(headers: OriginHeaders, allowedOrigins: readonly string[]): string | null {
  const site = single(headers['sec-fetch-site']);
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return `a ${site} request (Sec-Fetch-Site) may not submit this form`;
  }
  const origin = single(headers.origin);
  if (origin === undefined) return null;
  if (allowedOrigins.includes(origin)) return null;
  const host = single(headers.host);
  try {
    if (origin !== 'null' && host !== undefined && new URL(origin).host === host) return null;
  } catch {
    // An Origin that is not a URL is not ours.
  }
  return `a request from another origin (${origin.slice(0, 100)}) may not submit this form`;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
