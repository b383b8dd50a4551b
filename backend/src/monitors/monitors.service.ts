import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { MutationRunner } from '../audit/mutation-runner';
import { assertWriteScope, type ServiceContext } from '../common/context';
import {
  ConflictError,
  ForbiddenError,
  LimitExceededError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
} from '../common/errors';
import { isEntityId } from '../common/ids';
import { parseInput, singleLine } from '../common/validation';
import { SCHEDULES_PORT, type SchedulesPort } from '../schedules/schedules.port';
import { privateLocation } from '../schedules/slots';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Database } from '../database/database';
import { assertRoomForOne, hasFeature, planOf } from '../plans/plans';
import { CHECK_RESULTS_PORT, type CheckResultsPort, type DailyBucket } from '../check-results/check-results.port';
import type { ResponseLogView } from '../check-results/response-log.view';
import {
  CHECK_STATUSES,
  DEFAULT_CERTIFICATE_EXPIRY_DAYS,
  PERIODICITY_SECONDS,
  REGIONS,
  RESULT_RETENTION_DAYS,
  type GrpcConfig,
  type HeartbeatConfig,
  type MonitorKind,
  type Region,
  type TlsConfig,
} from '../checks/check-config';
import { MonitorChanges } from '../checks/monitor-changes';
import type { MonitorEntity } from './monitor.entity';
import { alertingColumns, alertingOf, alertingOfEntity, DEFAULT_ALERTING } from './monitor-alerting';
import { EscalationPolicyLookup } from './escalation-policy-lookup';
import { MONITOR_SCHEMAS, PING_TOKEN, type MonitorData } from './monitor.schemas';
import {
  assertNoRedactedCredential,
  monitorSnapshot,
  monitorViewFor,
  TIME_RANGES,
  toMonitorView,
  type MonitorStatusView,
  type MonitorSummary,
  type MonitorView,
  type TimeRangeKey,
} from './monitor.view';
import { MonitorDeletion } from '../checks/monitor-deletion';
import { MonitorCache } from './monitor-cache';
import { assertPublicTargets } from './monitor-targets';
import { type MonitorDependents, MonitorsRepository } from './monitors.repository';

export type { MonitorDependents };
import { definedOnly } from '../common/objects';
import { applyMask, type MaskRule } from '../common/update-mask';
import { limitOffsetSchema, pageOf, type PageBounds, type PageQuery, type Paged } from '../common/paging';

/** Fields a caller may set; which apply depends on the kind (see MONITOR_SCHEMAS). */
export type MonitorInput = Partial<Omit<MonitorData<'http'>, 'openTelemetry'>> &
  Partial<Pick<MonitorData<'dns'>, 'uri' | 'recordAssertions'>> & {
    openTelemetry?: MonitorData<'http'>['openTelemetry'];
    grpc?: Partial<GrpcConfig>;
    tls?: Partial<TlsConfig>;
    heartbeat?: Partial<HeartbeatConfig>;
  };

/** A monitor as a create or a token rotation answers it: a heartbeat's ping URL is shown then only. */
export type MonitorWithPingUrl = MonitorView & { pingUrl?: string };

export type MonitorField = keyof MonitorInput;

/** Regions a monitor runs from when created without any: three continents. */
export const DEFAULT_REGIONS: Region[] = ['fly-ams', 'fly-iad', 'fly-sin'];

export const DEFAULT_GRPC: GrpcConfig = { service: '', tls: false, metadata: [], expectedStatus: 'SERVING' };
export const DEFAULT_TLS: TlsConfig = { servername: '', starttls: 'none' };
/** Like Healthchecks.io's defaults: a ping a day, an hour's grace. */
export const DEFAULT_HEARTBEAT: HeartbeatConfig = {
  schedule: 'period',
  periodSeconds: 86400,
  cron: '',
  timezone: 'UTC',
  graceSeconds: 3600,
};

/** sha256 (hex) of a ping token: what the monitors table keeps and the ping route looks up. */
export function pingTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 24 random bytes, URL-safe: 32 characters. */
const newPingToken = (): string => randomBytes(24).toString('base64url');

