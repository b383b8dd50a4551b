// The one place the OAuth endpoints turn errors into RFC 6749 answers: `{error, error_description}`
// with the RFC's status, never the service's API error envelope (SPEC §5.1 rule 6, §7). Unknown
// errors are logged by the caller and answered as server_error without their message.
import { isDomainError, type DomainErrorCode } from '../common/errors';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'server_error'
  | 'temporarily_unavailable';

/** An error of the OAuth protocol itself, raised by the authorization server's verbs. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export function oauthStatusOf(code: OAuthErrorCode): number {
  switch (code) {
    case 'invalid_client':
      // RFC 6749 §5.2: 401 for a failed client authentication.
      return 401;
    case 'server_error':
      return 500;
    case 'temporarily_unavailable':
      return 503;
    case 'invalid_request':
    case 'invalid_grant':
    case 'unauthorized_client':
    case 'unsupported_grant_type':
    case 'unsupported_response_type':
    case 'invalid_scope':
    case 'invalid_target':
    case 'access_denied':
    case 'invalid_redirect_uri':
    case 'invalid_client_metadata':
      return 400;
    default: {
      const unreachable: never = code;
      throw new Error(`unmapped oauth error ${String(unreachable)}`);
    }
  }
}

/** A domain error raised under an OAuth endpoint, in the protocol's words. */
export function oauthCodeOfDomain(code: DomainErrorCode): OAuthErrorCode {
  switch (code) {
    case 'VALIDATION':
    case 'CONFLICT':
    case 'PRECONDITION_FAILED':
      return 'invalid_request';
    case 'NOT_FOUND':
      return 'invalid_grant';
    case 'UNAUTHORIZED':
      return 'invalid_client';
    case 'FORBIDDEN':
      return 'access_denied';
    case 'LIMIT_EXCEEDED':
      return 'temporarily_unavailable';
    default: {
      const unreachable: never = code;
      throw new Error(`unmapped domain error ${String(unreachable)}`);
    }
  }
}

export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
}

/** The answer for any error; `unexpected` is true when it must be logged (a fault, not the client's). */
export function oauthErrorAnswer(error: unknown): { status: number; body: OAuthErrorBody; unexpected: boolean } {
  if (error instanceof OAuthError) {
    return {
      status: oauthStatusOf(error.error),
      body: { error: error.error, error_description: error.description },
      unexpected: false,
    };
  }
  if (isDomainError(error)) {
    const code = oauthCodeOfDomain(error.code);
    return { status: oauthStatusOf(code), body: { error: code, error_description: error.message }, unexpected: false };
  }
  return {
    status: 500,
    body: { error: 'server_error', error_description: 'Internal error' },
    unexpected: true,
  };
}
