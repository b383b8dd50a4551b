// The HTTP side of the agent protocol: remote agents claim work and report results here.
// `Authorization: Bearer <token>` is either the shared AGENT_TOKEN (public regions the agent names)
// or a private location's token (exactly that location's monitors). The token is checked by hash.
import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeEqual } from '../common/crypto';
import { UnauthorizedError } from '../common/errors';
import { parseInput } from '../common/validation';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { REGIONS } from '../monitors/monitor.constants';
import { PrivateLocationsRepository } from '../private-locations/private-locations.repository';
import { AGENT_API_PREFIX, reviveDates } from './agent-wire';
import { CheckWorkService, type AgentIdentity, type ReportedResult } from './check-work.service';
import { privateLocation } from './scheduling/slots';

const base = {
  agentId: z.string().min(1, { error: 'is required' }).max(100, { error: 'must be at most 100 characters' }),
  regions: z
    .array(z.enum(REGIONS, { error: 'must be a known region' }))
    .max(REGIONS.length)
    .optional(),
};
const claimSchema = z.object({
  ...base,
  max: z
    .number()
    .int()
    .min(1, { error: 'must be between 1 and 10000' })
    .max(10000, { error: 'must be between 1 and 10000' }),
  lookaheadMs: z
    .number()
    .int()
    .min(0, { error: 'must be between 0 and 60000' })
    .max(60000, { error: 'must be between 0 and 60000' }),
});
const reportSchema = z.object({
  ...base,
  results: z.array(z.unknown()).max(5000, { error: 'must have at most 5000 entries' }),
});

@Controller(AGENT_API_PREFIX.slice(1))
export class AgentController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CheckWorkService) private readonly work: CheckWorkService,
    @Inject(PrivateLocationsRepository) private readonly locations: PrivateLocationsRepository,
  ) {}

  @Post('claim')
  @HttpCode(200)
  async claim(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(claimSchema, body);
    const agent = await this.identify(request, input.agentId, input.regions);
    return { items: await this.work.claim(agent, input.max, input.lookaheadMs) };
  }

  @Post('report')
  @HttpCode(200)
  async report(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(reportSchema, body);
    const agent = await this.identify(request, input.agentId, input.regions);
    const results = JSON.parse(JSON.stringify(input.results), reviveDates) as ReportedResult[];
    return this.work.report(agent, results);
  }

  private async identify(
    request: FastifyRequest,
    agentId: string,
    regions: string[] | undefined,
  ): Promise<AgentIdentity> {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new UnauthorizedError('Missing agent token (Authorization: Bearer <token>)');
    const shared = this.config.checker.agentToken;
    if (shared && safeEqual(token, shared)) {
      if (!regions?.length) throw new UnauthorizedError('An agent with the shared token must name its regions');
      return { agentId: `remote-${agentId}`, locations: regions, privateLocationId: null };
    }
    const location = await this.locations.findByToken(token);
    if (!location) throw new UnauthorizedError('Invalid agent token');
    return {
      agentId: `pl${location.id}-${agentId}`,
      locations: [privateLocation(location.id)],
      privateLocationId: location.id,
    };
  }
}