const DEFAULTS: Required<Omit<MonitorInput, 'name' | 'url' | 'uri' | 'periodicity'>> = {
  description: '',
  method: 'GET',
  body: '',
  headers: [],
  timeout: 45000,
  retry: 3,
  alertQuorum: 0,
  followRedirects: true,
  regions: [],
  tags: [],
  active: false,
  public: false,
  degradedAt: null,
  statusCodeAssertions: [],
  bodyAssertions: [],
  headerAssertions: [],
  recordAssertions: [],
  jsonAssertions: [],
  timingAssertions: [],
  tlsVerify: true,
  certificateExpiryDays: [...DEFAULT_CERTIFICATE_EXPIRY_DAYS],
  openTelemetry: null,
  grpc: DEFAULT_GRPC,
  tls: DEFAULT_TLS,
  heartbeat: DEFAULT_HEARTBEAT,
  alerting: DEFAULT_ALERTING,
};

export { TIME_RANGES, type MonitorSummary, type TimeRangeKey };

/** listMonitors (RPC, SPEC §7) and list_monitors (MCP, §8). */
export const MONITOR_PAGING: PageBounds = { limit: { max: 100, default: 50 }, perPage: { max: 50, default: 50 } };

const logListSchema = limitOffsetSchema({ max: 100, default: 25 }).extend({
  fromTimestamp: z
    .number()
    .int({ error: 'must be Unix milliseconds' })
    .min(0, { error: 'must be Unix milliseconds' })
    .optional(),
  toTimestamp: z
    .number()
    .int({ error: 'must be Unix milliseconds' })
    .min(0, { error: 'must be Unix milliseconds' })
    .optional(),
  /** A region or `private-location:<id>`: only that location's checks. */
  region: singleLine(64).optional(),
  status: z.enum(CHECK_STATUSES, { error: `must be one of ${CHECK_STATUSES.join(', ')}` }).optional(),
});

function fieldsOf(kind: MonitorKind): MonitorField[] {
  return Object.keys(MONITOR_SCHEMAS[kind].shape) as MonitorField[];
}

function maskRule(kind: MonitorKind): MaskRule<MonitorInput, MonitorField> {
  return {
    fields: fieldsOf(kind),
    refusal: `is not a field of ${kind} monitors`,
    defaults: DEFAULTS,
    // gRPC, TLS and heartbeat settings arrive one proto field at a time: a given one replaces only itself.
    merge: {
      grpc: (given, current) => ({ ...(current as GrpcConfig), ...definedOnly(given) }),
      tls: (given, current) => ({ ...(current as TlsConfig), ...definedOnly(given) }),
      heartbeat: (given, current) => ({ ...(current as HeartbeatConfig), ...definedOnly(given) }),
    },
  };
}

function dataOf(entity: MonitorEntity): Record<string, unknown> {
  return {
    name: entity.name,
    description: entity.description,
    url: entity.url ?? undefined,
    uri: entity.uri ?? undefined,
    periodicity: entity.periodicity,
    method: entity.method,
    body: entity.body,
    headers: entity.headers,
    timeout: entity.timeout,
    retry: entity.retry,
    alertQuorum: entity.alertQuorum,
    followRedirects: entity.followRedirects,
    regions: entity.regions,
    tags: entity.tags,
    active: entity.active,
    public: entity.public,
    degradedAt: entity.degradedAt,
    statusCodeAssertions: entity.statusCodeAssertions,
    bodyAssertions: entity.bodyAssertions,
    headerAssertions: entity.headerAssertions,
    recordAssertions: entity.recordAssertions,
    jsonAssertions: entity.jsonAssertions,
    timingAssertions: entity.timingAssertions,
    tlsVerify: entity.tlsVerify,
    certificateExpiryDays: entity.certificateExpiryDays,
    openTelemetry: entity.openTelemetry,
    grpc: entity.grpc ?? DEFAULT_GRPC,
    tls: entity.tls ?? DEFAULT_TLS,
    heartbeat: entity.heartbeat ?? DEFAULT_HEARTBEAT,
    alerting: alertingOfEntity(entity),
  };
}

