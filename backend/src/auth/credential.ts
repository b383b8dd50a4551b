// The one reader of a request's credential. Every consumer — the REST guard, the RPC interceptor, the
// MCP endpoint and the rate limit — takes the value from here, so the string that authenticates is the
// string the rate limit counts. A value that differs from a valid credential in any way (a leading
// non-breaking space, a zero-width character) is refused, never trimmed into a valid one: trimming in
// one place and not the other gave every such variant a fresh rate-limit bucket.
import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { UnauthorizedError } from '../common/errors';

export const API_KEY_HEADER = 'x-service-key';

/** Characters of API keys (`svc_<12>_<40>`) and of OAuth access tokens (`svc_oat_…`). */
const TOKEN_ALPHABET = /^[A-Za-z0-9_]+$/;
/** Longer than any key or token the service issues; longer values are not looked up at all. */
const MAX_TOKEN_LENGTH = 256;
/** Surrounding spaces and tabs are HTTP's own optional whitespace, not part of the value (RFC 9110 §5.5). */
const OWS = /^[ \t]+|[ \t]+$/g;

export type Credential = { kind: 'api_key'; token: string } | { kind: 'bearer'; token: string };

function checked(token: string, what: string): string {
  if (token.length > MAX_TOKEN_LENGTH) throw new UnauthorizedError(`Invalid ${what}: longer than any ${what}`);
  if (!TOKEN_ALPHABET.test(token)) {
    throw new UnauthorizedError(
      `Invalid ${what}: only letters, digits and underscores are allowed (look for a stray space or invisible character)`,
    );
  }
  return token;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The API key of `x-service-key`; null when the header is absent or empty. UnauthorizedError when it
 * holds anything but a key's characters.
 */
export function apiKeyFrom(headers: IncomingHttpHeaders): string | null {
  const raw = single(headers[API_KEY_HEADER])?.replace(OWS, '');
  return raw ? checked(raw, 'API key') : null;
}

/**
 * The token of `Authorization: Bearer <token>`; null without an Authorization header.
 * UnauthorizedError for another scheme or a token with characters no token has.
 */
export function bearerTokenFrom(headers: IncomingHttpHeaders): string | null {
  const raw = single(headers.authorization)?.replace(OWS, '');
  if (!raw) return null;
  const match = /^Bearer[ \t]+(.*)$/i.exec(raw);
  if (!match?.[1]) throw new UnauthorizedError('Expected Authorization: Bearer <access token>');
  return checked(match[1], 'access token');
}

/** Prefix of OAuth access tokens; API keys are `svc_<12>_<40>` and never start with it. */
const ACCESS_TOKEN_PREFIX = 'svc_oat_';
/** Prefix of API keys (and of access tokens, which the line above tells apart). */
const API_KEY_PREFIX = 'svc_';

/**
 * The request's credential; the API key wins when both are sent (SPEC §5). Many MCP clients can only
 * send a bearer token, so `Authorization: Bearer <API key>` is an API key too, told from an access
 * token by its prefix; it is the same credential as in `x-service-key`, and the rate limit counts both
 * forms in one bucket (`api_key:<key>`).
 */
export function credentialFrom(headers: IncomingHttpHeaders): Credential | null {
  const apiKey = apiKeyFrom(headers);
  if (apiKey) return { kind: 'api_key', token: apiKey };
  const bearer = bearerTokenFrom(headers);
  if (!bearer) return null;
  const isApiKey = bearer.startsWith(API_KEY_PREFIX) && !bearer.startsWith(ACCESS_TOKEN_PREFIX);
  return { kind: isApiKey ? 'api_key' : 'bearer', token: bearer };
}

export const apiKeyOf = (request: FastifyRequest): string | null => apiKeyFrom(request.headers);
export const credentialOf = (request: FastifyRequest): Credential | null => credentialFrom(request.headers);
