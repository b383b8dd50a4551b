import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { MemberRemovalModule } from '../users/member-removal';
import { OAuthGrantsRepository } from './oauth-grants.repository';
import { OAuthMemberRemoval } from './oauth-member-removal';
import { OAuthTokensRepository } from './oauth-tokens.repository';

// The grants and tokens, and the hook that revokes a removed member's grants: part of the core (the
// command line removes members too), apart from the OAuth server's routes.
@Module({
  imports: [ApiKeysModule, MemberRemovalModule],
  providers: [OAuthGrantsRepository, OAuthTokensRepository, OAuthMemberRemoval],
  exports: [OAuthGrantsRepository, OAuthTokensRepository],
})
export class OAuthGrantsModule {}
