import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { z } from 'zod';
import { AlertSender } from '../channels/alert-sender';
import { MutationRunner } from '../audit/mutation-runner';
import { assertWriteScope, type ServiceContext } from '../common/context';
import { SecretBox } from '../common/crypto';
import { NotFoundError, ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import { Database } from '../database/database';
import { MONITORS_PORT, type MonitorsPort } from '../monitors/monitors.port';
import { assertRoomForOne } from '../plans/plans';
import { AlertMessages } from './alert-messages';
import { ChannelDeletion } from './channel-deletion';
import { DeliveryHistory } from './delivery-history';
import type { NotificationChannelEntity, NotificationProvider } from './notification-channel.entity';
import {
  argumentName,
  argumentsOf,
  blockField,
  channelSchema,
  defaultArgument,
  isNotificationProvider,
  providerTypeSchema,
  type ChannelData,
  type ProviderArgs,
  type ProviderBlock,
} from './notification.schemas';
import {
  configuredArguments,
  hasPlainCredential,
  joinArguments,
  keepStoredCredentials,
  rotatedArguments,
  SECRET_HEADER_ARGUMENTS,
  splitArguments,
  type Secrets,
} from './notification-secrets';
import { notificationSnapshot, toNotificationView, type NotificationView } from './notification.view';
import { NotificationsRepository } from './notifications.repository';
import { pageOf, type PageBounds, type PageQuery, type Paged } from '../common/paging';
import { applyMask, type MaskRule } from '../common/update-mask';

/** Fields a caller may set; `provider` is one block (its kind must match providerType). */
export interface NotificationInput {
  name?: string;
  providerType?: string;
  monitorIds?: string[];
  provider?: ProviderBlock;
}

/**
 * Paths of an update mask: `name`, `providerType`, `monitorIds`, a provider kind for its whole block
 * (`slack`), or `<kind>.<argument>` for one argument (`ntfy.token`).
 */
export type NotificationMaskPath = string;

/** listNotifications (RPC) and list_notifications (MCP, SPEC §8). */
export const NOTIFICATION_PAGING: PageBounds = {
  limit: { max: 100, default: 50 },
  perPage: { max: 200, default: 50 },
};

/** The channel's own fields; every other mask path names the provider block or one of its arguments. */
type ChannelField = 'name' | 'monitorIds';
const isChannelField = (path: NotificationMaskPath): path is ChannelField => path === 'name' || path === 'monitorIds';
const CHANNEL_MASK: MaskRule<NotificationInput, ChannelField> = {
  fields: ['name', 'monitorIds'],
  refusal: 'is not an updatable field',
  defaults: { name: '', monitorIds: [] },
};

function parseProviderType(value: string | undefined): NotificationProvider {
  return parseInput(z.object({ providerType: providerTypeSchema }), { providerType: value })
    .providerType as NotificationProvider;
}

function mismatch(block: NotificationProvider, type: NotificationProvider): ValidationError {
  return ValidationError.field(
    'provider',
    `the ${blockField(block)} block does not match providerType ${type}; send the ${blockField(type)} block`,
  );
}

function missingBlock(type: NotificationProvider): ValidationError {
  return ValidationError.field('provider', `the ${blockField(type)} block is required for providerType ${type}`);
}

const configured = (secrets: Secrets): string[] => configuredArguments(secrets, argumentName);

/** Sensitive arguments whose value differs between two credential sets, by provider argument name. */
const rotated = (before: Secrets, after: Secrets): string[] => rotatedArguments(before, after, argumentName);

/** What the receiver answered a test send (SendTestNotification). */
export interface TestSendResult {
  ok: boolean;
  /** HTTP status of the answer; null for e-mail and when none arrived. */
  status: number | null;
  /** The start of the answer's body, credentials removed. */
  response: string;
  /** Why it failed, without credentials; null when ok. */
  error: string | null;
}

/** Channels sealed per transaction by the start-up pass over credentials stored before sealing existed. */
const LEGACY_BATCH = 200;

@Injectable()
export class NotificationsService implements OnApplicationBootstrap {
  constructor(
    @Inject(NotificationsRepository) private readonly channels: NotificationsRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(SecretBox) private readonly box: SecretBox,
    @Inject(Database) private readonly db: Database,
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
    @Inject(DeliveryHistory) private readonly alerts: DeliveryHistory,
    @Inject(AlertMessages) private readonly messages: AlertMessages,
    @Inject(AlertSender) private readonly sender: AlertSender,
    @Inject(ChannelDeletion) private readonly deletion: ChannelDeletion,
  ) {}

  /** Seals what earlier versions stored in the clear, before any request is served. */
  async onApplicationBootstrap(): Promise<void> {
    await this.sealLegacyCredentials();
  }

  /**
   * Moves webhook header values and URL query strings that a version before sealing kept in the
   * settings into the sealed credentials; returns how many channels changed. A migration cannot do
   * it (it has no key); the rows are locked while they are rewritten, so no update is lost.
   */
  async sealLegacyCredentials(): Promise<number> {
    return this.db.inBatches(LEGACY_BATCH, async (after, size) => {
      const rows = await this.channels.lockPlainCredentialCandidates(after, size);
      let changed = 0;
      for (const entity of rows) {
        if (!hasPlainCredential(entity.providerType, entity.config)) continue;
        const args = joinArguments(entity.providerType, entity.config, this.unseal(entity));
        const { config, secrets } = splitArguments(entity.providerType, args);
        await this.channels.rewriteStorage(entity.id, config, this.seal(secrets));
        changed += 1;
      }
      return { ids: rows.map((r) => r.id), changed };
    });
  }

  async create(ctx: ServiceContext, input: NotificationInput): Promise<NotificationView> {
    return this.mutations.run(ctx, async (trail) => {
      const type = parseProviderType(input.providerType);
      if (!input.provider) throw missingBlock(type);
      if (input.provider.kind !== type) throw mismatch(input.provider.kind, type);
      const data = this.validate(type, {
        name: input.name ?? '',
        monitorIds: input.monitorIds ?? [],
        args: input.provider.args,
      });
      await this.db.lockWorkspace(ctx.workspace.id);
      assertRoomForOne(ctx.workspace.plan, 'notificationChannels', await this.channels.count(ctx.workspace.id));
      await this.assertMonitors(ctx, data.monitorIds);
      const { config, secrets } = splitArguments(type, data.args);
      const entity = await this.channels.insert({
        workspaceId: ctx.workspace.id,
        name: data.name,
        providerType: type,
        config,
        secretsSealed: this.seal(secrets),
      });
      const monitorIds = this.sorted(data.monitorIds);
      await this.channels.replaceMonitors(entity.id, monitorIds);
      const view = toNotificationView(entity, monitorIds, configured(secrets));
      trail.record({
        action: 'notification.create',
        entityType: 'notification',
        entityId: entity.id,
        after: notificationSnapshot(view),
      });
      return view;
    });
  }

  /**
   * Partial update. Without a mask, the fields given in `patch` change; a block replaces the stored
   * one, except that a credential sent empty keeps its stored value while the provider type stays.
   * With a mask, exactly the named paths change and a named path missing from `patch` is reset.
   */
  async update(
    ctx: ServiceContext,
    id: string,
    patch: NotificationInput,
    mask?: NotificationMaskPath[],
  ): Promise<NotificationView> {
    return this.mutations.run(ctx, async (trail) => {
      // The workspace lock first, as every mutation that checks references across resources takes it:
      // one order of locks, so two of them never wait on each other (monitors, channels, policies).
      await this.db.lockWorkspace(ctx.workspace.id);
      const entity = await this.channels.lock(ctx.workspace.id, id);
      if (!entity) throw NotFoundError.of('notification', id);
      const currentIds = (await this.channels.monitorIds([entity.id])).get(entity.id) ?? [];
      const currentSecrets = this.unseal(entity);
      const last = (await this.alerts.lastDeliveries([entity.id])).get(entity.id) ?? null;
      const before = toNotificationView(entity, currentIds, configured(currentSecrets), last);

      const paths = mask ?? this.presentPaths(patch);
      const type = paths.includes('providerType') ? parseProviderType(patch.providerType) : entity.providerType;
      const typeChanged = type !== entity.providerType;
      const { name, monitorIds } = applyMask(
        { name: entity.name, monitorIds: currentIds },
        patch,
        paths.filter(isChannelField),
        CHANNEL_MASK,
      );
      const stored = joinArguments(entity.providerType, entity.config, currentSecrets);
      let args: ProviderArgs = typeChanged ? {} : { ...stored };
      let blockReplaced = false;
      const blockPaths = paths.filter((p) => !isChannelField(p) && p !== 'providerType');
      if (blockPaths.length && patch.provider && patch.provider.kind !== type)
        throw mismatch(patch.provider.kind, type);
      const given = patch.provider?.args;

      for (const path of blockPaths) {
        const [kind, arg, ...rest] = path.split('.');
        if (!isNotificationProvider(kind) || rest.length || (arg !== undefined && !argumentsOf(kind).includes(arg))) {
          throw ValidationError.field('updateMask', `${path} is not an updatable field`);
        }
        if (kind !== type) throw mismatch(kind, type);
        if (arg === undefined) {
          if (!given) throw missingBlock(type);
          args = typeChanged ? { ...given } : keepStoredCredentials(type, given, stored);
          blockReplaced = true;
        } else {
          if (typeChanged) throw missingBlock(type);
          // One argument is set exactly as sent (an empty token removes it, a URL without a query
          // string drops the stored one), except that a header sent as a view shows it (its key,
          // no value) keeps its stored value: an empty header value means nothing else.
          const sent = given?.[arg] ?? defaultArgument(arg);
          args[arg] = (SECRET_HEADER_ARGUMENTS[type] ?? []).includes(arg)
            ? keepStoredCredentials(type, { [arg]: sent }, { [arg]: stored[arg] }, true)[arg]
            : sent;
        }
      }
      if (typeChanged && !blockReplaced) throw missingBlock(type);

      const data = this.validate(type, { name, monitorIds, args });
      await this.assertMonitors(ctx, data.monitorIds);
      const { config, secrets } = splitArguments(type, data.args);
      const changedSecrets = rotated(currentSecrets, secrets);
      const nextIds = this.sorted(data.monitorIds);
      const preview: NotificationView = {
        ...before,
        name: data.name,
        providerType: type,
        monitorIds: nextIds,
        settings: config,
        configuredSecrets: configured(secrets),
      };
      const changed =
        changedSecrets.length > 0 ||
        JSON.stringify(notificationSnapshot(before)) !== JSON.stringify(notificationSnapshot(preview));
      if (!changed) {
        trail.unchanged();
        return before;
      }
      Object.assign(entity, {
        name: data.name,
        providerType: type,
        config,
        secretsSealed: changedSecrets.length ? this.seal(secrets) : entity.secretsSealed,
        updatedAt: new Date(),
      });
      const saved = await this.channels.save(entity);
      if (JSON.stringify(nextIds) !== JSON.stringify(currentIds))
        await this.channels.replaceMonitors(saved.id, nextIds);
      const after = toNotificationView(saved, nextIds, configured(secrets), last);
      trail.record({
        action: 'notification.update',
        entityType: 'notification',
        entityId: saved.id,
        before: notificationSnapshot(before),
        after: notificationSnapshot(after, changedSecrets),
      });
      return after;
    });
  }

  async get(ctx: ServiceContext, id: string): Promise<NotificationView> {
    const entity = await this.channels.find(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('notification', id);
    const monitorIds = (await this.channels.monitorIds([entity.id])).get(entity.id) ?? [];
    const last = (await this.alerts.lastDeliveries([entity.id])).get(entity.id) ?? null;
    return toNotificationView(entity, monitorIds, configured(this.unseal(entity)), last);
  }

  /**
   * Sends a `test` alert through the channel now (not through the outbox) and answers what the
   * receiver said. Needs write scope: it reaches the outside world. Audited as `notification.test`
   * with the outcome, never the request or a credential.
   */
  async sendTest(ctx: ServiceContext, id: string): Promise<TestSendResult> {
    assertWriteScope(ctx);
    const entity = await this.channels.find(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('notification', id);
    const monitorIds = (await this.channels.monitorIds([entity.id])).get(entity.id) ?? [];
    const message = await this.messages.sample(ctx.workspace, monitorIds, new Date());
    const args = joinArguments(entity.providerType, entity.config, this.unseal(entity));
    const result = await this.sender.send(entity.providerType, args, message);
    const answer: TestSendResult = {
      ok: result.ok,
      status: result.status,
      response: result.response,
      error: result.error,
    };
    await this.mutations.run(ctx, async (trail) => {
      trail.record({
        action: 'notification.test',
        entityType: 'notification',
        entityId: entity.id,
        after: {
          id: entity.id,
          providerType: entity.providerType,
          ok: answer.ok,
          status: answer.status,
          error: answer.error,
        },
      });
    });
    return answer;
  }

  /**
   * A channel's kind and its arguments with credentials decrypted, for the delivery worker only;
   * null when the channel is gone. Whatever holds the answer must not log it.
   */
  async argumentsForSend(
    channelId: string,
  ): Promise<{ providerType: NotificationProvider; args: ProviderArgs } | null> {
    const entity = await this.channels.findAny(channelId);
    if (!entity) return null;
    return {
      providerType: entity.providerType,
      args: joinArguments(entity.providerType, entity.config, this.unseal(entity)),
    };
  }

  async list(ctx: ServiceContext, query: PageQuery): Promise<Paged<NotificationView>> {
    const page = pageOf(query, NOTIFICATION_PAGING);
    const [entities, totalSize] = await Promise.all([
      this.channels.list(ctx.workspace.id, page.limit, page.offset),
      this.channels.count(ctx.workspace.id),
    ]);
    const links = await this.channels.monitorIds(entities.map((e) => e.id));
    const last = await this.alerts.lastDeliveries(entities.map((e) => e.id));
    return {
      items: entities.map((e) =>
        toNotificationView(e, links.get(e.id) ?? [], configured(this.unseal(e)), last.get(e.id) ?? null),
      ),
      totalSize,
      page,
    };
  }

  /** Deletes the channel, its monitor links and what else names it (ChannelDeletion). */
  async delete(ctx: ServiceContext, id: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      // The workspace lock first, as every mutation that checks references across resources takes it:
      // one order of locks, so two of them never wait on each other (monitors, channels, policies).
      await this.db.lockWorkspace(ctx.workspace.id);
      const entity = await this.channels.lock(ctx.workspace.id, id);
      if (!entity) throw NotFoundError.of('notification', id);
      const monitorIds = (await this.channels.monitorIds([entity.id])).get(entity.id) ?? [];
      const before = toNotificationView(entity, monitorIds, configured(this.unseal(entity)));
      await this.channels.delete(entity);
      await this.deletion.run(entity.workspaceId, entity.id);
      trail.record({
        action: 'notification.delete',
        entityType: 'notification',
        entityId: entity.id,
        before: notificationSnapshot(before),
      });
    });
  }

  /** Without a mask: the fields present (monitorIds when non-empty, the block when given). */
  private presentPaths(patch: NotificationInput): NotificationMaskPath[] {
    const paths: NotificationMaskPath[] = [];
    if (patch.name !== undefined) paths.push('name');
    if (patch.providerType) paths.push('providerType');
    if (patch.monitorIds?.length) paths.push('monitorIds');
    if (patch.provider) paths.push(patch.provider.kind);
    return paths;
  }

  private validate(kind: NotificationProvider, input: ChannelData): ChannelData {
    const block = blockField(kind);
    const picked = Object.fromEntries(argumentsOf(kind).map((arg) => [arg, input.args[arg] ?? defaultArgument(arg)]));
    const data = parseInput(channelSchema(kind), {
      name: input.name,
      monitorIds: input.monitorIds,
      [block]: picked,
    }) as Record<string, unknown>;
    return { name: data.name as string, monitorIds: data.monitorIds as string[], args: data[block] as ProviderArgs };
  }

  /** Every id must be a live monitor of the caller's workspace; anything else is NOT_FOUND. */
  private async assertMonitors(ctx: ServiceContext, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const live = await this.monitors.lockLiveIds(ctx.workspace.id, ids);
    const missing = ids.find((id) => !live.has(id));
    if (missing !== undefined) throw NotFoundError.of('monitor', missing);
  }

  private sorted(ids: string[]): string[] {
    return [...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
  }

  private seal(secrets: Secrets): string | null {
    return Object.keys(secrets).length ? this.box.encryptJson(secrets) : null;
  }

  private unseal(entity: NotificationChannelEntity): Secrets {
    return entity.secretsSealed ? this.box.decryptJson<Secrets>(entity.secretsSealed) : {};
  }
}