function columnsOf(kind: MonitorKind, data: MonitorData): Partial<MonitorEntity> {
  const d = data as Partial<
    MonitorData<'http'> & MonitorData<'dns'> & MonitorData<'grpc'> & MonitorData<'tls'> & MonitorData<'heartbeat'>
  >;
  return {
    kind,
    name: d.name,
    description: d.description,
    url: kind === 'http' ? (d.url ?? null) : null,
    uri: kind === 'http' || kind === 'heartbeat' ? null : (d.uri ?? null),
    // A heartbeat is not probed: no periodicity, region or timeout applies; the columns keep defaults.
    periodicity: d.periodicity ?? '1m',
    method: d.method ?? 'GET',
    body: d.body ?? '',
    headers: d.headers ?? [],
    timeout: d.timeout ?? DEFAULTS.timeout,
    retry: d.retry ?? DEFAULTS.retry,
    alertQuorum: d.alertQuorum ?? 0,
    followRedirects: d.followRedirects ?? true,
    regions: d.regions ?? [],
    tags: d.tags,
    active: d.active,
    public: d.public,
    degradedAt: d.degradedAt ?? null,
    statusCodeAssertions: d.statusCodeAssertions ?? [],
    bodyAssertions: d.bodyAssertions ?? [],
    headerAssertions: d.headerAssertions ?? [],
    recordAssertions: d.recordAssertions ?? [],
    jsonAssertions: d.jsonAssertions ?? [],
    timingAssertions: d.timingAssertions ?? [],
    tlsVerify: d.tlsVerify ?? true,
    certificateExpiryDays: d.certificateExpiryDays ?? [...DEFAULT_CERTIFICATE_EXPIRY_DAYS],
    openTelemetry: kind === 'grpc' || kind === 'heartbeat' ? null : (d.openTelemetry ?? null),
    grpc: kind === 'grpc' ? (d.grpc ?? DEFAULT_GRPC) : null,
    tls: kind === 'tls' ? (d.tls ?? DEFAULT_TLS) : null,
    heartbeat: kind === 'heartbeat' ? (d.heartbeat ?? DEFAULT_HEARTBEAT) : null,
    ...alertingColumns(alertingOf(d.alerting)),
  };
}

const savedOf = (m: MonitorEntity) => ({
  id: m.id,
  workspaceId: m.workspaceId,
  kind: m.kind,
  active: m.active,
  heartbeat: m.heartbeat,
});

