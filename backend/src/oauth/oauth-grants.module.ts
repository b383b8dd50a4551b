import { Module } from '@nestjs/common';
import { OAuthGrantsRepository } from './oauth-grants.repository';
import { OAuthTokensRepository } from './oauth-tokens.repository';

// Imports nothing: the users module imports it to revoke a removed member's grants, and the OAuth
// module (which needs the users module for memberships) imports it too, without a cycle.
@Module({
  providers: [OAuthGrantsRepository, OAuthTokensRepository],
  exports: [OAuthGrantsRepository, OAuthTokensRepository],
})
export class OAuthGrantsModule {}
