import { Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import { ApiKeyGuard, Ctx } from '../api-keys/api-key.guard';
import type { ServiceContext } from '../common/context';
import { ValidationError } from '../common/errors';
import { MonitorsService } from './monitors.service';

/** REST: `GET /v1/monitor/:id/summary?days=N` — the single-monitor daily series {ok, count, day}. */
@Controller('v1/monitor')
@UseGuards(ApiKeyGuard)
export class MonitorsController {
  constructor(@Inject(MonitorsService) private readonly monitors: MonitorsService) {}

  @Get(':id/summary')
  async summary(@Ctx() ctx: ServiceContext, @Param('id') id: string, @Query('days') days?: string) {
    if (days !== undefined && !/^\d+$/.test(days))
      throw ValidationError.field('days', 'must be an integer between 1 and 45');
    return { data: await this.monitors.dailySeries(ctx, id, days === undefined ? undefined : Number(days)) };
  }
}
