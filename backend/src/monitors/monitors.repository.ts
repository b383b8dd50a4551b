import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { In, IsNull } from 'typeorm';
import { SCHEDULES_PORT, type SchedulesPort } from '../schedules/schedules.port';
import { SecretBox } from '../common/crypto';
import { Database } from '../database/database';
import type { HeartbeatConfig, MonitorKind, MonitorStatus, Periodicity, Region } from '../checks/check-config';
import { MonitorEntity } from './monitor.entity';
import { CREDENTIAL_HEADER } from '../common/credential-headers';
import { monitorSecretTransformers } from './monitor-secrets';
import { MonitorDeletion } from '../checks/monitor-deletion';
import { isEntityId } from '../common/ids';

/** A live monitor as the dashboard's overview lists it. */
export interface MonitorOverviewRow {
  id: string;
  name: string;
  kind: MonitorKind;
  /** The URL of an HTTP monitor, the uri of the others, a heartbeat's expected schedule. */
  target: string;
  periodicity: Periodicity;
  regions: Region[];
  tags: string[];
  active: boolean;
  public: boolean;
  status: MonitorStatus;
  /** The private locations that run it, by id. */
  privateLocationIds: string[];
}

/** A heartbeat's expected pings in a few words: `cron 0 3 * * * Europe/Berlin`, `every 1d`, `every 90s`. */
function expectedSchedule(h: HeartbeatConfig): string {
  if (h.schedule === 'cron') return `cron ${h.cron} ${h.timezone}`;
  const unit = (
    [
      [86400, 'd'],
      [3600, 'h'],
      [60, 'm'],
    ] as const
  ).find(([size]) => h.periodSeconds % size === 0);
  return unit ? `every ${h.periodSeconds / unit[0]}${unit[1]}` : `every ${h.periodSeconds}s`;
}

/** Rows sealed per transaction by the start-up pass over credentials stored before sealing existed. */
const LEGACY_BATCH = 200;

/** See MonitorsRepository.dependentsOf. */
/** A monitor's alerting policy as alerting reads it when recording a transition. */
export interface MonitorAlertPolicy {
  id: string;
  name: string;
  parentMonitorIds: string[];
  escalationPolicyId: string | null;
  reminderIntervalMinutes: number;
  reminderLimit: number;
}

export interface MonitorDependents {
  components: Array<{ id: string; name: string; pageId: string; pageTitle: string }>;
  channels: Array<{ id: string; name: string }>;
  privateLocations: Array<{ id: string; name: string }>;
}

