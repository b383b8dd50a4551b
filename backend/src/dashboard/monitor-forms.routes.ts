// The dashboard's forms that change monitors: create one of any kind, edit it, delete it after a
// confirmation naming what goes with it, rotate a heartbeat's ping URL after a confirmation. Each
// route reads the form, calls the monitors verb and either redirects (303) to the monitor or renders
// the form again with the verb's messages. A heartbeat's ping URL is on the answer to its create or
// rotation only (no redirect: a reload must not show it, and no later page can).
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AgentPresenceService } from '../agent-presence/agent-presence.service';
import { type DomainError, NotFoundError, ValidationError } from '../common/errors';
import { MONITOR_KINDS, type MonitorKind } from '../checks/check-config';
import type { MonitorView } from '../monitors/monitor.view';
import { MonitorsService } from '../monitors/monitors.service';
import { MonitorsOverviewService } from '../monitors/monitors-overview.service';
import { EscalationPoliciesService } from '../escalation-policies/escalation-policies.service';
import { dashboardErrorOf } from './dashboard-errors';
import { workspacePath } from './components';
import { DashboardRequests, formOf, query, type InWorkspace } from './dashboard-requests';
import {
  fieldOfIssue,
  type MonitorFormField,
  monitorFormValues,
  type MonitorFormValues,
  newMonitorFormValues,
  parseMonitorForm,
} from './monitor-form';
import { pingUrlPage, rotatePingPage } from './pages/heartbeat.page';
import { monitorPath } from './pages/monitor.page';
import { deleteMonitorPage, monitorFormPage } from './pages/monitor-form.page';
import { submitForm } from './submit-form';

type FieldErrors = Partial<Record<MonitorFormField, string>>;

/**
 * The refusals shown on the form: the usual ones, and a reference of the alerting policy that is not
 * the workspace's (NOT_FOUND naming `alerting.…`: a parent or policy deleted since the form was drawn),
 * which belongs beside its field rather than on an error page.
 */
const onMonitorForm = (error: DomainError): boolean =>
  dashboardErrorOf(error.code).onForm || (error.code === 'NOT_FOUND' && error.message.startsWith('alerting.'));

function kindOf(value: string | undefined): MonitorKind {
  if (value === undefined || value === '') return 'http';
  if (!(MONITOR_KINDS as readonly string[]).includes(value)) {
    throw ValidationError.field('kind', `must be one of ${MONITOR_KINDS.join(', ')}`);
  }
  return value as MonitorKind;
}

@Injectable()
export class MonitorFormsRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(AgentPresenceService) private readonly presence: AgentPresenceService,
    @Inject(MonitorsOverviewService) private readonly overview: MonitorsOverviewService,
    @Inject(EscalationPoliciesService) private readonly escalationPolicies: EscalationPoliciesService,
  ) {}

  register(app: FastifyInstance): void {
    app.get('/app/w/:slug/monitors/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const kind = kindOf(query(request).kind);
        return this.form(reply, w, 200, kind, undefined, newMonitorFormValues(), {});
      }),
    );
    app.post('/app/w/:slug/monitors/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const kind = kindOf(query(request).kind);
        const form = formOf(request);
        return submitForm(reply, {
          parse: () => {
            const parsed = parseMonitorForm(kind, form);
            // A heartbeat may keep the token of an existing cron line (a Healthchecks.io UUID).
            const pingToken = kind === 'heartbeat' ? (form.pingToken ?? '').trim() || undefined : undefined;
            return { input: { monitor: parsed.input, pingToken }, errors: parsed.errors };
          },
          call: ({ monitor, pingToken }) => this.monitors.create(w.ctx, kind, monitor, { pingToken }),
          done: (created) =>
            created.pingUrl
              ? this.requests.page(
                  reply,
                  201,
                  pingUrlPage(this.frame(w), { monitor: created, pingUrl: created.pingUrl, created: true }),
                )
              : `${monitorPath(w.ctx.workspace.slug, created.id)}?created=1`,
          fields: fieldOfIssue,
          onForm: onMonitorForm,
          refused: (r) => this.form(reply, w, r.status, kind, undefined, form, r.errors, r.message),
        });
      }),
    );
    app.get('/app/w/:slug/monitors/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const monitor = await this.monitors.get(w.ctx, (request.params as { id: string }).id);
        return this.form(reply, w, 200, monitor.kind, monitor, monitorFormValues(monitor), {});
      }),
    );
    app.post('/app/w/:slug/monitors/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const monitor = await this.monitors.get(w.ctx, (request.params as { id: string }).id);
        const form = formOf(request);
        return submitForm(reply, {
          parse: () => parseMonitorForm(monitor.kind, form),
          call: (input) => this.monitors.update(w.ctx, monitor.kind, monitor.id, input),
          done: () => `${monitorPath(w.ctx.workspace.slug, monitor.id)}?saved=1`,
          fields: fieldOfIssue,
          onForm: onMonitorForm,
          refused: (r) => this.form(reply, w, r.status, monitor.kind, monitor, form, r.errors, r.message),
        });
      }),
    );
    app.get('/app/w/:slug/monitors/:id/rotate-ping', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const monitor = await this.monitors.get(w.ctx, (request.params as { id: string }).id);
        if (monitor.kind !== 'heartbeat') throw NotFoundError.of('heartbeat monitor', monitor.id);
        return this.requests.page(reply, 200, rotatePingPage(this.frame(w), monitor));
      }),
    );
    app.post('/app/w/:slug/monitors/:id/rotate-ping', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const rotated = await this.monitors.rotatePingToken(w.ctx, (request.params as { id: string }).id);
        return this.requests.page(
          reply,
          200,
          pingUrlPage(this.frame(w), { monitor: rotated, pingUrl: rotated.pingUrl ?? '', created: false }),
        );
      }),
    );
    app.get('/app/w/:slug/monitors/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const id = (request.params as { id: string }).id;
        const monitor = await this.monitors.get(w.ctx, id);
        const dependents = await this.monitors.dependents(w.ctx, id);
        return this.requests.page(reply, 200, deleteMonitorPage(this.frame(w), monitor, dependents));
      }),
    );
    app.post('/app/w/:slug/monitors/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = (request.params as { id: string }).id;
        await this.monitors.delete(w.ctx, id);
        return reply.redirect(`${workspacePath(w.ctx.workspace.slug, 'monitors')}?deleted=1`, 303);
      }),
    );
  }

  private frame(w: InWorkspace) {
    return this.requests.frame(w, w.membership, undefined, 'monitors');
  }

  private async form(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    kind: MonitorKind,
    monitor: MonitorView | undefined,
    values: MonitorFormValues,
    errors: FieldErrors,
    message?: string,
  ): Promise<FastifyReply> {
    // Beside each region, the agent that serves it, so a choice of "fly-sin" says where it really runs.
    const [regionAgents, policies, names] = await Promise.all([
      this.presence.regions(w.ctx),
      this.escalationPolicies.list(w.ctx),
      this.overview.names(w.ctx),
    ]);
    const alertingChoices = {
      policies: policies.map((p) => ({ id: p.id, name: p.name })),
      monitors: [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    };
    return this.requests.page(
      reply,
      status,
      monitorFormPage(this.frame(w), { kind, monitor, values, errors, message, regionAgents, alertingChoices }),
    );
  }
}
