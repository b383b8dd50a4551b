import { Module } from '@nestjs/common';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';
import { CredentialCache } from './credential-cache';
import { LastUsedRecorder } from './last-used.recorder';
import { WhoamiController } from './whoami.controller';

@Module({
  imports: [WorkspacesModule],
  controllers: [WhoamiController],
  providers: [ApiKeysRepository, ApiKeysService, CredentialCache, LastUsedRecorder],
  exports: [ApiKeysService, CredentialCache, LastUsedRecorder],
})
export class ApiKeysModule {}
