// The security headers of every public answer (status pages, their history, access and subscribe
// forms, feeds, badges, JSON, markdown, robots and sitemaps), as the dashboard sends its own: a CSP
// that allows no script at all and only the page's own inline stylesheet (by its hash, so no
// 'unsafe-inline'), `nosniff`, and no framing. A status page may opt in to being framed by the
// origins of its `embedOrigins` setting; forms never may (their buttons could be clickjacked).
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export interface PublicPolicy {
  /** CSP sources of the inline stylesheets of the document ('sha256-…'); none: no style at all. */
  styles?: readonly string[];
  /** Origins that may frame the answer; none: no one (and X-Frame-Options DENY). */
  frameAncestors?: readonly string[];
}

/** The CSP source of one inline `<style>` element's text. */
export function styleSource(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/**
 * The CSP sources of every inline `<style>` of a document this service rendered. Our stylesheets
 * escape `<` (layout.ts), so an element's text cannot hold `</style>` and the match is exact.
 */
export function inlineStyleSources(document: string): string[] {
  return [...document.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => styleSource(m[1]));
}

/**
 * The policy: nothing by default, no script anywhere; images of the page's own origin or any https
 * one (the page's icon is a URL of its settings); forms post only to the page's own origin; no
 * `<base>` to redirect relative links.
 */
export function publicCsp(policy: PublicPolicy = {}): string {
  const styles = policy.styles?.length ? [...new Set(policy.styles)].join(' ') : "'none'";
  const ancestors = policy.frameAncestors?.length ? policy.frameAncestors.join(' ') : "'none'";
  return [
    "default-src 'none'",
    "img-src 'self' https: data:",
    `style-src ${styles}`,
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** Sets the policy and its companions on a reply (they replace any set before). */
export function setPublicHeaders(reply: FastifyReply, policy: PublicPolicy = {}): FastifyReply {
  reply.header('content-security-policy', publicCsp(policy));
  reply.header('x-content-type-options', 'nosniff');
  // X-Frame-Options has no list of origins: with an opt-in it is left out and frame-ancestors rules.
  if (policy.frameAncestors?.length) reply.removeHeader('x-frame-options');
  else reply.header('x-frame-options', 'DENY');
  return reply;
}
