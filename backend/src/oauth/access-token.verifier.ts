// Verifies OAuth access tokens (`svc_oat_…`) presented as bearer tokens on /mcp (SPEC §5.1). Tokens
// are stored only as SHA-256 hashes; a token is good while it is unexpired, not revoked, and its grant
// is live. One interface, so the authorization server and every resource share the same rules.
import { Inject, Injectable } from '@nestjs/common';
import { CredentialCache } from '../api-keys/credential-cache';
import { LastUsedRecorder } from '../api-keys/last-used.recorder';
import type { ServiceContext, Via } from '../common/context';
import { hashToken } from '../common/crypto';
import { UnauthorizedError } from '../common/errors';
import { toWorkspaceRef } from '../workspaces/workspaces.service';
import type { OAuthGrantEntity } from './oauth.entities';
import { OAuthTokensRepository } from './oauth-tokens.repository';

export const ACCESS_TOKEN_PREFIX = 'svc_oat_';

export interface AccessTokenVerifier {
  /** The context the token acts in; UnauthorizedError when it is unknown, expired or revoked. */
  verify(token: string, via: Via): Promise<ServiceContext>;
}

@Injectable()
export class OAuthAccessTokenVerifier implements AccessTokenVerifier {
  constructor(
    @Inject(OAuthTokensRepository) private readonly tokens: OAuthTokensRepository,
    @Inject(CredentialCache) private readonly cache: CredentialCache,
    @Inject(LastUsedRecorder) private readonly lastUsed: LastUsedRecorder,
  ) {}

  async verify(token: string, via: Via, now = new Date()): Promise<ServiceContext> {
    if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 256)
      throw new UnauthorizedError('Invalid access token');
    const hash = hashToken(token);
    const cached = await this.cache.get(`oat:${hash}`, now.getTime());
    if (cached && (!cached.expiresAt || cached.expiresAt > now)) {
      this.lastUsed.note('oauth_grant', cached.usage.id, now);
      return { ...cached.ctx, via };
    }
    const generation = this.cache.begin();
    const row = await this.tokens.findAccessToken(hash);
    const grant: OAuthGrantEntity | undefined = row?.grant;
    if (!row || !grant) throw new UnauthorizedError('Invalid access token');
    if (row.revokedAt || grant.revokedAt) throw new UnauthorizedError('This access token has been revoked');
    if (row.expiresAt <= now) throw new UnauthorizedError('This access token has expired');
    if (!grant.workspace) throw new UnauthorizedError('Invalid access token');
    const ctx = {
      workspace: Object.freeze(toWorkspaceRef(grant.workspace)),
      actor: Object.freeze({
        type: 'oauth' as const,
        grantId: grant.id,
        userId: grant.userId,
        clientId: grant.clientId,
      }),
      scope: grant.scope,
    };
    this.cache.put(
      `oat:${hash}`,
      { ctx, expiresAt: row.expiresAt, usage: { kind: 'oauth_grant', id: grant.id } },
      generation,
      now.getTime(),
    );
    this.lastUsed.note('oauth_grant', grant.id, now);
    return { ...ctx, via };
  }
}
