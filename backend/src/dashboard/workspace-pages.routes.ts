// The dashboard's pages about a workspace's monitoring: the overview of monitors and its live
// updates, each monitor's page with "Run check now" and its response logs, and the audit log.
// Registered by DashboardRoutes inside its plugin (form parser, headers, error page).
// Each route reads the request, calls a service verb and renders a page.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AgentPresenceService } from '../agent-presence/agent-presence.service';
import { AuditService } from '../audit/audit.service';
import { isDomainError, ValidationError } from '../common/errors';
import { AlertsService } from '../alerts/alerts.service';
import { EscalationPoliciesService } from '../escalation-policies/escalation-policies.service';
import { HeartbeatsService } from '../heartbeats/heartbeats.service';
import { MonitorInsightsService } from '../monitors/monitor-insights.service';
import { MonitorsOverviewService, type OverviewFilter } from '../monitors/monitors-overview.service';
import { MonitorsService } from '../monitors/monitors.service';
import type { AlertingPolicy } from '../monitors/monitor-alerting';
import { UsersService } from '../users/users.service';
import { workspacePath } from './components';
import { DashboardRequests, query, type InWorkspace } from './dashboard-requests';
import { MONITOR_ALERTS_SHOWN } from './pages/alerts.page';
import { AUDIT_PER_PAGE, auditPage } from './pages/audit.page';
import { PINGS_SHOWN } from './pages/heartbeat.page';
import { logPage, monitorPage, monitorPath, type MonitorPageData } from './pages/monitor.page';
import { monitorsOverviewPage, OVERVIEW_SCRIPT_PATH } from './pages/monitors-overview.page';
import { changesJson, OVERVIEW_SCRIPT } from './pages/overview.script';
import { submitForm } from './submit-form';

