import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { UsersModule } from '../users/users.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { OAuthAccessTokenVerifier } from './access-token.verifier';
import { OAuthAuthorizationsRepository } from './oauth-authorizations.repository';
import { OAuthAuthorizeService } from './oauth-authorize.service';
import { OAuthClientsRepository } from './oauth-clients.repository';
import { OAuthClientsService } from './oauth-clients.service';
import { OAuthConsentService } from './oauth-consent.service';
import { OAuthGrantsModule } from './oauth-grants.module';
import { OAuthGrantsService } from './oauth-grants.service';
import { OAuthRoutes } from './oauth.routes';
import { OAuthTokenService } from './oauth-token.service';

/** The OAuth 2.1 authorization server for /mcp (SPEC §4.4, §5.1) and the verifier of its tokens. */
@Module({
  imports: [ApiKeysModule, UsersModule, WorkspacesModule, OAuthGrantsModule],
  providers: [
    OAuthAccessTokenVerifier,
    OAuthClientsRepository,
    OAuthAuthorizationsRepository,
    OAuthClientsService,
    OAuthAuthorizeService,
    OAuthConsentService,
    OAuthTokenService,
    OAuthGrantsService,
    OAuthRoutes,
  ],
  exports: [OAuthAccessTokenVerifier, OAuthConsentService, OAuthGrantsService, OAuthGrantsModule],
})
export class OAuthModule {}
