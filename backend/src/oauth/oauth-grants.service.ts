// Connected apps: the live OAuth grants of a workspace, and revoking them (SPEC §5.1). Every
// revocation, whoever makes it (a member in the dashboard, /oauth/revoke, a replayed code or refresh
// token), goes through `revokeGrant`, which audits `oauth_grant.delete` and revokes every token.
import { Inject, Injectable } from '@nestjs/common';
import { CredentialCache } from '../api-keys/credential-cache';
import { MutationRunner } from '../audit/mutation-runner';
import type { InstallationContext, Scope, ServiceContext } from '../common/context';
import { NotFoundError } from '../common/errors';
import type { MemberRole } from '../users/membership.entity';
import type { OAuthGrantEntity } from './oauth.entities';
import { OAuthGrantsRepository } from './oauth-grants.repository';

export interface ConnectedAppView {
  id: string;
  clientId: string;
  clientName: string;
  scope: Scope;
  userId: string;
  userEmail: string;
  userName: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** What the audit log keeps of a grant: no token, no secret. */
export function grantSnapshot(grant: OAuthGrantEntity): Record<string, unknown> {
  return {
    id: grant.id,
    clientId: grant.clientId,
    clientName: grant.clientName,
    scope: grant.scope,
    userId: grant.userId,
    workspaceId: grant.workspaceId,
    createdAt: grant.createdAt.toISOString(),
    revokedAt: grant.revokedAt?.toISOString() ?? null,
  };
}

@Injectable()
export class OAuthGrantsService {
  constructor(
    @Inject(OAuthGrantsRepository) private readonly grants: OAuthGrantsRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(CredentialCache) private readonly cache: CredentialCache,
  ) {}

  /** Live grants of ctx.workspace, newest first. */
  async list(ctx: ServiceContext): Promise<ConnectedAppView[]> {
    return (await this.grants.listLive(ctx.workspace.id)).map((g) => ({
      id: g.id,
      clientId: g.clientId,
      clientName: g.clientName,
      scope: g.scope,
      userId: g.userId,
      userEmail: g.user?.email ?? '',
      userName: g.user?.name ?? '',
      createdAt: g.createdAt,
      lastUsedAt: g.lastUsedAt,
    }));
  }

  /**
   * ctx.actor is {type:'user', userId}; `role` is that user's role in ctx.workspace. Members may revoke
   * their own grants, owners and admins any; otherwise NotFoundError. Audits oauth_grant.delete.
   */
  async revoke(ctx: ServiceContext, role: MemberRole, grantId: string): Promise<void> {
    const grant = await this.grants.findLiveInWorkspace(ctx.workspace.id, grantId);
    const actorUserId = ctx.actor.type === 'user' ? ctx.actor.userId : null;
    // A member learns nothing about other members' connections: the same answer as an unknown id.
    const allowed = role === 'owner' || role === 'admin' || (grant !== null && grant.userId === actorUserId);
    if (!grant || !allowed) throw NotFoundError.of('connected app', grantId);
    await this.revokeGrants(ctx, [grant.id]);
  }

  /**
   * Revokes the grants (those still live) and all their tokens, each audited as oauth_grant.delete
   * in its own workspace; answers the grants revoked. The one way grants are revoked.
   */
  async revokeGrants(
    ctx: InstallationContext | ServiceContext,
    ids: string[],
    now = new Date(),
  ): Promise<OAuthGrantEntity[]> {
    const revoked = await this.mutations.run(ctx, async (trail) => {
      const done = await this.grants.revoke(ids, now);
      if (done.length === 0) trail.unchanged();
      for (const grant of done) {
        trail.record({
          action: 'oauth_grant.delete',
          entityType: 'oauth_grant',
          entityId: grant.id,
          workspaceId: grant.workspaceId,
          before: grantSnapshot({ ...grant, revokedAt: null }),
          after: grantSnapshot(grant),
        });
      }
      return done;
    });
    // Other nodes hear of it from the database's notification; this one need not wait for it.
    if (revoked.length > 0) this.cache.flush();
    return revoked;
  }
}