@Injectable()
export class WorkspacePagesRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(MonitorsOverviewService) private readonly overview: MonitorsOverviewService,
    @Inject(MonitorInsightsService) private readonly insights: MonitorInsightsService,
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(AgentPresenceService) private readonly presence: AgentPresenceService,
    @Inject(HeartbeatsService) private readonly heartbeats: HeartbeatsService,
    @Inject(EscalationPoliciesService) private readonly escalationPolicies: EscalationPoliciesService,
    @Inject(AlertsService) private readonly alerts: AlertsService,
  ) {}

  register(app: FastifyInstance): void {
    this.registerOverview(app);
    this.registerMonitor(app);
    this.registerAudit(app);
  }

  /** Monitors: the overview and its live updates. */
  private registerOverview(app: FastifyInstance): void {
    app.get(OVERVIEW_SCRIPT_PATH, (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').send(OVERVIEW_SCRIPT),
    );
    app.get('/app/w/:slug', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        return reply.redirect(workspacePath(w.ctx.workspace.slug, 'monitors'), 303);
      }),
    );
    app.get('/app/w/:slug/monitors', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const q = query(request);
        const filter = {
          status: q.status || undefined,
          kind: q.kind || undefined,
          tag: q.tag || undefined,
          q: q.q || undefined,
        };
        const frame = this.requests.frame(w, w.membership, undefined, 'monitors');
        // The filter is a form too: a refused filter shows every monitor with the refusal above.
        return submitForm(reply, {
          call: () => this.overview.overview(w.ctx, filter as OverviewFilter),
          done: (overview) =>
            this.requests.page(
              reply,
              200,
              monitorsOverviewPage(frame, {
                overview,
                filter: filter as OverviewFilter,
                canWrite: w.ctx.scope === 'write',
                deleted: q.deleted === '1',
              }),
            ),
          onForm: (error) => error.code === 'VALIDATION',
          refused: async ({ status, error }) => {
            const overview = await this.overview.overview(w.ctx);
            return this.requests.page(
              reply,
              status,
              monitorsOverviewPage(frame, { overview, filter: {}, error: error.message }),
            );
          },
        });
      }),
    );
    app.get('/app/w/:slug/monitors/changes.json', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const since = new Date(query(request).since ?? '');
        if (Number.isNaN(since.getTime())) throw ValidationError.field('since', 'must be an ISO 8601 date and time');
        const changes = await this.overview.changes(w.ctx, since);
        return reply.header('content-type', 'application/json; charset=utf-8').send(changesJson(changes));
      }),
    );
  }

  /** One monitor's page, "Run check now" and one response log. */
  private registerMonitor(app: FastifyInstance): void {
    app.get('/app/w/:slug/monitors/:id', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const id = (request.params as { id: string }).id;
        const q = query(request);
        return this.renderMonitor(reply, w, id, q, q.triggered === '1');
      }),
    );
    app.post('/app/w/:slug/monitors/:id/trigger', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = (request.params as { id: string }).id;
        return submitForm(reply, {
          call: () => this.monitors.trigger(w.ctx, id),
          done: () => `${monitorPath(w.ctx.workspace.slug, id)}?triggered=1`,
          refused: ({ status, error }) => this.renderMonitor(reply, w, id, {}, false, error.message, status),
        });
      }),
    );
    app.get('/app/w/:slug/monitors/:id/logs/:logId', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const { id, logId } = request.params as { id: string; logId: string };
        const monitor = await this.monitors.get(w.ctx, id);
        const log = await this.monitors.getResponseLog(w.ctx, id, logId);
        return this.requests.page(
          reply,
          200,
          logPage(this.requests.frame(w, w.membership, undefined, 'monitors'), { monitor, log }),
        );
      }),
    );
  }

  /** The audit log. */
  private registerAudit(app: FastifyInstance): void {
    app.get('/app/w/:slug/audit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const q = query(request);
        const page = Math.max(1, Math.floor(Number(q.page ?? 1)) || 1);
        const filter = {
          entityType: q.entityType || undefined,
          entityId: q.entityId || undefined,
          actor: q.actor || undefined,
          page,
        };
        const people = new Map((await this.users.listMembers(w.ctx)).map((m) => [m.userId, m.user?.email ?? m.userId]));
        const frame = this.requests.frame(w, w.membership, undefined, 'audit');
        return submitForm(reply, {
          call: () => this.audit.list(w.ctx, { ...filter, page, perPage: AUDIT_PER_PAGE }),
          done: (listed) =>
            this.requests.page(
              reply,
              200,
              auditPage(frame, { entries: listed.items, total: listed.totalSize, filter, people }),
            ),
          onForm: (error) => ['VALIDATION', 'PRECONDITION_FAILED'].includes(error.code),
          refused: ({ status, error }) =>
            this.requests.page(
              reply,
              status,
              auditPage(frame, { entries: [], total: 0, filter, people, message: error.message }),
            ),
        });
      }),
    );
  }

  /** The names the policy's card shows: the parents' and the escalation policy's (read only when set). */
  private async alertingNames(w: InWorkspace, policy: AlertingPolicy): Promise<MonitorPageData['alerting']> {
    const [names, policies] = await Promise.all([
      policy.parentMonitorIds.length ? this.overview.names(w.ctx) : new Map<string, string>(),
      policy.escalationPolicyId ? this.escalationPolicies.list(w.ctx) : [],
    ]);
    return {
      parents: policy.parentMonitorIds.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
      policyName: policies.find((p) => p.id === policy.escalationPolicyId)?.name ?? null,
    };
  }

  private async renderMonitor(
    reply: FastifyReply,
    w: InWorkspace,
    id: string,
    q: Record<string, string | undefined>,
    triggered: boolean,
    message?: string,
    status = 200,
  ): Promise<FastifyReply> {
    const insights = await this.insights.detail(w.ctx, id, q.range || '1d');
    const logsQuery = { region: q.region || undefined, status: q.status || undefined, offset: Number(q.offset ?? 0) };
    let logs: MonitorPageData['logs'] = null;
    let logsMessage: string | undefined;
    if (insights.monitor.kind === 'http') {
      try {
        const page = await this.monitors.listResponseLogs(w.ctx, id, { ...logsQuery, limit: 25 });
        logs = { rows: page.logs, hasMore: page.hasMore, nextOffset: page.nextOffset, query: logsQuery };
      } catch (error) {
        if (!isDomainError(error) || !['VALIDATION', 'FORBIDDEN'].includes(error.code)) throw error;
        logsMessage =
          error.code === 'FORBIDDEN' ? 'Response logs are part of the plans with response logs.' : error.message;
        if (error.code === 'VALIDATION') {
          const all = await this.monitors.listResponseLogs(w.ctx, id, { limit: 25 });
          logs = { rows: all.logs, hasMore: all.hasMore, nextOffset: all.nextOffset, query: {} };
        }
      }
    }
    // A heartbeat is judged by the server from its pings: no region serves it.
    const heartbeat =
      insights.monitor.kind === 'heartbeat'
        ? {
            state: await this.heartbeats.state(w.ctx, id),
            pings: await this.heartbeats.listPings(w.ctx, id, { limit: PINGS_SHOWN }),
            now: new Date(),
          }
        : undefined;
    return this.requests.page(
      reply,
      status,
      monitorPage(this.requests.frame(w, w.membership, undefined, 'monitors'), {
        insights,
        logs,
        logsMessage,
        heartbeat,
        regionAgents: heartbeat ? undefined : await this.presence.regions(w.ctx),
        alerting: await this.alertingNames(w, insights.monitor.alerting),
        alerts: await this.alerts.list(w.ctx, { monitorId: id, limit: MONITOR_ALERTS_SHOWN }),
        canWrite: w.ctx.scope === 'write',
        triggered,
        changed: q.created === '1' ? 'created' : q.saved === '1' ? 'saved' : undefined,
        message,
      }),
    );
  }
}
