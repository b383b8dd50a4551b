// Signed values of protected pages: the session cookie a visitor gets once the password or an e-mailed
// link let them in, and the token of that e-mailed link. Both are HMACs under a key derived from the
// installation's secret, so the server keeps no session table and a restart keeps visitors signed in.
//
// A password session is bound to the page's current password hash: the MAC covers the hash (the
// cookie never carries it), so changing the password signs everyone out. An e-mail session carries the
// address, and is honoured only while its domain is still allowed (page-access.ts). Both carry the
// access type, so a cookie of a password page is worthless once the page switches to e-mail.
import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from '../../common/crypto';

/** How long a page session lasts. */
export const PAGE_SESSION_MS = 7 * 24 * 60 * 60 * 1000;
/** How long an e-mailed sign-in link works. */
export const ACCESS_LINK_MS = 30 * 60 * 1000;

const VERSION = 'v1';

export type PageSession = { kind: 'password' } | { kind: 'email'; email: string };

export interface AccessLink {
  pageId: string;
  email: string;
  /** The path of the page to return to (already checked by safeReturnPath). */
  returnTo: string;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url').toString('utf8');

export class PageSessions {
  private readonly sessionKey: Buffer;
  private readonly linkKey: Buffer;

  constructor(secretKey: string) {
    this.sessionKey = Buffer.from(hkdfSync('sha256', secretKey, 'uptime-service', 'page session v1', 32));
    this.linkKey = Buffer.from(hkdfSync('sha256', secretKey, 'uptime-service', 'page access link v1', 32));
  }

  /**
   * The cookie value of a session on the page. `passwordHash`: the stored hash of a password page
   * (bound by the MAC, never included).
   */
  issue(pageId: string, session: PageSession, passwordHash: string | null, now = Date.now()): string {
    const expires = String(now + PAGE_SESSION_MS);
    const subject = session.kind === 'email' ? b64(session.email) : '';
    const mac = this.sessionMac(pageId, session.kind, subject, expires, passwordHash);
    return [VERSION, session.kind === 'email' ? 'e' : 'p', expires, subject, mac].join('.');
  }

  /** The session a cookie value holds for the page, or null when forged, expired or stale. */
  verify(pageId: string, value: string | undefined, passwordHash: string | null, now = Date.now()): PageSession | null {
    if (!value || value.length > 1024) return null;
    const [version, kind, expires, subject, mac, ...rest] = value.split('.');
    if (version !== VERSION || rest.length || mac === undefined || !/^\d{1,15}$/.test(expires)) return null;
    if (kind !== 'p' && kind !== 'e') return null;
    const kindName = kind === 'e' ? 'email' : 'password';
    if (!safeEqual(this.sessionMac(pageId, kindName, subject, expires, passwordHash), mac)) return null;
    if (Number(expires) <= now) return null;
    return kindName === 'email' ? { kind: 'email', email: unb64(subject) } : { kind: 'password' };
  }

  /** The token of an e-mailed link that signs `email` in to the page, for ACCESS_LINK_MS. */
  linkToken(link: AccessLink, now = Date.now()): string {
    const body = b64(JSON.stringify({ p: link.pageId, e: link.email, r: link.returnTo, x: now + ACCESS_LINK_MS }));
    return `${body}.${this.linkMac(body)}`;
  }

  /** The link a token stands for when it is genuine, unexpired and for this page; else null. */
  verifyLink(pageId: string, token: unknown, now = Date.now()): AccessLink | null {
    if (typeof token !== 'string' || token.length > 2048) return null;
    const [body, mac, ...rest] = token.split('.');
    if (rest.length || !body || !mac || !safeEqual(this.linkMac(body), mac)) return null;
    try {
      const data = JSON.parse(unb64(body)) as { p?: unknown; e?: unknown; r?: unknown; x?: unknown };
      if (data.p !== pageId || typeof data.e !== 'string' || typeof data.r !== 'string') return null;
      if (typeof data.x !== 'number' || data.x <= now) return null;
      return { pageId, email: data.e, returnTo: data.r };
    } catch {
      return null;
    }
  }

  private sessionMac(
    pageId: string,
    kind: PageSession['kind'],
    subject: string,
    expires: string,
    passwordHash: string | null,
  ): string {
    return createHmac('sha256', this.sessionKey)
      .update([VERSION, pageId, kind, subject, expires, kind === 'password' ? (passwordHash ?? '') : ''].join('\0'))
      .digest('base64url');
  }

  private linkMac(body: string): string {
    return createHmac('sha256', this.linkKey).update(body).digest('base64url');
  }
}

/** The session cookie's name: one per page, so two pages on one host never overwrite each other. */
export function sessionCookieName(pageId: string): string {
  return `svc_page_${pageId}`;
}
