// Whether a request may see a page (SPEC §2.6): every surface of a page asks this first — the page,
// its history, JSON, feeds, badges, markdown and subscribe form. Public pages: everyone. Password and
// e-mail-domain pages: a valid session cookie of the page (access.routes.ts issues it). IP-restricted
// pages: the client address in one of the page's IPv4 ranges; that address is Fastify's request.ip,
// which believes X-Forwarded-For only from the proxies TRUST_PROXY names (none by default).
//
// Machine surfaces (JSON, feeds, badges, markdown) of a password or e-mail page therefore work only
// in a browser that holds the page's session cookie; feed readers and badge embeds need a public page.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookies } from '../../http/cookies';
import type { PublicPage } from '../public-page.types';
import { ipInRanges } from './ipv4-cidr';
import { PagePasswords } from './page-passwords';
import { PageSessions, sessionCookieName, type PageSession } from './page-sessions';

/** Whether an e-mail address belongs to one of the domains (exact match: subdomains are not included). */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return domains.some((d) => d.toLowerCase() === domain);
}

@Injectable()
export class PageAccess {
  constructor(
    @Inject(PageSessions) private readonly sessions: PageSessions,
    @Inject(PagePasswords) private readonly passwords: PagePasswords,
  ) {}

  async allows(page: PublicPage, request: FastifyRequest): Promise<boolean> {
    switch (page.accessType) {
      case 'public':
        return true;
      case 'ip-restriction':
        return ipInRanges(request.ip, page.allowedIpRanges);
      case 'password':
      case 'email-domain':
        return (await this.session(page, request)) !== null;
      default: {
        const unknown: never = page.accessType;
        throw new Error(`unknown access type ${String(unknown)}`);
      }
    }
  }

  /** The visitor's valid session on a password or e-mail page, or null. */
  async session(page: PublicPage, request: FastifyRequest): Promise<PageSession | null> {
    const value = parseCookies(request.headers.cookie).get(sessionCookieName(page.id));
    if (!value) return null;
    if (page.accessType === 'password') {
      const hash = await this.passwords.hashOf(page);
      if (!hash) return null;
      const session = this.sessions.verify(page.id, value, hash);
      return session?.kind === 'password' ? session : null;
    }
    if (page.accessType === 'email-domain') {
      const session = this.sessions.verify(page.id, value, null);
      // The address must still be allowed: removing a domain signs its people out.
      return session?.kind === 'email' && emailDomainAllowed(session.email, page.authEmailDomains) ? session : null;
    }
    return null;
  }
}

/** Where an HTML surface sends a refused visitor: the access form, returning to this very path. */
export function accessPath(base: string, request: FastifyRequest): string {
  // originalUrl: on a custom domain the visitor's own path, before the rewrite to /status/<slug>.
  const path = `${base}/access?return=${encodeURIComponent(request.originalUrl)}`;
  // The locale asked for in the URL carries over, so the form speaks the language of the page.
  const locale = (request.query as { locale?: unknown } | undefined)?.locale;
  return typeof locale === 'string' && /^[a-z]{2}$/.test(locale) ? `${path}&locale=${locale}` : path;
}

/** The answer of an HTML surface to a refused visitor: 303 to the access form. */
export function redirectToAccess(reply: FastifyReply, base: string, request: FastifyRequest): FastifyReply {
  return reply.header('cache-control', 'private, no-store').redirect(accessPath(base, request), 303);
}

/** The answer of a machine surface (JSON, feeds, badges, markdown) to a refused client. */
export function refuseMachine(reply: FastifyReply): FastifyReply {
  return reply
    .code(401)
    .header('cache-control', 'private, no-store')
    .type('text/plain; charset=utf-8')
    .send('This status page is protected: open it in a browser and sign in to its page first.\n');
}

/** Cache-Control of any answer of a page that is not public: never stored by shared caches. */
export const PROTECTED_CACHE_CONTROL = 'private, no-store';
