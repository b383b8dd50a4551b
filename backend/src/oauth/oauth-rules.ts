// The pure rules of the authorization server: which redirect URIs a client may register, how a
// presented redirect URI matches a registered one, PKCE, and scopes. No I/O, so each is unit-tested.
import { createHash } from 'node:crypto';
import type { Scope } from '../common/context';
import { isSingleLine } from '../common/validation';

export const OAUTH_SCOPES = ['read', 'write'] as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

export interface RedirectPolicy {
  /** Hostnames of the service itself (base URL, issuer, dashboard): https redirects there are fine. */
  ownHosts: string[];
  /** AI-client domains whose https redirects (subdomains included) are accepted. */
  domains: string[];
  /** Custom schemes of editors (`cursor`, `vscode`, …), without the colon. */
  schemes: string[];
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function onDomain(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

/**
 * Why a redirect URI may not be registered, or null when it may: loopback (http or https, any port),
 * https on the service's own hosts or an allowed AI-client domain (and subdomains), or an allowed
 * editor scheme. Never a fragment (RFC 6749 §3.1.2), never credentials in the URL.
 */
export function redirectUriProblem(value: string, policy: RedirectPolicy): string | null {
  if (!isSingleLine(value)) return 'must not contain control characters';
  if (value.length > 2048) return 'must be at most 2048 characters';
  const url = parseUrl(value);
  if (!url) return 'must be an absolute URL';
  if (url.hash || value.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain credentials';
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    const host = url.hostname.toLowerCase();
    if (isLoopbackHost(host)) return null;
    if (scheme === 'http') return 'http is allowed only on loopback (127.0.0.1, [::1], localhost)';
    if (policy.ownHosts.some((h) => host === h.toLowerCase())) return null;
    if (policy.domains.some((d) => onDomain(host, d))) return null;
    return `host ${host} is not allowed: use a loopback address, this service's own domain or a supported AI client's domain`;
  }
  if (policy.schemes.includes(scheme)) return null;
  return `scheme ${scheme}: is not allowed (allowed: http on loopback, https, ${policy.schemes.map((s) => `${s}:`).join(', ')})`;
}

/** Whether every redirect URI is on loopback: the consent screen warns that any local program may answer. */
export function allOnLoopback(uris: string[]): boolean {
  return uris.length > 0 && uris.every((uri) => isLoopbackUri(uri));
}

function isLoopbackUri(value: string): boolean {
  const url = parseUrl(value);
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
}

/**
 * Whether the redirect URI of a request matches a registered one: exactly, except that on loopback
 * the port may differ (RFC 8252 §7.3: native apps bind an ephemeral port at run time).
 */
export function redirectUriMatches(registered: string, presented: string): boolean {
  if (registered === presented) return true;
  const a = parseUrl(registered);
  const b = parseUrl(presented);
  if (!a || !b || !isLoopbackUri(registered) || !isLoopbackUri(presented)) return false;
  if (presented.includes('#')) return false;
  return (
    a.protocol === b.protocol &&
    a.hostname.toLowerCase() === b.hostname.toLowerCase() &&
    a.pathname === b.pathname &&
    a.search === b.search &&
    !b.username &&
    !b.password
  );
}

/** Host shown on the consent screen: the redirect URI's host, or `scheme:` for an editor's scheme. */
export function redirectHostOf(uri: string): string {
  const url = parseUrl(uri);
  if (!url) return uri;
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.host;
  return url.protocol;
}

/** RFC 7636 §4.1: 43 to 128 characters of [A-Za-z0-9-._~]. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the base64url SHA-256 of the verifier: 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isCodeVerifier(value: string): boolean {
  return VERIFIER.test(value);
}

export function isS256Challenge(value: string): boolean {
  return CHALLENGE.test(value);
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** PKCE S256: the verifier hashes to the challenge stored with the code. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  return isCodeVerifier(verifier) && s256(verifier) === challenge;
}

/**
 * The scope a request asks for: space-separated `read` and `write`; none asks for write (SPEC §5.1),
 * `write` includes read. Null when a value is unknown (invalid_scope).
 */
export function parseScope(value: string | undefined): Scope | null {
  if (value === undefined || value.trim() === '') return 'write';
  const parts = value.split(' ').filter((p) => p !== '');
  if (parts.some((p) => !(OAUTH_SCOPES as readonly string[]).includes(p))) return null;
  return parts.includes('write') ? 'write' : 'read';
}

/** The scope string of a token response: write access is read and write. */
export function scopeString(scope: Scope): string {
  return scope === 'write' ? 'read write' : 'read';
}

/** A user may grant what was asked or less: write may become read, read stays read. */
export function scopeAllowed(requested: Scope, granted: Scope): boolean {
  return requested === 'write' || granted === 'read';
}
