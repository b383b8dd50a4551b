// A member who leaves a workspace takes their OAuth connections with them: their live grants there are
// revoked in the removal's transaction, each audited `oauth_grant.delete`, and cached tokens are
// dropped once it is committed (users/member-removal.ts runs this hook).
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CredentialCache } from '../api-keys/credential-cache';
import { MemberRemoval } from '../users/member-removal';
import { OAuthGrantsRepository } from './oauth-grants.repository';
import { grantSnapshot } from './oauth-grants.service';

@Injectable()
export class OAuthMemberRemoval implements OnModuleInit {
  constructor(
    @Inject(MemberRemoval) private readonly memberRemoval: MemberRemoval,
    @Inject(OAuthGrantsRepository) private readonly grants: OAuthGrantsRepository,
    @Inject(CredentialCache) private readonly credentials: CredentialCache,
  ) {}

  onModuleInit(): void {
    this.memberRemoval.onRemove(async ({ workspaceId, userId, trail }) => {
      const grants = await this.grants.revokeLiveForMember(workspaceId, userId, new Date());
      for (const grant of grants) {
        trail.record({
          action: 'oauth_grant.delete',
          entityType: 'oauth_grant',
          entityId: grant.id,
          before: grantSnapshot({ ...grant, revokedAt: null }),
          after: grantSnapshot(grant),
        });
      }
      // Their tokens stop working on this node now; other nodes hear of it from the database's notification.
      return grants.length > 0 ? () => this.credentials.flush() : null;
    });
  }
}
