// OAuth clients: dynamic registration of public clients (RFC 7591) and the lookup of the client an
// authorization request names, registered or described by a client-ID metadata document.
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { randomToken } from '../common/crypto';
import { isSingleLine } from '../common/validation';
import {
  ClientMetadataError,
  fetchClientMetadata,
  isMetadataDocumentUrl,
  type ClientMetadataDocument,
} from './client-metadata.fetcher';
import { OAuthError } from './oauth-errors';
import { parseScope, redirectUriProblem, type RedirectPolicy } from './oauth-rules';
import { OAuthClientsRepository } from './oauth-clients.repository';

export const MAX_REDIRECT_URIS = 10;
const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** The client of an authorization request, whichever way it introduced itself. */
export interface OAuthClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  /** Registered here, or described by its metadata document. */
  kind: 'registered' | 'metadata_document';
}

export interface RegistrationResponse {
  client_id: string;
  client_id_issued_at: number;
  redirect_uris: string[];
  token_endpoint_auth_method: 'none';
  grant_types: string[];
  response_types: string[];
  client_name?: string;
  scope?: string;
}

/** A client that cannot be trusted with a redirect: the authorization endpoint shows an error page. */
export class UntrustedClientError extends Error {}

function invalid(message: string): OAuthError {
  return new OAuthError('invalid_client_metadata', message);
}

function stringList(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw invalid(`${field} must be an array of strings`);
  }
  return value as string[];
}

@Injectable()
export class OAuthClientsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OAuthClientsRepository) private readonly clients: OAuthClientsRepository,
  ) {}

  get redirectPolicy(): RedirectPolicy {
    const own = [this.config.baseUrl, this.config.oauthIssuer, this.config.dashboardUrl].map(
      (u) => new URL(u).hostname,
    );
    return { ownHosts: own, domains: this.config.oauth.redirectDomains, schemes: this.config.oauth.redirectSchemes };
  }

  /** Registers a public client (RFC 7591 §3.1); answers its client_id and the metadata accepted. */
  async register(body: unknown, now = new Date()): Promise<RegistrationResponse> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw invalid('the registration request must be a JSON object');
    }
    const input = body as Record<string, unknown>;
    const method = input.token_endpoint_auth_method;
    if (method !== undefined && method !== 'none') {
      throw invalid('token_endpoint_auth_method must be none: only public clients are supported (no client secrets)');
    }
    if (input.redirect_uris === undefined) throw new OAuthError('invalid_redirect_uri', 'redirect_uris is required');
    const redirectUris = stringList(input.redirect_uris, 'redirect_uris');
    if (redirectUris.length === 0 || redirectUris.length > MAX_REDIRECT_URIS) {
      throw new OAuthError('invalid_redirect_uri', `redirect_uris must hold 1 to ${MAX_REDIRECT_URIS} URIs`);
    }
    const policy = this.redirectPolicy;
    redirectUris.forEach((uri, i) => {
      const problem = redirectUriProblem(uri, policy);
      if (problem) throw new OAuthError('invalid_redirect_uri', `redirect_uris.${i}: ${problem}`);
    });
    const grantTypes = input.grant_types === undefined ? GRANT_TYPES : stringList(input.grant_types, 'grant_types');
    const unknownGrant = grantTypes.find((g) => !GRANT_TYPES.includes(g));
    if (unknownGrant !== undefined) {
      throw invalid(
        `grant_types: ${JSON.stringify(unknownGrant.slice(0, 100))} is not supported (authorization_code, refresh_token)`,
      );
    }
    const responseTypes =
      input.response_types === undefined ? ['code'] : stringList(input.response_types, 'response_types');
    if (responseTypes.some((r) => r !== 'code')) throw invalid('response_types: only code is supported');
    const clientName = this.clientName(input.client_name);
    let scope: string | undefined;
    if (input.scope !== undefined) {
      if (typeof input.scope !== 'string' || input.scope.length > 100 || parseScope(input.scope) === null) {
        throw invalid('scope must be read, write or "read write"');
      }
      scope = input.scope;
    }
    const clientId = randomToken(32);
    const response: RegistrationResponse = {
      client_id: clientId,
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'none',
      grant_types: grantTypes,
      response_types: responseTypes,
      ...(clientName ? { client_name: clientName } : {}),
      ...(scope ? { scope } : {}),
    };
    const { client_id: _id, client_id_issued_at: _at, ...metadata } = response;
    await this.clients.insert({ clientId, clientName: clientName ?? '', redirectUris, metadata });
    return response;
  }

  private clientName(value: unknown): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length > 256 || !isSingleLine(value)) {
      throw invalid('client_name must be a string of at most 256 characters without control characters');
    }
    return value.trim() || undefined;
  }

  /**
   * The client an authorization request names: a registered one, or the metadata document at its
   * URL (fetched on every request, SPEC §5.1 rule 5). UntrustedClientError when neither.
   */
  async resolve(clientId: string): Promise<OAuthClient> {
    if (isMetadataDocumentUrl(clientId)) {
      let document: ClientMetadataDocument;
      try {
        document = await fetchClientMetadata(clientId, { allowLoopback: this.config.oauth.cimdAllowLoopback });
      } catch (error) {
        if (error instanceof ClientMetadataError) throw new UntrustedClientError(error.message);
        throw error;
      }
      return { ...document, kind: 'metadata_document' };
    }
    const client = clientId.length <= 2048 ? await this.clients.findByClientId(clientId) : null;
    if (!client)
      throw new UntrustedClientError(
        'Unknown client_id: register the client first, or use a client metadata document URL',
      );
    return {
      clientId: client.clientId,
      clientName: client.clientName || 'Unnamed client',
      redirectUris: client.redirectUris,
      kind: 'registered',
    };
  }

  /** Whether a client_id names a client the token endpoint may serve. */
  async exists(clientId: string): Promise<boolean> {
    if (isMetadataDocumentUrl(clientId)) return true;
    return clientId.length <= 2048 && (await this.clients.findByClientId(clientId)) !== null;
  }
}
