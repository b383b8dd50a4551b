// The escalation policies of a workspace (issue 29): the verbs every transport calls. Alerting reads
// the steps through ESCALATION_POLICIES_PORT; monitors check a policy id through EscalationPolicyLookup.
import { Inject, Injectable } from '@nestjs/common';
import { MutationRunner } from '../audit/mutation-runner';
import type { ServiceContext } from '../common/context';
import { LimitExceededError, NotFoundError, PreconditionFailedError } from '../common/errors';
import { parseInput } from '../common/validation';
import { Database } from '../database/database';
import { MONITORS_PORT, type MonitorsPort } from '../monitors/monitors.port';
import { NOTIFICATIONS_PORT, type NotificationsPort } from '../notifications/notifications.port';
import type { EscalationPolicyEntity } from './escalation-policy.entity';
import {
  ESCALATION_POLICY_BOUNDS,
  escalationPolicySchema,
  type EscalationPolicyData,
  type EscalationStep,
} from './escalation-policy.schemas';
import { escalationPolicySnapshot, toEscalationPolicyView, type EscalationPolicyView } from './escalation-policy.view';
import { EscalationPoliciesRepository } from './escalation-policies.repository';

/** Fields a caller may set. */
export interface EscalationPolicyInput {
  name?: string;
  steps?: Array<{ afterMinutes: number; channelIds: string[] }>;
}

@Injectable()
export class EscalationPoliciesService {
  constructor(
    @Inject(EscalationPoliciesRepository) private readonly policies: EscalationPoliciesRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(Database) private readonly db: Database,
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
    @Inject(NOTIFICATIONS_PORT) private readonly channels: NotificationsPort,
  ) {}

  async create(ctx: ServiceContext, input: EscalationPolicyInput): Promise<EscalationPolicyView> {
    return this.mutations.run(ctx, async (trail) => {
      const data = parseInput(escalationPolicySchema, { name: input.name ?? '', steps: input.steps });
      await this.db.lockWorkspace(ctx.workspace.id);
      const max = ESCALATION_POLICY_BOUNDS.policies;
      if ((await this.policies.count(ctx.workspace.id)) >= max)
        throw new LimitExceededError(`escalation policies: a workspace has at most ${max}; delete one first`);
      await this.checkChannels(ctx, data.steps);
      const entity = await this.policies.insert({ workspaceId: ctx.workspace.id, name: data.name, steps: data.steps });
      const view = toEscalationPolicyView(entity, []);
      trail.record({
        action: 'escalation_policy.create',
        entityType: 'escalation_policy',
        entityId: entity.id,
        after: escalationPolicySnapshot(view),
      });
      return view;
    });
  }

  async get(ctx: ServiceContext, id: string): Promise<EscalationPolicyView> {
    const entity = await this.policies.find(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('escalation policy', id);
    return this.viewOf(entity);
  }

  /** Every policy of the workspace, oldest first (a workspace has at most 100). */
  async list(ctx: ServiceContext): Promise<EscalationPolicyView[]> {
    const entities = await this.policies.list(ctx.workspace.id);
    const using = await this.monitors.usingEscalationPolicies(entities.map((e) => e.id));
    return entities.map((e) => toEscalationPolicyView(e, using.get(e.id) ?? []));
  }

  /**
   * Replaces the name and the steps as a whole: a field left out (undefined) keeps its stored value;
   * given steps replace the stored ones (an empty list is refused: a policy has at least one step).
   * Stored steps that are not replaced are not checked again, so a policy whose step lost its last
   * channel can still be renamed.
   */
  async update(ctx: ServiceContext, id: string, patch: EscalationPolicyInput): Promise<EscalationPolicyView> {
    return this.mutations.run(ctx, async (trail) => {
      // The workspace lock first, as every mutation that checks references across resources takes it:
      // one order of locks, so two of them never wait on each other (monitors, channels, policies).
      await this.db.lockWorkspace(ctx.workspace.id);
      const entity = await this.policies.lock(ctx.workspace.id, id);
      if (!entity) throw NotFoundError.of('escalation policy', id);
      const before = await this.viewOf(entity);
      let next: EscalationPolicyData;
      if (patch.steps !== undefined) {
        next = parseInput(escalationPolicySchema, { name: patch.name ?? entity.name, steps: patch.steps });
        await this.checkChannels(ctx, next.steps);
      } else {
        const { name } = parseInput(escalationPolicySchema.pick({ name: true }), { name: patch.name ?? entity.name });
        next = { name, steps: before.steps };
      }
      const preview = { ...before, name: next.name, steps: next.steps };
      if (JSON.stringify(escalationPolicySnapshot(before)) === JSON.stringify(escalationPolicySnapshot(preview))) {
        trail.unchanged();
        return before;
      }
      Object.assign(entity, { name: next.name, steps: next.steps, updatedAt: new Date() });
      const after = toEscalationPolicyView(await this.policies.save(entity), before.monitorIds);
      trail.record({
        action: 'escalation_policy.update',
        entityType: 'escalation_policy',
        entityId: entity.id,
        before: escalationPolicySnapshot(before),
        after: escalationPolicySnapshot(after),
      });
      return after;
    });
  }

  /**
   * Refused while a live monitor uses the policy, naming them. The workspace lock orders this with a
   * monitor's save that starts using the policy (EscalationPolicyLookup takes it too).
   */
  async delete(ctx: ServiceContext, id: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      await this.db.lockWorkspace(ctx.workspace.id);
      const entity = await this.policies.lock(ctx.workspace.id, id);
      if (!entity) throw NotFoundError.of('escalation policy', id);
      const monitorIds = (await this.monitors.usingEscalationPolicies([entity.id])).get(entity.id) ?? [];
      if (monitorIds.length) {
        const names = (await this.monitors.findByIds(monitorIds)).map((m) => `${m.name} (${m.id})`);
        throw new PreconditionFailedError(
          `escalation policy ${JSON.stringify(entity.id)} is used by monitors ${names.join(', ')}: give them another policy, or none, first`,
        );
      }
      const before = toEscalationPolicyView(entity, []);
      await this.policies.delete(entity);
      trail.record({
        action: 'escalation_policy.delete',
        entityType: 'escalation_policy',
        entityId: entity.id,
        before: escalationPolicySnapshot(before),
      });
    });
  }

  /**
   * For EscalationPolicyLookup: whether the policy is the workspace's, with the workspace lock (so a
   * delete waits for the monitor's save, or the save sees the delete) and a share lock on the row.
   */
  async existsForMonitor(workspaceId: string, policyId: string): Promise<boolean> {
    await this.db.lockWorkspace(workspaceId);
    return this.policies.lockShared(workspaceId, policyId);
  }

  /** Every channel must be the workspace's; the first that is not is NOT_FOUND, naming its field. */
  private async checkChannels(ctx: ServiceContext, steps: EscalationStep[]): Promise<void> {
    const known = await this.channels.lockIds(
      ctx.workspace.id,
      steps.flatMap((s) => s.channelIds),
    );
    steps.forEach((step, i) =>
      step.channelIds.forEach((channelId, j) => {
        if (!known.has(channelId))
          throw new NotFoundError(
            `steps.${i}.channelIds.${j}: notification channel ${JSON.stringify(channelId)} not found`,
          );
      }),
    );
  }

  private async viewOf(entity: EscalationPolicyEntity): Promise<EscalationPolicyView> {
    const monitorIds = (await this.monitors.usingEscalationPolicies([entity.id])).get(entity.id) ?? [];
    return toEscalationPolicyView(entity, monitorIds);
  }
}
