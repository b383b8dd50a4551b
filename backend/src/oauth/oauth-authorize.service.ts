// GET /oauth/authorize as a verb: checks the request, stores it as pending and answers where the
// browser goes next (the consent screen), or the error. RFC 6749 §4.1.2.1: while the client or the
// redirect URI cannot be trusted, the error is shown to the user and never sent to the redirect URI
// (no open redirect); once both are trusted, errors go back to the client with `state` and `iss`.
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { hashToken, randomToken } from '../common/crypto';
import { isSingleLine } from '../common/validation';
import { OAuthAuthorizationsRepository } from './oauth-authorizations.repository';
import { OAuthClientsService, UntrustedClientError, type OAuthClient } from './oauth-clients.service';
import type { OAuthErrorCode } from './oauth-errors';
import { allOnLoopback, isS256Challenge, parseScope, redirectUriMatches } from './oauth-rules';

export const REQUEST_LIFETIME_MS = 10 * 60 * 1000;
const MAX_STATE = 2048;

export type AuthorizeOutcome =
  /** 302 to the consent screen, or to the client's redirect URI with an error. */
  | { kind: 'redirect'; location: string }
  /**
   * 400 error page: the client or redirect URI is not to be trusted with a redirect. `error` is the
   * RFC 6749 code: invalid_client for a client that is unknown or whose metadata document is unusable,
   * invalid_request for a missing, repeated or unregistered client_id or redirect_uri.
   */
  | { kind: 'page'; error: 'invalid_client' | 'invalid_request'; message: string };

/** The redirect URI with the parameters of an authorization response (RFC 9207 `iss` included). */
export function responseUrl(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return url.toString();
}

/** A refusal that goes back to the (trusted) redirect URI. */
class RedirectedError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

@Injectable()
export class OAuthAuthorizeService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OAuthClientsService) private readonly clients: OAuthClientsService,
    @Inject(OAuthAuthorizationsRepository) private readonly authorizations: OAuthAuthorizationsRepository,
  ) {}

  get mcpResource(): string {
    return `${this.config.oauthIssuer}/mcp`;
  }

  async authorize(query: Record<string, unknown>, now = new Date()): Promise<AuthorizeOutcome> {
    const single = (name: string): string | undefined => {
      const value = query[name];
      if (value === undefined) return undefined;
      if (typeof value !== 'string') throw new RedirectedError('invalid_request', `${name} must be given once`);
      if (!isSingleLine(value))
        throw new RedirectedError('invalid_request', `${name} must not contain control characters`);
      return value;
    };
    // Until the client and its redirect URI are known good, nothing goes back to any redirect URI.
    let clientId: string | undefined;
    let redirectParam: string | undefined;
    try {
      clientId = single('client_id');
      redirectParam = single('redirect_uri');
    } catch (error) {
      if (error instanceof RedirectedError)
        return { kind: 'page', error: 'invalid_request', message: error.description };
      throw error;
    }
    if (!clientId) return { kind: 'page', error: 'invalid_request', message: 'client_id is required' };
    let client: OAuthClient;
    try {
      client = await this.clients.resolve(clientId);
    } catch (error) {
      if (error instanceof UntrustedClientError)
        return { kind: 'page', error: 'invalid_client', message: error.message };
      throw error;
    }
    let redirectUri: string;
    if (redirectParam === undefined) {
      if (client.redirectUris.length !== 1) {
        return {
          kind: 'page',
          error: 'invalid_request',
          message: 'redirect_uri is required: the client has several redirect URIs',
        };
      }
      redirectUri = client.redirectUris[0]!;
    } else {
      if (!client.redirectUris.some((registered) => redirectUriMatches(registered, redirectParam))) {
        return {
          kind: 'page',
          error: 'invalid_request',
          message: `redirect_uri is not one of the client's redirect URIs`,
        };
      }
      redirectUri = redirectParam;
    }
    const iss = this.config.oauthIssuer;
    const rawState = query.state;
    // The state goes back as it came, when it is one value; a malformed one is dropped from the answer.
    const state =
      typeof rawState === 'string' && isSingleLine(rawState) && rawState.length <= MAX_STATE ? rawState : null;
    try {
      const pending = this.check(single, state, rawState);
      const requestId = randomToken(43);
      await this.authorizations.insertRequest(
        {
          requestHash: hashToken(requestId),
          clientId: client.clientId,
          clientName: client.clientName,
          redirectUri,
          allLoopback: allOnLoopback(client.redirectUris),
          codeChallenge: pending.codeChallenge,
          state,
          scope: pending.scope,
          resource: pending.resource,
          expiresAt: new Date(now.getTime() + REQUEST_LIFETIME_MS),
        },
        now,
      );
      const consent = new URL('/oauth/consent', `${this.config.dashboardUrl}/`);
      consent.searchParams.set('request', requestId);
      return { kind: 'redirect', location: consent.toString() };
    } catch (error) {
      if (!(error instanceof RedirectedError)) throw error;
      return {
        kind: 'redirect',
        location: responseUrl(redirectUri, { error: error.error, error_description: error.description, state, iss }),
      };
    }
  }

  private check(single: (name: string) => string | undefined, state: string | null, rawState: unknown) {
    if (rawState !== undefined && state === null) {
      throw new RedirectedError('invalid_request', `state must be one value of at most ${MAX_STATE} characters`);
    }
    const responseType = single('response_type');
    if (responseType === undefined) throw new RedirectedError('invalid_request', 'response_type is required (code)');
    if (responseType !== 'code') {
      throw new RedirectedError('unsupported_response_type', 'response_type must be code');
    }
    const codeChallenge = single('code_challenge');
    const method = single('code_challenge_method');
    if (codeChallenge === undefined) {
      throw new RedirectedError('invalid_request', 'code_challenge is required: PKCE with S256');
    }
    if (method !== 'S256') {
      throw new RedirectedError(
        'invalid_request',
        method === undefined
          ? 'code_challenge_method is required and must be S256'
          : `code_challenge_method ${JSON.stringify(method.slice(0, 20))} is not supported: use S256`,
      );
    }
    if (!isS256Challenge(codeChallenge)) {
      throw new RedirectedError(
        'invalid_request',
        'code_challenge must be the 43-character base64url SHA-256 of the verifier',
      );
    }
    const scopeParam = single('scope');
    const scope = parseScope(scopeParam);
    if (scope === null) throw new RedirectedError('invalid_scope', 'scope must be read, write or "read write"');
    const resource = single('resource') ?? null;
    if (resource !== null && resource !== this.mcpResource) {
      throw new RedirectedError('invalid_target', `resource must be ${this.mcpResource}`);
    }
    return { codeChallenge, scope, resource };
  }
}
