import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiKeyGuard, Ctx } from './api-key.guard';
import type { ServiceContext } from '../common/context';
import { hasFeature, PLAN_FEATURES } from '../plans/plans';
import { WorkspacesService } from '../workspaces/workspaces.service';

/** `GET /v1/whoami`: which workspace and scope a key grants; the first call a new user makes. */
@Controller('v1')
@UseGuards(ApiKeyGuard)
export class WhoamiController {
  constructor(@Inject(WorkspacesService) private readonly workspaces: WorkspacesService) {}

  @Get('whoami')
  async whoami(@Ctx() ctx: ServiceContext) {
    const workspace = await this.workspaces.resolve(ctx.workspace.id);
    return {
      workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name, plan: workspace.plan },
      features: PLAN_FEATURES.filter((f) => hasFeature(workspace.plan, f)),
      scope: ctx.scope,
      keyId: ctx.actor.type === 'api_key' ? ctx.actor.keyId : null,
    };
  }
}