@Injectable()
export class MonitorsRepository implements OnApplicationBootstrap {
  private readonly secrets: ReturnType<typeof monitorSecretTransformers>;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(SCHEDULES_PORT) private readonly schedules: SchedulesPort,
    @Inject(SecretBox) box: SecretBox,
    @Inject(MonitorDeletion) private readonly deletion: MonitorDeletion,
  ) {
    // Credential headers are sealed on the way in and opened on the way out on this data source's
    // own metadata (the entity declares a transformer that refuses them until this runs).
    this.secrets = monitorSecretTransformers(box);
    const metadata = db.dataSource.getMetadata(MonitorEntity);
    for (const property of ['headers', 'openTelemetry', 'grpc'] as const) {
      const column = metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`monitors has no column for ${property}`);
      column.transformer = this.secrets[property];
    }
  }

  /** Seals what earlier versions stored in the clear, before any request is served. */
  async onApplicationBootstrap(): Promise<void> {
    await this.sealLegacyCredentials();
  }

  /**
   * Seals credential headers, gRPC metadata and export headers stored in the clear by a version
   * before sealing existed; returns how many monitors changed. A migration cannot do it (it has no
   * key). Rows are locked while they are rewritten, so a concurrent update is never lost, and
   * updated_at stays as it was: the monitor's settings did not change.
   */
  async sealLegacyCredentials(): Promise<number> {
    return this.db.inBatches(LEGACY_BATCH, async (after, size) => {
      const rows = await this.db.rows<{ id: string }>(
        `SELECT id::text AS id FROM monitors m
          WHERE m.id > $2 AND (EXISTS (SELECT 1 FROM jsonb_array_elements(m.headers) h
                         WHERE h ? 'value' AND (h->>'key') ~* $1)
             OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE jsonb_typeof(m.open_telemetry->'headers')
                                       WHEN 'array' THEN m.open_telemetry->'headers' ELSE '[]' END) h
                         WHERE h ? 'value')
             OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE jsonb_typeof(m.grpc->'metadata')
                                       WHEN 'array' THEN m.grpc->'metadata' ELSE '[]' END) h
                         WHERE h ? 'value' AND (h->>'key') ~* $1))
          ORDER BY id LIMIT $3 FOR UPDATE`,
        [CREDENTIAL_HEADER.source, after, size],
      );
      const ids = rows.map((r) => r.id);
      const monitors = await this.findByIds(ids);
      for (const m of monitors) {
        await this.db.rows(
          'UPDATE monitors SET headers = $2::jsonb, open_telemetry = $3::jsonb, grpc = $4::jsonb WHERE id = $1',
          [
            m.id,
            JSON.stringify(this.secrets.headers.to(m.headers)),
            m.openTelemetry === null ? null : JSON.stringify(this.secrets.openTelemetry.to(m.openTelemetry)),
            m.grpc === null ? null : JSON.stringify(this.secrets.grpc.to(m.grpc)),
          ],
        );
      }
      return { ids, changed: monitors.length };
    });
  }

  /** Whether any monitor of this kind exists (active or not: an inactive one can still be triggered). */
  anyOfKind(kind: MonitorKind): Promise<boolean> {
    return this.db.repo(MonitorEntity).exists({ where: { kind, deletedAt: IsNull() } });
  }

  /** Monitors by id, deleted ones included. */
  findByIds(ids: string[]): Promise<MonitorEntity[]> {
    return ids.length ? this.db.repo(MonitorEntity).findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** Re-plans the checks of these monitors after their regions, links or activity changed. */
  async resyncSchedules(monitorIds: string[]): Promise<void> {
    const ids = [...new Set(monitorIds)].filter((id) => isEntityId(id));
    if (!ids.length) return;
    const monitors = await this.findByIds(ids);
    const locations = await this.privateLocationIds(ids);
    for (const monitor of monitors) await this.schedules.sync(monitor, locations.get(monitor.id) ?? []);
  }

  /** Whether a monitor holds this ping token hash (deleted monitors hold none). */
  pingTokenTaken(hash: string): Promise<boolean> {
    return this.db.repo(MonitorEntity).exists({ where: { pingTokenHash: hash } });
  }

  insert(values: Partial<MonitorEntity>): Promise<MonitorEntity> {
    const repo = this.db.repo(MonitorEntity);
    return repo.save(repo.create(values));
  }

  async save(entity: MonitorEntity): Promise<MonitorEntity> {
    return this.db.repo(MonitorEntity).save(entity);
  }

  /** A live (not deleted) monitor of the workspace, optionally of one kind. */
  findLive(workspaceId: string, id: string, kind?: MonitorKind): Promise<MonitorEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(MonitorEntity).findOneBy({ workspaceId, id, deletedAt: IsNull(), ...(kind ? { kind } : {}) });
  }

  /**
   * A live monitor of the workspace with the private locations that run it, in one query: the
   * read path of GetMonitor and get_monitor, which runs on every call.
   */
  async findLiveWithLocations(
    workspaceId: string,
    id: string,
  ): Promise<{ entity: MonitorEntity; privateLocationIds: string[] } | null> {
    if (!isEntityId(id)) return null;
    const { entities, raw } = await this.db
      .repo(MonitorEntity)
      .createQueryBuilder('m')
      .addSelect(
        `ARRAY(SELECT l.private_location_id::text FROM private_location_monitors l
                WHERE l.monitor_id = m.id ORDER BY l.private_location_id)`,
        'private_location_ids',
      )
      .where('m.workspace_id = :workspaceId AND m.id = :id AND m.deleted_at IS NULL', { workspaceId, id })
      .getRawAndEntities<{ private_location_ids: string[] }>();
    const [entity] = entities;
    return entity ? { entity, privateLocationIds: raw[0].private_location_ids } : null;
  }

  /** A live monitor by id alone, whatever its workspace: for work the service does on its own (alerts). */
  findLiveById(id: string): Promise<MonitorEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(MonitorEntity).findOneBy({ id, deletedAt: IsNull() });
  }

  /** Locks the row for the rest of the transaction, so concurrent updates apply one after the other. */
  async lockLive(workspaceId: string, id: string, kind?: MonitorKind): Promise<MonitorEntity | null> {
    if (!isEntityId(id)) return null;
    return this.db
      .repo(MonitorEntity)
      .createQueryBuilder('m')
      .setLock('pessimistic_write')
      .where('m.workspace_id = :workspaceId AND m.id = :id AND m.deleted_at IS NULL', { workspaceId, id })
      .andWhere(kind ? 'm.kind = :kind' : '1=1', { kind })
      .getOne();
  }

  /**
   * The path by which `monitorId` would depend on itself if its parents were `parentIds`, as
   * [monitorId, parent, ..., monitorId] with each monitor's name, or null when there is no cycle.
   * Walks the parents of live monitors (a recursive CTE); read after the workspace lock, so two
   * updates cannot close a cycle between them.
   */
  async parentCycle(monitorId: string, parentIds: string[]): Promise<Array<{ id: string; name: string }> | null> {
    if (!parentIds.length) return null;
    const [row] = await this.db.rows<{ path: string[] }>(
      `WITH RECURSIVE walk(id, path) AS (
         SELECT p, ARRAY[$1::bigint, p] FROM unnest($2::bigint[]) AS p
         UNION ALL
         SELECT q, w.path || q
           FROM walk w JOIN monitors m ON m.id = w.id AND m.deleted_at IS NULL
          CROSS JOIN LATERAL unnest(m.parent_monitor_ids) AS q
          WHERE w.id <> $1::bigint AND NOT (q = ANY(w.path[2:])) AND cardinality(w.path) <= 1000)
       SELECT path::text[] AS path FROM walk WHERE id = $1::bigint ORDER BY cardinality(path) LIMIT 1`,
      [monitorId, parentIds],
    );
    if (!row) return null;
    const names = await this.db.rows<{ id: string; name: string }>(
      'SELECT id::text AS id, name FROM monitors WHERE id = ANY($1::bigint[])',
      [row.path],
    );
    const byId = new Map(names.map((n) => [n.id, n.name]));
    return row.path.map((id) => ({ id, name: byId.get(id) ?? id }));
  }

  /** What alerting needs of each monitor's policy when a transition is recorded (live or not). */
  async alertPolicies(ids: string[]): Promise<Map<string, MonitorAlertPolicy>> {
    if (!ids.length) return new Map();
    const rows = await this.db.rows<{
      id: string;
      name: string;
      parents: string[];
      escalation_policy_id: string | null;
      reminder_interval_minutes: number;
      reminder_limit: number;
    }>(
      `SELECT id::text AS id, name, parent_monitor_ids::text[] AS parents, escalation_policy_id::text AS escalation_policy_id,
              reminder_interval_minutes, reminder_limit
         FROM monitors WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          name: r.name,
          parentMonitorIds: r.parents,
          escalationPolicyId: r.escalation_policy_id,
          reminderIntervalMinutes: Number(r.reminder_interval_minutes),
          reminderLimit: Number(r.reminder_limit),
        },
      ]),
    );
  }

  /** The live monitors that depend on any of `parentIds` directly, with their workspace. */
  async childrenOf(parentIds: string[]): Promise<Array<{ id: string; workspaceId: string; parentIds: string[] }>> {
    if (!parentIds.length) return [];
    const rows = await this.db.rows<{ id: string; workspace_id: string; parents: string[] }>(
      `SELECT id::text AS id, workspace_id::text AS workspace_id, parent_monitor_ids::text[] AS parents
         FROM monitors WHERE parent_monitor_ids && $1::bigint[] AND deleted_at IS NULL ORDER BY id`,
      [parentIds],
    );
    return rows.map((r) => ({ id: r.id, workspaceId: r.workspace_id, parentIds: r.parents }));
  }

  /** The live monitors that use each escalation policy, ascending. */
  async usingEscalationPolicies(policyIds: string[]): Promise<Map<string, string[]>> {
    const byPolicy = new Map<string, string[]>(policyIds.map((id) => [id, []]));
    if (!policyIds.length) return byPolicy;
    const rows = await this.db.rows<{ id: string; policy: string }>(
      `SELECT id::text AS id, escalation_policy_id::text AS policy FROM monitors
        WHERE escalation_policy_id = ANY($1::bigint[]) AND deleted_at IS NULL ORDER BY id`,
      [policyIds],
    );
    for (const r of rows) byPolicy.get(r.policy)?.push(r.id);
    return byPolicy;
  }

  /**
   * The given ids that are live monitors of the workspace, share-locked until the transaction ends so
   * a concurrent monitor deletion cannot slip between this check and new links to them.
   */
  async lockLiveIds(workspaceId: string, ids: string[]): Promise<Set<string>> {
    const candidates = ids.filter((id) => isEntityId(id));
    if (!candidates.length) return new Set();
    const rows = await this.db
      .repo(MonitorEntity)
      .createQueryBuilder('m')
      .select('m.id', 'id')
      .setLock('pessimistic_read')
      .where('m.workspace_id = :workspaceId AND m.deleted_at IS NULL AND m.id IN (:...ids)', {
        workspaceId,
        ids: candidates,
      })
      .getRawMany<{ id: string }>();
    return new Set(rows.map((r) => String(r.id)));
  }

  countLive(workspaceId: string): Promise<number> {
    return this.db.repo(MonitorEntity).countBy({ workspaceId, deletedAt: IsNull() });
  }

  /**
   * What the dashboard's overview shows of every live monitor of a workspace, newest first: a few
   * columns read without building entities (a thousand monitors in a few milliseconds).
   */
  async overviewRows(workspaceId: string): Promise<MonitorOverviewRow[]> {
    const rows = await this.db.rows<{
      id: string;
      name: string;
      kind: MonitorKind;
      target: string | null;
      periodicity: Periodicity;
      regions: Region[];
      tags: string[];
      active: boolean;
      public: boolean;
      status: MonitorStatus;
      private_location_ids: string[];
      heartbeat: HeartbeatConfig | null;
    }>(
      // The private locations come with the rows: one query, not a second one naming a thousand ids.
      `SELECT m.id::text AS id, m.name, m.kind, COALESCE(m.url, m.uri) AS target, m.heartbeat, m.periodicity, m.regions, m.tags,
              m.active, m.public, m.status,
              ARRAY(SELECT l.private_location_id::text FROM private_location_monitors l
                     WHERE l.monitor_id = m.id ORDER BY l.private_location_id) AS private_location_ids
         FROM monitors m WHERE m.workspace_id = $1 AND m.deleted_at IS NULL ORDER BY m.id DESC`,
      [workspaceId],
    );
    return rows.map(({ private_location_ids: privateLocationIds, heartbeat, ...r }) => ({
      ...r,
      target: r.target ?? (heartbeat ? expectedSchedule(heartbeat) : ''),
      privateLocationIds,
    }));
  }

  /** Newest first. */
  listLive(workspaceId: string, limit: number, offset: number): Promise<MonitorEntity[]> {
    return this.db.repo(MonitorEntity).find({
      where: { workspaceId, deletedAt: IsNull() },
      order: { id: 'DESC' },
      take: limit,
      skip: offset,
    });
  }

  async privateLocationIds(monitorIds: string[]): Promise<Map<string, string[]>> {
    const byMonitor = new Map<string, string[]>(monitorIds.map((id) => [id, []]));
    if (!monitorIds.length) return byMonitor;
    // One array parameter rather than a parameter per id: a page of a thousand monitors asks at once.
    const links = await this.db.rows<{ monitor_id: string; private_location_id: string }>(
      `SELECT monitor_id::text AS monitor_id, private_location_id::text AS private_location_id
         FROM private_location_monitors WHERE monitor_id = ANY($1::bigint[]) ORDER BY private_location_id`,
      [monitorIds],
    );
    for (const link of links) byMonitor.get(link.monitor_id)?.push(link.private_location_id);
    return byMonitor;
  }

  /** What refers to a monitor: the components that show it, the channels and private locations it is linked to. */
  async dependentsOf(monitorId: string): Promise<MonitorDependents> {
    const [components, channels, privateLocations] = await Promise.all([
      this.db.rows<{ id: string; name: string; page_id: string; page_title: string }>(
        `SELECT c.id::text AS id, COALESCE(NULLIF(c.name, ''), m.name) AS name, p.id::text AS page_id, p.title AS page_title
           FROM page_components c JOIN status_pages p ON p.id = c.page_id JOIN monitors m ON m.id = c.monitor_id
          WHERE c.monitor_id = $1 ORDER BY p.title, c.id`,
        [monitorId],
      ),
      this.db.rows<{ id: string; name: string }>(
        `SELECT n.id::text AS id, COALESCE(NULLIF(n.name, ''), n.provider_type) AS name
           FROM notification_channel_monitors l JOIN notification_channels n ON n.id = l.channel_id
          WHERE l.monitor_id = $1 ORDER BY n.id`,
        [monitorId],
      ),
      this.db.rows<{ id: string; name: string }>(
        `SELECT p.id::text AS id, p.name FROM private_location_monitors l
           JOIN private_locations p ON p.id = l.private_location_id WHERE l.monitor_id = $1 ORDER BY p.id`,
        [monitorId],
      ),
    ]);
    return {
      components: components.map((c) => ({ id: c.id, name: c.name, pageId: c.page_id, pageTitle: c.page_title })),
      channels,
      privateLocations,
    };
  }

  /** Marks the monitor deleted; the resources linking to it drop their links (MonitorDeletion). */
  async markDeleted(monitor: MonitorEntity, at: Date): Promise<void> {
    await this.db.transaction(async () => {
      // A deleted heartbeat's ping URL dies with it (404 like any unknown token), and its token may be
      // brought to a new monitor.
      await this.db
        .repo(MonitorEntity)
        .update({ id: monitor.id }, { deletedAt: at, active: false, pingTokenHash: null });
      // Its dependents depend on it no more: a deleted monitor is never down.
      await this.db.rows(
        `UPDATE monitors SET parent_monitor_ids = array_remove(parent_monitor_ids, $1::bigint), updated_at = now()
          WHERE workspace_id = $2 AND parent_monitor_ids @> ARRAY[$1::bigint]`,
        [monitor.id, monitor.workspaceId],
      );
      await this.deletion.run(monitor.id);
    });
  }
}
