// The HTTP side of the agent protocol: remote agents claim work, renew the leases of the runs they
// are checking, and report results here. `Authorization: Bearer <token>` is either the shared
// AGENT_TOKEN (public regions the agent names) or a private location's token (exactly that
// location's monitors). The token is checked by hash. What an agent may report is decided per result
// in result-ingest.ts: only runs it was handed.
import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeEqual } from '../common/crypto';
import { UnauthorizedError, ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { isEntityId } from '../common/ids';
import { CHECK_TRIGGERS, REGIONS } from '../checks/check-config';
import { PrivateLocationsService } from '../private-locations/private-locations.service';
import { AGENT_API_PREFIX, type RenewAnswer, type ReportAnswer } from './agent-wire';
import { CheckWorkService, type AgentIdentity } from './check-work.service';
import { privateLocation } from '../schedules/slots';

const base = {
  agentId: z
    .string({ error: 'must be a string' })
    .min(1, { error: 'is required' })
    .max(100, { error: 'must be at most 100 characters' })
    // It names the agent's leases and results; control characters have no place in a name.
    .regex(/^[^\p{Cc}]*$/u, { error: 'must not contain control characters' }),
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
  renewsLeases: z.boolean({ error: 'must be a boolean' }).default(false),
});
// The report's envelope. Its results are judged one by one by CheckWorkService.report (a bad one refuses
// only itself, and text seen on a target is made storable there), so only the list's shape and size
// are checked here, outside parseInput, whose safety net would refuse the whole batch for one NUL.
const reportSchema = z.object(base);
const resultsSchema = z
  .array(z.unknown(), { error: 'must be an array' })
  .max(5000, { error: 'must have at most 5000 entries' });
const heldRunSchema = z
  .object(
    {
      monitorId: z.string({ error: 'must be a string' }).refine(isEntityId, { error: 'must be a numeric id' }),
      location: z.string({ error: 'must be a string' }).max(64, { error: 'must be at most 64 characters' }),
      trigger: z.enum(CHECK_TRIGGERS, { error: 'must be cron or api' }),
      triggerId: z
        .string({ error: 'must be a string' })
        .refine(isEntityId, { error: 'must be a numeric id' })
        .nullable()
        .default(null),
    },
    { error: 'must be an object' },
  )
  .refine((run) => run.trigger === 'cron' || run.triggerId !== null, {
    path: ['triggerId'],
    error: 'is required for trigger api',
  });
const renewSchema = z.object({
  ...base,
  runs: z.array(heldRunSchema, { error: 'must be an array' }).max(10000, { error: 'must have at most 10000 entries' }),
});

@Controller(AGENT_API_PREFIX.slice(1))
export class AgentController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CheckWorkService) private readonly work: CheckWorkService,
    @Inject(PrivateLocationsService) private readonly locations: PrivateLocationsService,
  ) {}

  @Post('claim')
  @HttpCode(200)
  async claim(@Req() request: FastifyRequest, @Body() body: unknown) {
    const input = parseInput(claimSchema, body);
    const agent = await this.identify(request, input.agentId, input.regions);
    return { items: await this.work.claim(agent, input.max, input.lookaheadMs, new Date(), input.renewsLeases) };
  }

  /** Answers `{stored, duplicates, rejected, errors: [{index, message}]}` (ReportAnswer). */
  @Post('report')
  @HttpCode(200)
  async report(@Req() request: FastifyRequest, @Body() body: unknown): Promise<ReportAnswer> {
    const input = parseInput(reportSchema, body);
    const results = resultsSchema.safeParse((body as { results?: unknown }).results);
    if (!results.success) throw ValidationError.field('results', results.error.issues[0].message);
    const agent = await this.identify(request, input.agentId, input.regions);
    return this.work.report(agent, results.data);
  }

  /** Keeps the leases of runs the agent is still checking (see RENEWED_LEASE_MS). */
  @Post('renew')
  @HttpCode(200)
  async renew(@Req() request: FastifyRequest, @Body() body: unknown): Promise<RenewAnswer> {
    const input = parseInput(renewSchema, body);
    const agent = await this.identify(request, input.agentId, input.regions);
    return { renewed: await this.work.renew(agent, input.runs) };
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
      return {
        agentId: `remote-${agentId}`,
        locations: regions,
        privateLocationId: null,
        presence: { kind: 'remote', agentId, host: null },
      };
    }
    const locationId = await this.locations.locationOfAgentToken(token);
    if (!locationId) throw new UnauthorizedError('Invalid agent token');
    return {
      agentId: `pl${locationId}-${agentId}`,
      locations: [privateLocation(locationId)],
      privateLocationId: locationId,
    };
  }
}
