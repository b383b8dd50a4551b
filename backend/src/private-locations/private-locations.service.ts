import { Inject, Injectable } from '@nestjs/common';
import { MutationRunner } from '../audit/mutation-runner';
import type { ServiceContext } from '../common/context';
import { hashToken, randomToken, SecretBox } from '../common/crypto';
import { NotFoundError, ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import { Database } from '../database/database';
import { MONITORS_PORT, type MonitorsPort } from '../monitors/monitors.port';
import { assertRoomForOne } from '../plans/plans';
import { privateLocationSchema, type PrivateLocationData } from './private-location.schemas';
import { privateLocationSnapshot, toPrivateLocationView, type PrivateLocationView } from './private-location.view';
import { PrivateLocationsRepository } from './private-locations.repository';
import { definedOnly } from '../common/objects';
import { pageOf, type PageBounds, type PageQuery, type Paged } from '../common/paging';
import { applyMask, type MaskRule } from '../common/update-mask';

/** Fields a caller may set. */
export interface PrivateLocationInput {
  name?: string;
  monitorIds?: string[];
  metadata?: Record<string, string>;
}

export type PrivateLocationField = keyof PrivateLocationInput;

const FIELDS: PrivateLocationField[] = ['name', 'monitorIds', 'metadata'];
const DEFAULTS: Required<PrivateLocationInput> = { name: '', monitorIds: [], metadata: {} };

/** Agent tokens: `svc_plt_` and 40 random characters from [a-zA-Z0-9]. */
export const PRIVATE_LOCATION_TOKEN_PREFIX = 'svc_plt_';

const newToken = (): string => `${PRIVATE_LOCATION_TOKEN_PREFIX}${randomToken(40)}`;

/** listPrivateLocations (RPC) and list_private_locations (MCP, SPEC §8). */
export const PRIVATE_LOCATION_PAGING: PageBounds = {
  limit: { max: 100, default: 50 },
  perPage: { max: 100, default: 50 },
};

/** Without a mask, empty lists and maps count as not given: a proto message cannot tell them apart. */
const MASK: MaskRule<PrivateLocationInput, PrivateLocationField> = {
  fields: FIELDS,
  refusal: 'is not a field of private locations',
  defaults: DEFAULTS,
  given: (value) => value != null && (typeof value !== 'object' || Object.keys(value).length > 0),
};

const byNumber = (a: string, b: string): number => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

@Injectable()
export class PrivateLocationsService {
  constructor(
    @Inject(PrivateLocationsRepository) private readonly locations: PrivateLocationsRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(SecretBox) private readonly box: SecretBox,
    @Inject(Database) private readonly db: Database,
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
  ) {}

  /**
   * The id of the private location whose agent holds `token`, or null: how the agent API knows a
   * check-engine agent. Not a workspace verb; the token alone identifies the location.
   */
  async locationOfAgentToken(token: string): Promise<string | null> {
    return (await this.locations.findByToken(token))?.id ?? null;
  }

  /** Creates a location with a new agent token, which the returned view carries. */
  async create(ctx: ServiceContext, input: PrivateLocationInput): Promise<PrivateLocationView> {
    return this.mutations.run(ctx, async (trail) => {
      const data = parseInput(privateLocationSchema, { ...DEFAULTS, ...definedOnly(input) });
      await this.db.lockWorkspace(ctx.workspace.id);
      assertRoomForOne(ctx.workspace.plan, 'privateLocations', await this.locations.count(ctx.workspace.id));
      const monitorIds = await this.checkMonitors(ctx, data.monitorIds);
      const token = newToken();
      const entity = await this.locations.insert({
        workspaceId: ctx.workspace.id,
        name: data.name,
        metadata: data.metadata,
        tokenSealed: this.box.encrypt(token),
        tokenHash: hashToken(token),
        lastSeenAt: null,
      });
      await this.locations.replaceMonitors(entity.id, monitorIds);
      await this.monitors.resyncSchedules(monitorIds);
      const view = toPrivateLocationView(entity, monitorIds, token);
      trail.record({
        action: 'private_location.create',
        entityType: 'private_location',
        entityId: entity.id,
        after: privateLocationSnapshot(view),
      });
      return view;
    });
  }

  /**
   * Partial update. Without a mask, every field given in `patch` changes (monitorIds and metadata
   * when non-empty, each replaced as a whole). With a mask, exactly the named fields change, and a
   * named field missing from `patch` is cleared. The token is not returned.
   */
  async update(
    ctx: ServiceContext,
    id: string,
    patch: PrivateLocationInput,
    mask?: PrivateLocationField[],
  ): Promise<PrivateLocationView> {
    return this.mutations.run(ctx, async (trail) => {
      const entity = await this.locations.lock(ctx.workspace.id, id);
      if (!entity) throw NotFoundError.of('private location', id);
      const currentIds = (await this.locations.monitorIds([entity.id])).get(entity.id) ?? [];
      const before = toPrivateLocationView(entity, currentIds, null);
      const current = { name: entity.name, monitorIds: currentIds, metadata: entity.metadata };
      const next = applyMask(current, patch, mask, MASK);
      const data: PrivateLocationData = parseInput(privateLocationSchema, next);
      const monitorIds = await this.checkMonitors(ctx, data.monitorIds);
      const preview = { ...before, name: data.name, monitorIds, metadata: data.metadata };
      if (JSON.stringify(privateLocationSnapshot(before)) === JSON.stringify(privateLocationSnapshot(preview))) {
        trail.unchanged();
        return before;
      }
      Object.assign(entity, { name: data.name, metadata: data.metadata, updatedAt: new Date() });
      const saved = await this.locations.save(entity);
      if (JSON.stringify(monitorIds) !== JSON.stringify(currentIds)) {
        await this.locations.replaceMonitors(saved.id, monitorIds);
        await this.monitors.resyncSchedules([...currentIds, ...monitorIds]);
      }
      const after = toPrivateLocationView(saved, monitorIds, null);
      trail.record({
        action: 'private_location.update',
        entityType: 'private_location',
        entityId: saved.id,
        before: privateLocationSnapshot(before),
        after: privateLocationSnapshot(after),
      });
      return after;
    });
  }

  /**
   * One location. The agent token is included for read-and-write credentials only: a read-only
   * credential must not be able to act as an agent.
   */
  async get(ctx: ServiceContext, id: string): Promise<PrivateLocationView> {
    const entity = await this.locations.find(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('private location', id);
    const monitorIds = (await this.locations.monitorIds([entity.id])).get(entity.id) ?? [];
    const token = ctx.scope === 'write' ? this.box.decrypt(entity.tokenSealed) : null;
    return toPrivateLocationView(entity, monitorIds, token);
  }

  /** One page, newest first, without tokens. */
  async list(ctx: ServiceContext, query: PageQuery): Promise<Paged<PrivateLocationView>> {
    const page = pageOf(query, PRIVATE_LOCATION_PAGING);
    const [entities, totalSize] = await Promise.all([
      this.locations.list(ctx.workspace.id, page.limit, page.offset),
      this.locations.count(ctx.workspace.id),
    ]);
    const links = await this.locations.monitorIds(entities.map((e) => e.id));
    const now = new Date();
    return { items: entities.map((e) => toPrivateLocationView(e, links.get(e.id) ?? [], null, now)), totalSize, page };
  }

  /**
   * Gives the location a new agent token, which the returned view carries; the old one stops working
   * at once, since agents are found by the hash of their token. The audit entry records the rotation,
   * never a token.
   */
  async rotateToken(ctx: ServiceContext, id: string): Promise<PrivateLocationView> {
    return this.mutations.run(ctx, async (trail) => {
      const entity = await this.locations.lock(ctx.workspace.id, id);
      if (!entity) throw NotFoundError.of('private location', id);
      const monitorIds = (await this.locations.monitorIds([entity.id])).get(entity.id) ?? [];
      const token = newToken();
      Object.assign(entity, {
        tokenSealed: this.box.encrypt(token),
        tokenHash: hashToken(token),
        updatedAt: new Date(),
      });
      const saved = await this.locations.save(entity);
      const view = toPrivateLocationView(saved, monitorIds, token);
      trail.record({
        action: 'private_location.rotate_token',
        entityType: 'private_location',
        entityId: saved.id,
        before: privateLocationSnapshot(view),
        after: privateLocationSnapshot(view),
      });
      return view;
    });
  }

  /** Deletes the location and its monitor links; its agent's token stops working. */
  async delete(ctx: ServiceContext, id: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      const entity = await this.locations.lock(ctx.workspace.id, id);
      if (!entity) throw NotFoundError.of('private location', id);
      const monitorIds = (await this.locations.monitorIds([entity.id])).get(entity.id) ?? [];
      const before = toPrivateLocationView(entity, monitorIds, null);
      await this.locations.delete(entity);
      await this.monitors.resyncSchedules(monitorIds);
      trail.record({
        action: 'private_location.delete',
        entityType: 'private_location',
        entityId: entity.id,
        before: privateLocationSnapshot(before),
      });
    });
  }

  /** Every id must be a live monitor of the caller's workspace (else NOT_FOUND); returns them sorted. */
  private async checkMonitors(ctx: ServiceContext, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const live = await this.monitors.lockLiveIds(ctx.workspace.id, ids);
    const missing = ids.find((id) => !live.has(id));
    if (missing !== undefined) throw NotFoundError.of('monitor', missing);
    const heartbeats = new Set(
      (await this.monitors.findByIds(ids)).filter((m) => m.kind === 'heartbeat').map((m) => m.id),
    );
    const at = ids.findIndex((id) => heartbeats.has(id));
    if (at >= 0)
      throw ValidationError.field(
        `monitorIds.${at}`,
        `monitor ${ids[at]} is a heartbeat monitor: its job pings the service, no location runs it`,
      );
    return [...ids].sort(byNumber);
  }
}