@Injectable()
export class MonitorsService {
  constructor(
    @Inject(MonitorsRepository) private readonly monitors: MonitorsRepository,
    @Inject(CHECK_RESULTS_PORT) private readonly results: CheckResultsPort,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(Database) private readonly db: Database,
    @Inject(SCHEDULES_PORT) private readonly schedules: SchedulesPort,
    @Inject(MonitorCache) private readonly cache: MonitorCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MonitorDeletion) private readonly deletion: MonitorDeletion,
    @Inject(MonitorChanges) private readonly changes: MonitorChanges,
    @Inject(EscalationPolicyLookup) private readonly escalationPolicies: EscalationPolicyLookup,
  ) {}

  /**
   * Creates a monitor. A heartbeat monitor gets a ping token (`pingToken` brings one, e.g. the UUID of
   * an existing Healthchecks.io check, so its cron lines move by changing the host); the answer
   * carries its ping URL, which is never shown again: only the token's hash is kept.
   */
  async create(
    ctx: ServiceContext,
    kind: MonitorKind,
    input: MonitorInput,
    options: { pingToken?: string } = {},
  ): Promise<MonitorWithPingUrl> {
    return this.mutations.run(ctx, async (trail) => {
      const given = definedOnly(input);
      const merged: Record<string, unknown> = { ...DEFAULTS, ...given };
      if (!given.regions?.length) merged.regions = DEFAULT_REGIONS;
      if (given.grpc) merged.grpc = { ...DEFAULT_GRPC, ...definedOnly(given.grpc) };
      if (given.tls) merged.tls = { ...DEFAULT_TLS, ...definedOnly(given.tls) };
      if (given.heartbeat) merged.heartbeat = { ...DEFAULT_HEARTBEAT, ...definedOnly(given.heartbeat) };
      if (kind !== 'heartbeat' && options.pingToken !== undefined)
        throw ValidationError.field('pingToken', 'applies to heartbeat monitors only');
      const data = this.validate(kind, merged);
      assertNoRedactedCredential(data);
      const token = kind === 'heartbeat' ? this.pingTokenOf(options.pingToken) : undefined;
      await this.db.lockWorkspace(ctx.workspace.id);
      assertRoomForOne(ctx.workspace.plan, 'monitors', await this.monitors.countLive(ctx.workspace.id));
      this.checkPlan(ctx, data);
      await this.checkAlerting(ctx, null, data);
      if (token && (await this.monitors.pingTokenTaken(pingTokenHash(token))))
        throw new ConflictError('pingToken: another monitor already uses this ping token');
      const entity = await this.monitors.insert({
        ...columnsOf(kind, data),
        workspaceId: ctx.workspace.id,
        pingTokenHash: token ? pingTokenHash(token) : null,
      });
      await this.monitors.resyncSchedules([entity.id]);
      await this.changes.saved(savedOf(entity));
      const view = toMonitorView(entity, []);
      trail.record({
        action: 'monitor.create',
        entityType: 'monitor',
        entityId: entity.id,
        after: monitorSnapshot(view),
      });
      const answer: MonitorWithPingUrl = monitorViewFor(ctx, view);
      return token ? { ...answer, pingUrl: this.pingUrlOf(token) } : answer;
    });
  }

  /** Whether a create may bring this ping token (no monitor of any workspace uses it). */
  async pingTokenFree(token: string): Promise<boolean> {
    return !(await this.monitors.pingTokenTaken(pingTokenHash(token)));
  }

  /**
   * Gives a heartbeat monitor a new ping token: the old URL stops working at once (its hash is
   * replaced in the same statement the answer depends on). The answer carries the new ping URL.
   */
  async rotatePingToken(ctx: ServiceContext, id: string): Promise<MonitorWithPingUrl> {
    return this.mutations.run(ctx, async (trail) => {
      const entity = await this.monitors.lockLive(ctx.workspace.id, id, 'heartbeat');
      if (!entity) throw NotFoundError.of('heartbeat monitor', id);
      const token = newPingToken();
      entity.pingTokenHash = pingTokenHash(token);
      const saved = await this.monitors.save(entity);
      const view = toMonitorView(saved, []);
      // The token is a credential: the entry says that it changed, never what it is.
      trail.record({ action: 'monitor.rotate_ping_token', entityType: 'monitor', entityId: entity.id });
      return { ...monitorViewFor(ctx, view), pingUrl: this.pingUrlOf(token) };
    });
  }

  private pingTokenOf(given: string | undefined): string {
    if (given === undefined) return newPingToken();
    if (!PING_TOKEN.test(given))
      throw ValidationError.field('pingToken', 'must be a UUID or 16 to 64 letters, digits, - and _');
    return given;
  }

  private pingUrlOf(token: string): string {
    return `${this.config.baseUrl}/ping/${token}`;
  }

  /**
   * Partial update. Without a mask, every field given in `patch` changes. With a mask, exactly the
   * named fields change, and a named field missing from `patch` goes back to its default.
   */
  async update(
    ctx: ServiceContext,
    kind: MonitorKind,
    id: string,
    patch: MonitorInput,
    mask?: MonitorField[],
  ): Promise<MonitorView> {
    return this.mutations.run(ctx, async (trail) => {
      // The workspace lock first, as every mutation that checks references across resources takes it:
      // one order of locks, so two of them never wait on each other (monitors, channels, policies).
      await this.db.lockWorkspace(ctx.workspace.id);
      const entity = await this.monitors.lockLive(ctx.workspace.id, id, kind);
      if (!entity) throw NotFoundError.of(`${kind} monitor`, id);
      const next = applyMask(dataOf(entity), patch, mask, maskRule(kind));
      const data = this.validate(kind, next);
      assertNoRedactedCredential(data, entity);
      this.checkPlan(ctx, data);
      await this.checkAlerting(ctx, entity, data);
      const before = toMonitorView(entity, (await this.monitors.privateLocationIds([entity.id])).get(entity.id) ?? []);
      Object.assign(entity, columnsOf(kind, data));
      const saved = await this.monitors.save(entity);
      await this.monitors.resyncSchedules([saved.id]);
      await this.changes.saved(savedOf(saved));
      const after = toMonitorView(saved, before.privateLocationIds);
      const changed = JSON.stringify(monitorSnapshot(before)) !== JSON.stringify(monitorSnapshot(after));
      if (changed) {
        trail.record({
          action: 'monitor.update',
          entityType: 'monitor',
          entityId: entity.id,
          before: monitorSnapshot(before),
          after: monitorSnapshot(after),
        });
      } else {
        trail.unchanged();
      }
      return monitorViewFor(ctx, after);
    });
  }

  /**
   * The most frequent read (dashboards, the provider's refresh): answered from the cache when it can
   * be. The cache keeps the full view; what the caller may see of it is cut after.
   */
  async get(ctx: ServiceContext, id: string): Promise<MonitorView> {
    const view = await this.cache.read(ctx.workspace.id, id, async () => {
      const found = await this.monitors.findLiveWithLocations(ctx.workspace.id, id);
      if (!found) throw NotFoundError.of('monitor', id);
      return toMonitorView(found.entity, found.privateLocationIds);
    });
    return monitorViewFor(ctx, view);
  }

  async list(ctx: ServiceContext, query: PageQuery): Promise<Paged<MonitorView>> {
    const page = pageOf(query, MONITOR_PAGING);
    const [entities, totalSize] = await Promise.all([
      this.monitors.listLive(ctx.workspace.id, page.limit, page.offset),
      this.monitors.countLive(ctx.workspace.id),
    ]);
    const locations = await this.monitors.privateLocationIds(entities.map((e) => e.id));
    return {
      items: entities.map((e) => monitorViewFor(ctx, toMonitorView(e, locations.get(e.id) ?? []))),
      totalSize,
      page,
    };
  }

  /** What deleting the monitor would take along (links) or is refused for (components that show it). */
  async dependents(ctx: ServiceContext, id: string): Promise<MonitorDependents> {
    const entity = await this.monitors.findLive(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('monitor', id);
    return this.monitors.dependentsOf(entity.id);
  }

  /** Deletes a monitor; refused while a status page component shows it. */
  async delete(ctx: ServiceContext, id: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      // The workspace lock first, as every mutation that checks references across resources takes it:
      // one order of locks, so two of them never wait on each other (monitors, channels, policies).
      await this.db.lockWorkspace(ctx.workspace.id);
      const entity = await this.monitors.lockLive(ctx.workspace.id, id);
      if (!entity) throw NotFoundError.of('monitor', id);
      const refusal = await this.deletion.refusal(entity.id);
      if (refusal) throw new PreconditionFailedError(`monitor ${id} ${refusal}`);
      const before = toMonitorView(entity, (await this.monitors.privateLocationIds([entity.id])).get(entity.id) ?? []);
      await this.monitors.markDeleted(entity, new Date());
      await this.monitors.resyncSchedules([entity.id]);
      trail.record({
        action: 'monitor.delete',
        entityType: 'monitor',
        entityId: entity.id,
        before: monitorSnapshot(before),
      });
    });
  }

  /**
   * Asks for an immediate check in every region and private location of the monitor; agents serving
   * those locations run it within moments (trigger `api`). Inactive monitors can be triggered too.
   */
  async trigger(ctx: ServiceContext, id: string): Promise<void> {
    assertWriteScope(ctx);
    const entity = await this.monitors.findLive(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('monitor', id);
    const privateLocations = (await this.monitors.privateLocationIds([entity.id])).get(entity.id) ?? [];
    const locations = [...entity.regions, ...privateLocations.map(privateLocation)];
    if (!locations.length)
      throw new PreconditionFailedError(`monitor ${id} has no region or private location to run from`);
    await this.schedules.requestTrigger(entity, locations, new Date());
  }

  /**
   * Per-location status across every configured region and every private location that runs the
   * monitor; `unknown` where no check has been judged.
   */
  async status(ctx: ServiceContext, id: string): Promise<MonitorStatusView> {
    const entity = await this.monitors.findLive(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('monitor', id);
    const [statuses, locations] = await Promise.all([
      this.results.locationStatuses(entity.id),
      this.monitors.privateLocationIds([entity.id]),
    ]);
    const known = new Map(statuses.map((s) => [s.region, s.status]));
    return {
      id: entity.id,
      regions: entity.regions.map((region) => ({ region, status: known.get(region) ?? 'unknown' })),
      privateLocations: (locations.get(entity.id) ?? []).map((privateLocationId) => ({
        privateLocationId,
        status: known.get(privateLocation(privateLocationId)) ?? 'unknown',
      })),
    };
  }

  async summary(
    ctx: ServiceContext,
    id: string,
    timeRange: TimeRangeKey = '1d',
    regions: Region[] = [],
  ): Promise<MonitorSummary> {
    const bad = regions.find((r) => !(REGIONS as readonly string[]).includes(r));
    if (bad) throw ValidationError.field('regions', `unknown region ${JSON.stringify(bad)}`);
    if (!isEntityId(id)) throw NotFoundError.of('monitor', id);
    const since = new Date(Date.now() - TIME_RANGES[timeRange] * 86_400_000);
    // The ownership check and the aggregates are read at once; nothing is returned unless the monitor
    // belongs to the caller's workspace.
    const [entity, row] = await Promise.all([
      this.monitors.findLive(ctx.workspace.id, id),
      this.results.summary(id, since, regions),
    ]);
    if (!entity) throw NotFoundError.of('monitor', id);
    return { id: entity.id, timeRange, ...row };
  }

  /** One bucket per UTC day, oldest first: checks run and how many were ok (successful or degraded). */
  async dailySeries(ctx: ServiceContext, id: string, days = 14): Promise<DailyBucket[]> {
    const span = parseInput(
      z.object({
        days: z
          .number()
          .int()
          .min(1, { error: 'must be between 1 and 45' })
          .max(45, { error: 'must be between 1 and 45' }),
      }),
      { days },
    ).days;
    const entity = await this.monitors.findLive(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('monitor', id);
    return this.results.daily(entity.id, span);
  }

  async listResponseLogs(
    ctx: ServiceContext,
    id: string,
    query: {
      fromTimestamp?: number;
      toTimestamp?: number;
      limit?: number;
      offset?: number;
      region?: string;
      status?: string;
    },
  ): Promise<{ logs: ResponseLogView[]; hasMore: boolean; nextOffset: number }> {
    this.assertResponseLogs(ctx);
    const q = parseInput(logListSchema, definedOnly(query));
    const entity = await this.httpMonitor(ctx, id);
    const oldest = Date.now() - RESULT_RETENTION_DAYS * 86_400_000;
    const to = new Date(q.toTimestamp ?? Date.now() + 60_000);
    if (q.fromTimestamp !== undefined && q.fromTimestamp > to.getTime())
      throw ValidationError.field('fromTimestamp', 'must not be after toTimestamp');
    // Raw results are kept RESULT_RETENTION_DAYS: a window that ends before then is valid, and empty.
    const from = new Date(Math.max(q.fromTimestamp ?? oldest, oldest));
    if (from > to) return { logs: [], hasMore: false, nextOffset: 0 };
    const rows = await this.results.listHttp(entity.id, from, to, q.limit + 1, q.offset, {
      region: q.region,
      status: q.status,
    });
    const hasMore = rows.length > q.limit;
    const logs = rows.slice(0, q.limit);
    return { logs, hasMore, nextOffset: hasMore ? q.offset + logs.length : 0 };
  }

  async getResponseLog(ctx: ServiceContext, id: string, logId: string): Promise<ResponseLogView> {
    this.assertResponseLogs(ctx);
    const entity = await this.httpMonitor(ctx, id);
    const row = await this.results.findHttp(entity.id, logId);
    if (!row) throw NotFoundError.of('response log', logId);
    return row;
  }

  private assertResponseLogs(ctx: ServiceContext): void {
    if (!hasFeature(ctx.workspace.plan, 'response-logs')) throw new ForbiddenError('Upgrade for response logs');
  }

  private async httpMonitor(ctx: ServiceContext, id: string): Promise<MonitorEntity> {
    const entity = await this.monitors.findLive(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('monitor', id);
    if (entity.kind !== 'http') {
      throw ValidationError.field(
        'id',
        `monitor ${id} is a ${entity.kind} monitor; only HTTP monitors have response logs`,
      );
    }
    return entity;
  }

  private validate<K extends MonitorKind>(kind: K, merged: Record<string, unknown>): MonitorData<K> {
    const picked = Object.fromEntries(fieldsOf(kind).map((f) => [f, merged[f]]));
    const data = parseInput(MONITOR_SCHEMAS[kind], picked) as MonitorData<K>;
    assertPublicTargets(kind, data, this.config.alerts.allowPrivateTargets);
    return data;
  }

  /**
   * The policy's references: the escalation policy and the parents are the workspace's (another
   * workspace's id is NOT_FOUND, as if it did not exist), a monitor is not its own parent, and no
   * parent depends on the monitor, directly or not: the refusal names the path. The workspace lock
   * orders two updates that would close a cycle between them.
   */
  private async checkAlerting(ctx: ServiceContext, current: MonitorEntity | null, data: MonitorData): Promise<void> {
    const policy = alertingOf(data.alerting);
    const stored = current ? alertingOfEntity(current) : DEFAULT_ALERTING;
    if (policy.escalationPolicyId && policy.escalationPolicyId !== stored.escalationPolicyId) {
      if (!(await this.escalationPolicies.exists(ctx.workspace.id, policy.escalationPolicyId)))
        throw new NotFoundError(
          `alerting.escalationPolicyId: escalation policy ${JSON.stringify(policy.escalationPolicyId)} not found`,
        );
    }
    if (!policy.parentMonitorIds.length) return;
    if (current && policy.parentMonitorIds.includes(current.id))
      throw ValidationError.field('alerting.parentMonitorIds', 'must not contain the monitor itself');
    await this.db.lockWorkspace(ctx.workspace.id);
    const live = await this.monitors.lockLiveIds(ctx.workspace.id, policy.parentMonitorIds);
    const missing = policy.parentMonitorIds.find((id) => !live.has(id));
    if (missing !== undefined)
      throw new NotFoundError(`alerting.parentMonitorIds: monitor ${JSON.stringify(missing)} not found`);
    if (!current) return;
    const cycle = await this.monitors.parentCycle(current.id, policy.parentMonitorIds);
    if (cycle)
      throw ValidationError.field(
        'alerting.parentMonitorIds',
        `would make a dependency cycle: ${cycle.map((m) => `${m.name} (${m.id})`).join(' → ')}`,
      );
  }

  private checkPlan(ctx: ServiceContext, data: MonitorData): void {
    const plan = planOf(ctx.workspace.plan);
    if (!('periodicity' in data)) return;
    if (PERIODICITY_SECONDS[data.periodicity] < plan.limits.minPeriodicitySeconds) {
      throw new LimitExceededError(
        `periodicity: the ${plan.name} plan allows checks every ${plan.limits.minPeriodicitySeconds / 60} minutes at most`,
      );
    }
    if (data.regions.length > plan.limits.regionsPerMonitor) {
      throw new LimitExceededError(
        `regions: the ${plan.name} plan allows at most ${plan.limits.regionsPerMonitor} regions per monitor`,
      );
    }
  }
}
