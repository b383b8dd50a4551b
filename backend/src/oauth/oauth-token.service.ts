// POST /oauth/token and POST /oauth/revoke as verbs. Tokens are opaque random strings stored only as
// SHA-256 hashes (no JWTs: the only resource is this server's /mcp, which looks them up anyway and
// so sees a revocation at once). Access tokens `svc_oat_…` live 1 hour; refresh tokens `svc_ort_…`
// 90 days from their issue, rotated on every use (so the life slides). A code used twice, or a
// refresh token used after its rotation, means a copy leaked: the grant and all its tokens are revoked.
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { InstallationContext, ServiceContext } from '../common/context';
import { hashToken, randomToken } from '../common/crypto';
import { isSingleLine } from '../common/validation';
import { MutationRunner } from '../audit/mutation-runner';
import { Database } from '../database/database';
import { USERS_PORT, type UsersPort } from '../users/users.port';
import { toWorkspaceRef, WorkspacesService } from '../workspaces/workspaces.service';
import { ACCESS_TOKEN_PREFIX } from './access-token.verifier';
import { OAuthAuthorizationsRepository } from './oauth-authorizations.repository';
import { OAuthClientsService } from './oauth-clients.service';
import { OAuthError } from './oauth-errors';
import { grantSnapshot, OAuthGrantsService } from './oauth-grants.service';
import { OAuthGrantsRepository } from './oauth-grants.repository';
import type { OAuthGrantEntity } from './oauth.entities';
import { isCodeVerifier, parseScope, pkceMatches, scopeString } from './oauth-rules';

export const REFRESH_TOKEN_PREFIX = 'svc_ort_';
export const ACCESS_TOKEN_LIFETIME_S = 3600;
export const REFRESH_TOKEN_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

type Params = Record<string, string | undefined>;

/** The body of a token or revocation request, each parameter a single one-line string. */
function paramsOf(body: unknown): Params {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError(
      'invalid_request',
      'the body must be form-encoded (application/x-www-form-urlencoded) or JSON',
    );
  }
  const out: Params = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new OAuthError('invalid_request', `${key} must be given once, as a string`);
    if (!isSingleLine(value) || value.length > 4096) {
      throw new OAuthError('invalid_request', `${key} must be at most 4096 characters without control characters`);
    }
    out[key] = value;
  }
  return out;
}

