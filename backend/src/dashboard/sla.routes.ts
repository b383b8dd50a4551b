// The SLA report pages of a monitor and of a status page, and their CSV export. The form is a GET
// form read as SlaService.report's input; the verb validates it and its refusals show beside the
// fields. Registered by DashboardRoutes inside its plugin.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MonitorsService } from '../monitors/monitors.service';
import type { SlaQuery, SlaScope } from '../sla/sla.schemas';
import { SlaService } from '../sla/sla.service';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { workspacePath } from './components';
import { DashboardRequests, query, type InWorkspace } from './dashboard-requests';
import { monitorPath } from './pages/monitor.page';
import { slaPage, type SlaFormState } from './pages/sla.page';
import { statusPagesPath } from './pages/status-pages.page';
import { slaCsv, slaCsvName } from './sla-csv';
import { submitForm } from './submit-form';

const FIELDS = ['period', 'month', 'quarter', 'from', 'to', 'target'] as const;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The form as shown: what was asked, or this month (UTC) when nothing was. */
export function slaFormOf(q: Record<string, string | undefined>, now = new Date()): SlaFormState {
  const period = q.period === 'quarter' || q.period === 'custom' ? q.period : 'month';
  return {
    period,
    month: q.month ?? now.toISOString().slice(0, 7),
    quarter: q.quarter ?? `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`,
    from: q.from ?? '',
    to: q.to ?? '',
    target: q.target ?? '',
  };
}

/** The form read as the verb's input: only the chosen period's fields; a bare date is UTC midnight. */
export function slaQueryOf(scope: SlaScope, id: string, form: SlaFormState): SlaQuery {
  const instant = (v: string) => (DATE_ONLY.test(v) ? `${v}T00:00:00Z` : v || undefined);
  return {
    scope,
    id,
    ...(form.period === 'month' ? { month: form.month } : {}),
    ...(form.period === 'quarter' ? { quarter: form.quarter } : {}),
    ...(form.period === 'custom' ? { from: instant(form.from), to: instant(form.to) } : {}),
    target: form.target.trim() === '' ? undefined : Number(form.target),
  };
}

interface Owner {
  scope: Extract<SlaScope, 'monitor' | 'page'>;
  base: string;
  /** The crumbs to the owner's page, checking it is the workspace's (NOT_FOUND otherwise). */
  crumbs(w: InWorkspace, id: string): Promise<Array<{ href: string; label: string }>>;
}

@Injectable()
export class SlaRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(SlaService) private readonly sla: SlaService,
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
  ) {}

  register(app: FastifyInstance): void {
    const owners: Owner[] = [
      {
        scope: 'monitor',
        base: '/app/w/:slug/monitors/:id',
        crumbs: async (w, id) => {
          const slug = w.ctx.workspace.slug;
          const monitor = await this.monitors.get(w.ctx, id);
          return [
            { href: workspacePath(slug, 'monitors'), label: 'Monitors' },
            { href: monitorPath(slug, monitor.id), label: monitor.name },
          ];
        },
      },
      {
        scope: 'page',
        base: '/app/w/:slug/status-pages/:id',
        crumbs: async (w, id) => {
          const slug = w.ctx.workspace.slug;
          const page = await this.pages.get(w.ctx, id);
          return [
            { href: statusPagesPath(slug), label: 'Status pages' },
            { href: statusPagesPath(slug, page.id), label: page.title },
          ];
        },
      },
    ];
    for (const owner of owners) {
      app.get(`${owner.base}/sla`, (request, reply) => this.page(request, reply, owner));
      app.get(`${owner.base}/sla.csv`, (request, reply) => this.csv(request, reply, owner));
    }
  }

  private page(request: FastifyRequest, reply: FastifyReply, owner: Owner): Promise<FastifyReply> {
    return this.requests.handle(request, reply, async () => {
      const w = await this.requests.requireWorkspace(request, false);
      const id = (request.params as { id: string }).id;
      const crumbs = await owner.crumbs(w, id);
      const form = slaFormOf(query(request));
      const action = `${crumbs[1].href}/sla`;
      const frame = this.requests.frame(
        w,
        w.membership,
        undefined,
        owner.scope === 'monitor' ? 'monitors' : 'status-pages',
      );
      return submitForm(reply, {
        call: () => this.sla.report(w.ctx, slaQueryOf(owner.scope, id, form)),
        done: (report) => this.requests.page(reply, 200, slaPage(frame, { crumbs, action, form, report })),
        onForm: (error) => error.code === 'VALIDATION',
        fields: FIELDS,
        refused: ({ status, errors, message }) =>
          this.requests.page(reply, status, slaPage(frame, { crumbs, action, form, errors, message })),
      });
    });
  }

  private csv(request: FastifyRequest, reply: FastifyReply, owner: Owner): Promise<FastifyReply> {
    return this.requests.handle(request, reply, async () => {
      const w = await this.requests.requireWorkspace(request, false);
      const id = (request.params as { id: string }).id;
      const report = await this.sla.report(w.ctx, slaQueryOf(owner.scope, id, slaFormOf(query(request))));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${slaCsvName(report)}"`)
        .send(slaCsv(report));
    });
  }
}
