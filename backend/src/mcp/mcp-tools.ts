// The 23 MCP tools (SPEC §4.2). Each one maps its input onto a service verb, shared with the RPC API,
// and the verb's result onto its output; no business rule lives here. Tools whose names start with
// list_, get_ or search_ only read; the others mutate and exist only for write credentials.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { AuditService } from '../audit/audit.service';
import { CONTENT_TYPES } from '../content/content.service';
import type { ServiceContext } from '../common/context';
import { NotFoundError } from '../common/errors';
import { MaintenancesService } from '../maintenances/maintenances.service';
import { MonitorsService, TIME_RANGES, type TimeRangeKey } from '../monitors/monitors.service';
import { NotificationsService } from '../notifications/notifications.service';
import { PrivateLocationsService } from '../private-locations/private-locations.service';
import { PageComponentsService } from '../status-pages/page-components.service';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { STATUS_REPORT_STATUSES } from '../status-reports/status-report.entity';
import { paginationOf } from '../status-reports/status-report.schemas';
import { StatusReportsService, type PostedUpdate } from '../status-reports/status-reports.service';
import type { PlanFeature } from '../workspaces/plans';
import { auditEntityId, entityId } from './mcp-inputs';
import * as shapes from './mcp-outputs';
import { CONTENT_INDEX, PAGE_NOTIFIER, type ContentIndex, type PageEvent, type PageNotifier } from './ports';

export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** read: list_/get_/search_ tools; mutation: everything else (write scope only). */
  kind: 'read' | 'mutation';
  /** The tool exists only on plans with this feature. */
  feature?: PlanFeature;
  /** Annotated as destructive (it replaces or removes what was there). */
  destructive?: boolean;
  input: z.ZodObject;
  output: z.ZodObject;
  run(ctx: ServiceContext, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

const id = entityId;
const page = z.number().int().min(1).default(1).describe('1-indexed page, default 1');
const perPage = (max: number, fallback: number) =>
  z.number().int().min(1).max(max).default(fallback).describe(`items per page, 1 to ${max}, default ${fallback}`);
const range = z.enum(['1d', '7d', '14d']).default('1d').describe('time range: 1d (default), 7d or 14d');
const notify = z
  .boolean({ error: 'notify is required: true to notify the page subscribers, false not to' })
  .describe('required: whether to notify the status page subscribers of this update (no default)');
const componentIds = z.array(id('pageComponentIds[]')).max(100).describe('page component ids on the same page');
const statusEnum = z.enum(STATUS_REPORT_STATUSES);
const isoDate = (field: string) =>
  z
    .string({ error: `${field} is required (ISO 8601)` })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: `${field} must be an ISO 8601 date-time` });

const list = (key: string, item: z.ZodType) => z.object({ [key]: z.array(item), pagination: shapes.paginationOut });

/**
 * Listed on every plan (SPEC §1 counts them among the 21), but the service refuses them without the
 * response-logs feature: the description says so, so an assistant can tell the user why a call failed.
 */
const PAID_PLAN_NOTE =
  'Needs a paid plan (the response-logs feature): on the free plan every call is refused with "Upgrade for response logs".';

/** The content types of the docs tools (search_docs, get_doc_page). */
const DOC_TYPES = ['docs', 'guides', 'changelog'] as const;

/** Plain JSON: dates as ISO strings, no undefined, no class instances. */
function plain<T>(value: T): T & Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as T & Record<string, unknown>;
}

/** A page of `perPage` from 1-indexed `page`, as the services' limit/offset. */
const window = (p: number, n: number) => ({ limit: n, offset: (p - 1) * n });

@Injectable()
export class McpTools {
  private readonly logger = new Logger('mcp');
  readonly all: McpTool[];

  constructor(
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(StatusReportsService) private readonly reports: StatusReportsService,
    @Inject(MaintenancesService) private readonly maintenances: MaintenancesService,
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(PrivateLocationsService) private readonly locations: PrivateLocationsService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(PAGE_NOTIFIER) private readonly notifier: PageNotifier,
    @Inject(CONTENT_INDEX) private readonly content: ContentIndex,
  ) {
    // Strict: an unknown argument (`timeRange` for `range`) is refused, never silently ignored.
    this.all = this.define().map((tool) => ({ ...tool, input: tool.input.strict() }));
  }

  /** The tools a credential sees: read tools always, mutations with write scope, audit tools by plan. */
  available(ctx: ServiceContext, hasFeature: (feature: PlanFeature) => boolean): McpTool[] {
    return this.all.filter(
      (t) => (t.kind === 'read' || ctx.scope === 'write') && (!t.feature || hasFeature(t.feature)),
    );
  }

