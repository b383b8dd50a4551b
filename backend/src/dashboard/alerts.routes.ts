// The dashboard's alert history (issue 29): the workspace's alerts (or one monitor's), one alert with
// its history and, for writers, the "Acknowledge" button. Every rule is AlertsService's: the list's
// bounds, the workspace check, who may acknowledge. Registered by DashboardRoutes inside its plugin.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AlertsService } from '../alerts/alerts.service';
import { MonitorsService } from '../monitors/monitors.service';
import { DashboardRequests, query, type InWorkspace } from './dashboard-requests';
import { alertPage, alertPath, alertsPage, ALERTS_PER_PAGE } from './pages/alerts.page';
import { submitForm } from './submit-form';

@Injectable()
export class AlertsRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(AlertsService) private readonly alerts: AlertsService,
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
  ) {}

  register(app: FastifyInstance): void {
    app.get('/app/w/:slug/alerts', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const q = query(request);
        // One more than shown: whether an older page exists.
        const listed = await this.alerts.list(w.ctx, {
          monitorId: q.monitorId ?? '',
          beforeId: q.beforeId ?? '',
          limit: ALERTS_PER_PAGE + 1,
        });
        const shown = listed.slice(0, ALERTS_PER_PAGE);
        const monitor = q.monitorId ? await this.monitors.get(w.ctx, q.monitorId) : undefined;
        return this.requests.page(
          reply,
          200,
          alertsPage(this.frame(w), {
            alerts: shown,
            monitor: monitor && { id: monitor.id, name: monitor.name },
            beforeId: q.beforeId || undefined,
            olderBeforeId: listed.length > ALERTS_PER_PAGE ? shown[shown.length - 1].id : null,
          }),
        );
      }),
    );
    app.get('/app/w/:slug/alerts/:id', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        return this.detail(reply, w, this.id(request), 200, { done: query(request).done === 'acknowledged' });
      }),
    );
    app.post('/app/w/:slug/alerts/:id/acknowledge', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        return submitForm(reply, {
          call: () => this.alerts.acknowledge(w.ctx, id),
          // The notice says what the verb's answer says: a resolved alert stays resolved.
          done: (alert) => `${alertPath(w.ctx.workspace.slug, alert.id)}?done=${alert.state}`,
          refused: (r) => this.detail(reply, w, id, r.status, { message: r.error.message }),
        });
      }),
    );
  }

  private id(request: FastifyRequest): string {
    return (request.params as { id: string }).id;
  }

  private frame(w: InWorkspace) {
    return this.requests.frame(w, w.membership, undefined, 'alerts');
  }

  private async detail(
    reply: FastifyReply,
    w: InWorkspace,
    id: string,
    status: number,
    note: { done?: boolean; message?: string },
  ): Promise<FastifyReply> {
    const { alert, events } = await this.alerts.get(w.ctx, id);
    return this.requests.page(
      reply,
      status,
      alertPage(this.frame(w), { alert, events, canWrite: w.ctx.scope === 'write', ...note }),
    );
  }
}