function required(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

/** What a failed exchange did before it failed: revoked a grant (committed), then the error. */
class Refused {
  constructor(readonly error: OAuthError) {}
}

@Injectable()
export class OAuthTokenService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Database) private readonly db: Database,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(OAuthClientsService) private readonly clients: OAuthClientsService,
    @Inject(OAuthAuthorizationsRepository) private readonly authorizations: OAuthAuthorizationsRepository,
    @Inject(OAuthGrantsRepository) private readonly grants: OAuthGrantsRepository,
    @Inject(OAuthGrantsService) private readonly grantsService: OAuthGrantsService,
    @Inject(USERS_PORT) private readonly users: UsersPort,
    @Inject(WorkspacesService) private readonly workspaces: WorkspacesService,
  ) {}

  private get mcpResource(): string {
    return `${this.config.oauthIssuer}/mcp`;
  }

  /** The token endpoint (RFC 6749 §3.2): grant types authorization_code and refresh_token. */
  async token(body: unknown, now = new Date()): Promise<TokenResponse> {
    const params = paramsOf(body);
    const grantType = required(params, 'grant_type');
    const clientId = required(params, 'client_id');
    if (!(await this.clients.exists(clientId))) throw new OAuthError('invalid_client', 'Unknown client_id');
    const resource = params.resource;
    if (resource !== undefined && resource !== this.mcpResource) {
      throw new OAuthError('invalid_target', `resource must be ${this.mcpResource}`);
    }
    switch (grantType) {
      case 'authorization_code':
        return this.exchangeCode(params, clientId, now);
      case 'refresh_token':
        return this.refresh(params, clientId, now);
      default:
        throw new OAuthError(
          'unsupported_grant_type',
          `grant_type ${JSON.stringify(grantType.slice(0, 50))} is not supported (authorization_code, refresh_token)`,
        );
    }
  }

  private async exchangeCode(params: Params, clientId: string, now: Date): Promise<TokenResponse> {
    const code = required(params, 'code');
    const redirectUri = required(params, 'redirect_uri');
    const verifier = required(params, 'code_verifier');
    if (!isCodeVerifier(verifier)) {
      throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
    }
    const outcome = await this.db.transaction(async (): Promise<TokenResponse | Refused> => {
      const row = await this.authorizations.lockCode(hashToken(code));
      if (!row || row.clientId !== clientId) throw new OAuthError('invalid_grant', 'Unknown authorization code');
      if (row.consumedAt) {
        // Someone used this code before: the tokens it gave may be in the wrong hands (RFC 6749 §4.1.2).
        if (row.grantId) await this.grantsService.revokeGrants(this.serverContext(), [row.grantId], now);
        return new Refused(
          new OAuthError(
            'invalid_grant',
            'The authorization code was already used; the connection it created has been revoked',
          ),
        );
      }
      if (row.expiresAt <= now) throw new OAuthError('invalid_grant', 'The authorization code has expired');
      if (row.redirectUri !== redirectUri) {
        throw new OAuthError('invalid_grant', 'redirect_uri differs from the one of the authorization request');
      }
      if (!pkceMatches(verifier, row.codeChallenge)) {
        throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
      }
      if (params.resource !== undefined && row.resource !== null && params.resource !== row.resource) {
        throw new OAuthError('invalid_target', 'resource differs from the one of the authorization request');
      }
      if (!(await this.users.findMembership(row.workspaceId, row.userId))) {
        throw new OAuthError('invalid_grant', 'The approving user is no longer a member of the workspace');
      }
      const workspace = await this.workspaces.resolve(row.workspaceId);
      const ctx: ServiceContext = {
        workspace: toWorkspaceRef(workspace),
        actor: { type: 'user', userId: row.userId },
        scope: 'write',
        via: 'dashboard',
      };
      return this.mutations.run(ctx, async (trail) => {
        // One live grant per client and user: connecting again replaces the previous one.
        await this.grants.lockClientUser(row.clientId, row.userId);
        const previous = await this.grants.findLive(row.clientId, row.userId);
        if (previous) {
          const [revoked] = await this.grants.revoke([previous.id], now);
          if (revoked) {
            trail.record({
              action: 'oauth_grant.delete',
              entityType: 'oauth_grant',
              entityId: revoked.id,
              workspaceId: revoked.workspaceId,
              before: grantSnapshot({ ...revoked, revokedAt: null }),
              after: grantSnapshot(revoked),
            });
          }
        }
        const grant = await this.grants.insertGrant({
          clientId: row.clientId,
          clientName: row.clientName,
          userId: row.userId,
          workspaceId: row.workspaceId,
          scope: row.scope,
        });
        trail.record({
          action: 'oauth_grant.create',
          entityType: 'oauth_grant',
          entityId: grant.id,
          after: grantSnapshot(grant),
        });
        await this.authorizations.markCodeConsumed(row.id, grant.id, now);
        return this.issue(grant, now);
      });
    });
    if (outcome instanceof Refused) throw outcome.error;
    return outcome;
  }

  private async refresh(params: Params, clientId: string, now: Date): Promise<TokenResponse> {
    const presented = required(params, 'refresh_token');
    const outcome = await this.db.transaction(async (): Promise<TokenResponse | Refused> => {
      const token = presented.startsWith(REFRESH_TOKEN_PREFIX)
        ? await this.grants.findToken(hashToken(presented))
        : null;
      const grant = token?.grant;
      if (!token || token.kind !== 'refresh' || !grant || grant.clientId !== clientId) {
        throw new OAuthError('invalid_grant', 'Unknown refresh token');
      }
      if (grant.revokedAt)
        throw new OAuthError('invalid_grant', 'The connection of this refresh token has been revoked');
      if (token.revokedAt || !(await this.grants.markTokenUsed(token.id, now))) {
        // A rotated refresh token came back: one of its holders is not the client (RFC 9700 §4.14.2).
        await this.grantsService.revokeGrants(this.serverContext(), [grant.id], now);
        return new Refused(
          new OAuthError(
            'invalid_grant',
            'The refresh token was already used; the connection has been revoked for safety',
          ),
        );
      }
      if (token.expiresAt <= now) throw new OAuthError('invalid_grant', 'The refresh token has expired');
      if (params.scope !== undefined) {
        const asked = parseScope(params.scope);
        if (asked !== grant.scope) {
          throw new OAuthError(
            'invalid_scope',
            `scope must be the one granted (${scopeString(grant.scope)}) or omitted`,
          );
        }
      }
      return this.issue(grant, now);
    });
    if (outcome instanceof Refused) throw outcome.error;
    return outcome;
  }

  private async issue(grant: OAuthGrantEntity, now: Date): Promise<TokenResponse> {
    const access = `${ACCESS_TOKEN_PREFIX}${randomToken(43)}`;
    const refresh = `${REFRESH_TOKEN_PREFIX}${randomToken(43)}`;
    await this.grants.insertToken(
      grant.id,
      'access',
      hashToken(access),
      new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_S * 1000),
    );
    await this.grants.insertToken(
      grant.id,
      'refresh',
      hashToken(refresh),
      new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS),
    );
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      refresh_token: refresh,
      scope: scopeString(grant.scope),
    };
  }

  /**
   * Token revocation (RFC 7009): either token of a grant revokes the whole grant. Unknown, expired or
   * already revoked tokens are answered like a success (§2.2). A token of another client is refused.
   */
  async revoke(body: unknown, now = new Date()): Promise<void> {
    const params = paramsOf(body);
    const presented = required(params, 'token');
    const token = await this.grants.findToken(hashToken(presented));
    const grant = token?.grant;
    if (!token || !grant || grant.revokedAt) return;
    if (params.client_id !== undefined && params.client_id !== grant.clientId) {
      throw new OAuthError('unauthorized_client', 'The token was not issued to this client_id');
    }
    const ctx: InstallationContext = {
      actor: { type: 'oauth', grantId: grant.id, userId: grant.userId, clientId: grant.clientId },
      scope: 'write',
      via: 'rest',
    };
    await this.grantsService.revokeGrants(ctx, [grant.id], now);
  }

  /** Revocations the server makes on its own (a replayed code or refresh token). */
  private serverContext(): InstallationContext {
    return { actor: { type: 'system', name: 'oauth-server' }, scope: 'write', via: 'system' };
  }
}
