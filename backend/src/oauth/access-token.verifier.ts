// Verifies OAuth access tokens (`svc_oat_…`) presented as bearer tokens on /mcp (SPEC §5.1). Tokens
// are stored only as SHA-256 hashes; a token is good while it is unexpired, not revoked, and its grant
// is live. One interface, so the authorization server and every resource share the same rules.
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceContext, Via } from '../common/context';
import { hashToken } from '../common/crypto';
import { UnauthorizedError } from '../common/errors';
import { Database } from '../database/database';
import { toWorkspaceRef } from '../workspaces/workspaces.service';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { OAuthGrantEntity, OAuthTokenEntity } from './oauth.entities';

export const ACCESS_TOKEN_PREFIX = 'svc_oat_';

export interface AccessTokenVerifier {
  /** The context the token acts in; UnauthorizedError when it is unknown, expired or revoked. */
  verify(token: string, via: Via): Promise<ServiceContext>;
}

@Injectable()
export class OAuthAccessTokenVerifier implements AccessTokenVerifier {
  constructor(@Inject(Database) private readonly db: Database) {}

  async verify(token: string, via: Via, now = new Date()): Promise<ServiceContext> {
    if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 256)
      throw new UnauthorizedError('Invalid access token');
    const row = await this.db.repo(OAuthTokenEntity).findOne({
      where: { tokenHash: hashToken(token), kind: 'access' },
      relations: { grant: true },
    });
    const grant: OAuthGrantEntity | undefined = row?.grant;
    if (!row || !grant) throw new UnauthorizedError('Invalid access token');
    if (row.revokedAt || grant.revokedAt) throw new UnauthorizedError('This access token has been revoked');
    if (row.expiresAt <= now) throw new UnauthorizedError('This access token has expired');
    const workspace = await this.db.repo(WorkspaceEntity).findOneBy({ id: grant.workspaceId });
    if (!workspace) throw new UnauthorizedError('Invalid access token');
    await this.db.repo(OAuthGrantEntity).update({ id: grant.id }, { lastUsedAt: now });
    return {
      workspace: toWorkspaceRef(workspace),
      actor: { type: 'oauth', grantId: grant.id, userId: grant.userId, clientId: grant.clientId },
      scope: grant.scope,
      via,
    };
  }
}
