// The first start (FirstRunService.greet), called by the server once it listens: see main.ts.
import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { DashboardSessionsModule } from '../dashboard/sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { FirstRunService } from './first-run.service';

@Module({
  imports: [WorkspacesModule, UsersModule, ApiKeysModule, DashboardSessionsModule],
  providers: [FirstRunService],
  exports: [FirstRunService],
})
export class BootstrapModule {}
