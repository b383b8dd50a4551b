import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { DashboardSessionsModule } from '../dashboard/sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { FirstRunService } from './first-run.service';

@Module({
  imports: [WorkspacesModule, UsersModule, ApiKeysModule, DashboardSessionsModule],
  providers: [FirstRunService],
  exports: [FirstRunService],
})
export class BootstrapModule implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FirstRunService) private readonly firstRun: FirstRunService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.bootstrap) return;
    const result = await this.firstRun.run();
    if (result) {
      this.firstRun.announce(result);
      return;
    }
    const link = await this.firstRun.ownerLinkIfNoPassword();
    if (link) this.firstRun.announceLink(link);
  }
}