  /**
   * Publishing tools persist first, then dispatch (SPEC §4.2 rules 3-5): a failed dispatch leaves the
   * record and answers notified: false.
   */
  private async dispatch(ctx: ServiceContext, wanted: boolean, event: () => Promise<PageEvent>): Promise<boolean> {
    if (!wanted) return false;
    try {
      await this.notifier.notify(ctx, await event());
      return true;
    } catch (error) {
      this.logger.warn(`subscriber notification failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private async componentNames(ctx: ServiceContext, pageId: string, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const all = await this.components.listComponents(ctx, pageId);
    return all.filter((c) => ids.includes(c.id)).map((c) => c.name);
  }

  private reportEvent(ctx: ServiceContext, kind: PageEvent['kind'], posted: PostedUpdate) {
    return async (): Promise<PageEvent> => ({
      kind: kind as 'status_report.created',
      pageId: posted.report.pageId,
      title: posted.report.title,
      status: posted.update.status,
      message: posted.update.message,
      componentNames: await this.componentNames(ctx, posted.report.pageId, posted.report.pageComponentIds),
      at: new Date(posted.update.date),
    });
  }

  private define(): McpTool[] {
    const reportOut = z.object({ statusReport: shapes.statusReportOut, notified: z.boolean() });
    return [
      {
        name: 'list_status_pages',
        title: 'List status pages',
        description: 'All status pages of the workspace with their id, slug and title (not paginated).',
        kind: 'read',
        input: z.object({}),
        output: z.object({ statusPages: z.array(shapes.statusPageOut) }),
        run: async (ctx) => {
          const out: unknown[] = [];
          for (let offset = 0; ; offset += 100) {
            const { pages, totalSize } = await this.pages.list(ctx, { limit: 100, offset });
            out.push(
              ...pages.map((p) => ({
                id: p.id,
                slug: p.slug,
                title: p.title,
                description: p.description,
                published: p.published,
                customDomain: p.customDomain,
              })),
            );
            if (offset + 100 >= totalSize || !pages.length) break;
          }
          return { statusPages: plain(out) };
        },
      },
      {
        name: 'list_page_components',
        title: 'List page components',
        description: 'Components of one status page: id, name, type (monitor or static) and the linked monitor.',
        kind: 'read',
        input: z.object({ pageId: id('pageId') }),
        output: z.object({ components: z.array(shapes.componentOut) }),
        run: async (ctx, a) => {
          const components = await this.components.listComponents(ctx, a.pageId as string);
          return {
            components: plain(
              components.map((c) => ({
                id: c.id,
                name: c.name,
                type: c.type,
                monitorId: c.monitorId,
                description: c.description,
                groupId: c.groupId,
                order: c.order,
              })),
            ),
          };
        },
      },
      {
        name: 'list_status_reports',
        title: 'List status reports',
        description: 'Status reports, newest first. filter: active (default, unresolved only) or all.',
        kind: 'read',
        input: z.object({
          filter: z.enum(['active', 'all']).default('active'),
          page,
          perPage: perPage(200, 50),
        }),
        output: list('statusReports', shapes.statusReportOut),
        run: async (ctx, a) =>
          plain(
            await this.reports.list(ctx, {
              filter: a.filter as 'active',
              page: a.page as number,
              perPage: a.perPage as number,
            }),
          ),
      },
      {
        name: 'create_status_report',
        title: 'Create a status report',
        description:
          'Opens a status report on a page with its first public update. notify is required: true e-mails the page subscribers.',
        kind: 'mutation',
        input: z.object({
          pageId: id('pageId'),
          title: z.string({ error: 'title is required' }),
          status: statusEnum.default('investigating'),
          message: z.string({ error: 'message is required' }),
          pageComponentIds: componentIds.optional(),
          notify,
        }),
        output: reportOut,
        run: async (ctx, a) => {
          const posted = await this.reports.create(ctx, {
            pageId: a.pageId as string,
            title: a.title as string,
            status: a.status as 'investigating',
            message: a.message as string,
            pageComponentIds: a.pageComponentIds as string[] | undefined,
          });
          const notified = await this.dispatch(
            ctx,
            a.notify as boolean,
            this.reportEvent(ctx, 'status_report.created', posted),
          );
          return { statusReport: plain(posted.report), notified };
        },
      },
      {
        name: 'add_status_report_update',
        title: 'Add a status report update',
        description: 'Posts a public update (status and message) on a report. notify is required.',
        kind: 'mutation',
        input: z.object({
          statusReportId: id('statusReportId'),
          status: statusEnum,
          message: z.string({ error: 'message is required' }),
          notify,
        }),
        output: reportOut,
        run: async (ctx, a) => {
          const posted = await this.reports.addUpdate(ctx, a.statusReportId as string, {
            status: a.status as 'investigating',
            message: a.message as string,
          });
          const kind = posted.update.status === 'resolved' ? 'status_report.resolved' : 'status_report.updated';
          const notified = await this.dispatch(ctx, a.notify as boolean, this.reportEvent(ctx, kind, posted));
          return { statusReport: plain(posted.report), notified };
        },
      },
      {
        name: 'update_status_report',
        title: 'Update a status report',
        description:
          'Changes the title, status or affected components of a report without posting a public update; nobody is notified.',
        kind: 'mutation',
        destructive: true,
        input: z.object({
          statusReportId: id('statusReportId'),
          title: z.string().optional(),
          status: statusEnum.optional(),
          pageComponentIds: componentIds.optional(),
        }),
        output: z.object({ statusReport: shapes.statusReportOut }),
        run: async (ctx, a) => {
          const patch = {
            title: a.title as string | undefined,
            status: a.status as 'investigating' | undefined,
            pageComponentIds: a.pageComponentIds as string[] | undefined,
          };
          return { statusReport: plain(await this.reports.update(ctx, a.statusReportId as string, patch)) };
        },
      },
      {
        name: 'resolve_status_report',
        title: 'Resolve a status report',
        description: 'Posts the final, resolved update of a report. notify is required.',
        kind: 'mutation',
        input: z.object({
          statusReportId: id('statusReportId'),
          message: z.string({ error: 'message is required' }),
          notify,
        }),
        output: reportOut,
        run: async (ctx, a) => {
          const posted = await this.reports.resolve(ctx, a.statusReportId as string, a.message as string);
          const notified = await this.dispatch(
            ctx,
            a.notify as boolean,
            this.reportEvent(ctx, 'status_report.resolved', posted),
          );
          return { statusReport: plain(posted.report), notified };
        },
      },
      {
        name: 'list_maintenances',
        title: 'List maintenances',
        description: 'Scheduled maintenances, newest first.',
        kind: 'read',
        input: z.object({ page, perPage: perPage(200, 50) }),
        output: list('maintenances', shapes.maintenanceOut),
        run: async (ctx, a) =>
          plain(await this.maintenances.list(ctx, { page: a.page as number, perPage: a.perPage as number })),
      },
      {
        name: 'create_maintenance',
        title: 'Create a maintenance',
        description:
          'Schedules a maintenance window on a page from `from` to `to` (ISO 8601). notify is required: true e-mails the page subscribers.',
        kind: 'mutation',
        input: z.object({
          pageId: id('pageId'),
          title: z.string({ error: 'title is required' }),
          message: z.string().default(''),
          from: isoDate('from'),
          to: isoDate('to'),
          pageComponentIds: componentIds.optional(),
          notify,
        }),
        output: z.object({ maintenance: shapes.maintenanceOut, notified: z.boolean() }),
        run: async (ctx, a) => {
          const maintenance = await this.maintenances.create(ctx, {
            pageId: a.pageId as string,
            title: a.title as string,
            message: a.message as string,
            from: new Date(a.from as string),
            to: new Date(a.to as string),
            pageComponentIds: a.pageComponentIds as string[] | undefined,
          });
          const notified = await this.dispatch(ctx, a.notify as boolean, async () => ({
            kind: 'maintenance.scheduled',
            pageId: maintenance.pageId,
            title: maintenance.title,
            message: maintenance.message,
            from: new Date(maintenance.from),
            to: new Date(maintenance.to),
            componentNames: await this.componentNames(ctx, maintenance.pageId, maintenance.pageComponentIds),
          }));
          return { maintenance: plain(maintenance), notified };
        },
      },
      {
        name: 'list_monitors',
        title: 'List monitors',
        description:
          'Monitors, newest first, with activeIncidentCount (unresolved status reports on components showing them). Use it to find a monitorId.',
        kind: 'read',
        input: z.object({ page, perPage: perPage(50, 50) }),
        output: list('monitors', shapes.monitorListItemOut),
        run: async (ctx, a) => {
          const p = a.page as number;
          const n = a.perPage as number;
          const { monitors, totalSize } = await this.monitors.list(ctx, window(p, n));
          const incidents = await this.reports.activeIncidentCounts(
            ctx,
            monitors.map((m) => m.id),
          );
          return {
            monitors: plain(
              monitors.map((m) => ({
                id: m.id,
                kind: m.kind,
                name: m.name,
                url: m.url ?? m.uri,
                periodicity: m.periodicity,
                regions: m.regions,
                active: m.active,
                public: m.public,
                activeIncidentCount: incidents.get(m.id) ?? 0,
              })),
            ),
            pagination: paginationOf(p, n, totalSize),
          };
        },
      },
      {
        name: 'get_monitor',
        title: 'Get a monitor',
        description: 'The full configuration of one monitor (no latency or status: see get_monitor_status).',
        kind: 'read',
        input: z.object({ monitorId: id('monitorId') }),
        output: z.object({ monitor: shapes.monitorOut }),
        run: async (ctx, a) => {
          const { status: _status, ...config } = await this.monitors.get(ctx, a.monitorId as string);
          return { monitor: plain(config) };
        },
      },
      {
        name: 'get_monitor_status',
        title: 'Get monitor status',
        description: 'Per-region health of one monitor: active, degraded, error or unknown.',
        kind: 'read',
        input: z.object({ monitorId: id('monitorId') }),
        output: shapes.monitorStatusOut,
        run: async (ctx, a) => plain(await this.monitors.status(ctx, a.monitorId as string)),
      },
      {
        name: 'get_monitor_summary',
        title: 'Get monitor summary',
        description: 'Counts by outcome and latency p50 to p99 over 1d (default), 7d or 14d, with lastPingAt.',
        kind: 'read',
        input: z.object({ monitorId: id('monitorId'), range }),
        output: shapes.monitorSummaryOut,
        run: async (ctx, a) => plain(await this.monitors.summary(ctx, a.monitorId as string, a.range as TimeRangeKey)),
      },
      {
        name: 'list_response_logs',
        title: 'List response logs',
        description: `HTTP monitors only: recent checks per region with request status, status code and latency, newest first. ${PAID_PLAN_NOTE}`,
        kind: 'read',
        input: z.object({
          monitorId: id('monitorId'),
          range,
          limit: z.number().int().min(1).max(100).default(25).describe('1 to 100, default 25'),
          offset: z.number().int().min(0).default(0),
        }),
        output: z.object({
          logs: z.array(shapes.responseLogItemOut),
          hasMore: z.boolean(),
          nextOffset: z.number().int(),
        }),
        run: async (ctx, a) => {
          const days = TIME_RANGES[a.range as TimeRangeKey];
          const result = await this.monitors.listResponseLogs(ctx, a.monitorId as string, {
            fromTimestamp: Date.now() - days * 86_400_000,
            limit: a.limit as number,
            offset: a.offset as number,
          });
          return plain({
            logs: result.logs.map((l) => ({
              id: l.id,
              region: l.region,
              status: l.status,
              statusCode: l.statusCode,
              latency: l.latency,
              trigger: l.trigger,
              cronTimestamp: l.cronTimestamp,
              error: l.error?.message ?? null,
            })),
            hasMore: result.hasMore,
            nextOffset: result.nextOffset,
          });
        },
      },
      {
        name: 'get_response_log',
        title: 'Get a response log',
        description: `One check of an HTTP monitor: url, timing breakdown (dns, connect, tls, ttfb, transfer), redacted response headers, error and assertion results. ${PAID_PLAN_NOTE}`,
        kind: 'read',
        input: z.object({ monitorId: id('monitorId'), logId: id('logId') }),
        output: z.object({ log: shapes.responseLogOut }),
        run: async (ctx, a) => ({
          log: plain(await this.monitors.getResponseLog(ctx, a.monitorId as string, a.logId as string)),
        }),
      },
      {
        name: 'list_notifications',
        title: 'List notification channels',
        description: 'Notification channels and the monitors wired to each; credentials are never shown.',
        kind: 'read',
        input: z.object({ page, perPage: perPage(200, 50) }),
        output: list('notifications', shapes.notificationOut),
        run: async (ctx, a) => {
          const p = a.page as number;
          const n = a.perPage as number;
          // The service pages by at most 100 (the RPC bound); MCP pages by up to 200 (SPEC §8).
          const { limit, offset } = window(p, n);
          const first = await this.notifications.list(ctx, { limit: Math.min(limit, 100), offset });
          const notifications = [...first.notifications];
          if (limit > 100 && first.notifications.length === 100) {
            const rest = await this.notifications.list(ctx, { limit: limit - 100, offset: offset + 100 });
            notifications.push(...rest.notifications);
          }
          return { notifications: plain(notifications), pagination: paginationOf(p, n, first.totalSize) };
        },
      },
      {
        name: 'list_private_locations',
        title: 'List private locations',
        description:
          'Private locations with name, status (active, error, unknown), metadata and lastSeenAt; agent tokens are never shown.',
        kind: 'read',
        input: z.object({ page, perPage: perPage(100, 50) }),
        output: list('privateLocations', shapes.privateLocationOut),
        run: async (ctx, a) => {
          const p = a.page as number;
          const n = a.perPage as number;
          const { privateLocations, totalSize } = await this.locations.list(ctx, window(p, n));
          return {
            privateLocations: plain(privateLocations.map(({ token: _token, ...rest }) => rest)),
            pagination: paginationOf(p, n, totalSize),
          };
        },
      },
      {
        name: 'list_audit_logs',
        title: 'List audit log entries',
        description: 'Audit log of the last 14 days, newest first; optionally one entity (entityType with entityId).',
        kind: 'read',
        feature: 'audit-log',
        input: z.object({
          page,
          perPage: perPage(50, 50),
          entityType: z.string().optional(),
          entityId: auditEntityId().optional(),
        }),
        output: list('entries', shapes.auditEntryOut),
        run: async (ctx, a) =>
          plain(
            await this.audit.list(ctx, {
              page: a.page as number,
              perPage: a.perPage as number,
              entityType: a.entityType as string | undefined,
              entityId: a.entityId as string | undefined,
            }),
          ),
      },
      {
        name: 'get_audit_log',
        title: 'Get an audit log entry',
        description: 'One audit log entry with its before and after snapshots and changedFields.',
        kind: 'read',
        feature: 'audit-log',
        input: z.object({ auditLogId: id('auditLogId') }),
        output: z.object({ entry: shapes.auditEntryOut }),
        run: async (ctx, a) => ({ entry: plain(await this.audit.get(ctx, a.auditLogId as string)) }),
      },
      {
        name: 'search_docs',
        title: 'Search the documentation',
        description: 'Full-text search of the docs (default), guides or changelog: title, snippet, url and path.',
        kind: 'read',
        input: z.object({
          query: z.string().min(1).max(200),
          type: z.enum(['docs', 'guides', 'changelog']).default('docs'),
        }),
        output: z.object({ results: z.array(shapes.searchHitOut) }),
        run: async (_ctx, a) => ({
          results: this.content
            .search(a.query as string, [a.type as (typeof DOC_TYPES)[number]], 10)
            .map(({ title, snippet, url, path }) => ({ title, snippet, url, path })),
        }),
      },
      {
        name: 'get_doc_page',
        title: 'Get a documentation page',
        description: 'The full markdown of a docs, guides or changelog page, by path.',
        kind: 'read',
        input: z.object({ path: z.string().min(1).max(300) }),
        output: shapes.contentPageOut,
        run: async (_ctx, a) => this.docPage(a.path as string, DOC_TYPES),
      },
      {
        name: 'search_content',
        title: 'Search the public site',
        description:
          'Full-text search of every public page: product, pricing, blog, comparisons, use-cases, customer-stories, tooling, docs, guides, changelog (type default all).',
        kind: 'read',
        input: z.object({
          query: z.string().min(1).max(200),
          type: z.enum(['all', ...CONTENT_TYPES]).default('all'),
        }),
        output: z.object({ results: z.array(shapes.searchHitOut) }),
        run: async (_ctx, a) => ({
          results: this.content
            .search(
              a.query as string,
              a.type === 'all' ? CONTENT_TYPES : [a.type as (typeof CONTENT_TYPES)[number]],
              10,
            )
            .map(({ title, type, snippet, url, path }) => ({ title, type, snippet, url, path })),
        }),
      },
      {
        name: 'get_content_page',
        title: 'Get a public page',
        description: 'The full markdown of any public page, by path.',
        kind: 'read',
        input: z.object({ path: z.string().min(1).max(300) }),
        output: shapes.contentPageOut,
        run: async (_ctx, a) => this.docPage(a.path as string, CONTENT_TYPES),
      },
    ];
  }

  private docPage(path: string, types: readonly string[]): Record<string, unknown> {
    const p = this.content.getPage(path);
    if (!types.includes(p.type)) throw new NotFoundError(`no ${types.join(', ')} page at ${JSON.stringify(path)}`);
    return { title: p.title, type: p.type, path: p.path, url: p.url, markdown: p.markdown };
  }
}
