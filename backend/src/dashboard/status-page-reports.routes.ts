// The incidents (status reports) of a status page in the dashboard: open one, read one with its
// updates, post an update, each with or without mailing the subscribers, and publish a draft (one an
// auto-incident opened). The notice after a change says what the verb answered about the mail.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PageComponentsService } from '../status-pages/page-components.service';
import { StatusPagesService } from '../status-pages/status-pages.service';
import type { StatusReportStatus } from '../status-reports/status-report.entity';
import { StatusReportsService } from '../status-reports/status-reports.service';
import { DashboardRequests, formOf, query, type InWorkspace } from './dashboard-requests';
import { reportPage, type ReportFormData } from './pages/status-page-reports.page';
import { statusPagesPath } from './pages/status-pages.page';
import { pageIdOf, StatusPageDetail } from './status-page-detail';
import { checkedIds, outcomeNotice, outcomeQuery } from './status-page-outcomes';
import { submitForm } from './submit-form';

type ReportState = Pick<ReportFormData, 'values' | 'errors' | 'message' | 'done' | 'warning'>;

@Injectable()
export class StatusPageReportsRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(StatusReportsService) private readonly reports: StatusReportsService,
    @Inject(StatusPageDetail) private readonly detail: StatusPageDetail,
  ) {}

  register(app: FastifyInstance): void {
    app.get('/app/w/:slug/status-pages/:id/reports/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        return this.report(reply, w, pageIdOf(request), undefined, 200, { values: { notify: 'on' }, errors: {} });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/reports/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = pageIdOf(request);
        const form = formOf(request);
        const input = {
          pageId: id,
          title: form.title ?? '',
          status: (form.status ?? '') as StatusReportStatus,
          message: form.message ?? '',
          pageComponentIds: checkedIds(form, 'component.'),
        };
        return submitForm(reply, {
          call: () => this.reports.create(w.ctx, input, form.notify === 'on'),
          done: (answer) =>
            `${statusPagesPath(w.ctx.workspace.slug, id)}/reports/${answer.record.report.id}?${outcomeQuery('published', answer)}`,
          fields: ['title', 'status', 'message', 'pageComponentIds'],
          refused: (r) =>
            this.report(reply, w, id, undefined, r.status, { values: form, errors: r.errors, message: r.message }),
        });
      }),
    );
    app.get('/app/w/:slug/status-pages/:id/reports/:reportId', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const { id, reportId } = request.params as { id: string; reportId: string };
        return this.report(reply, w, id, reportId, 200, { values: {}, errors: {}, ...outcomeNotice(query(request)) });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/reports/:reportId/publish', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const { id, reportId } = request.params as { id: string; reportId: string };
        return submitForm(reply, {
          call: () => this.reports.update(w.ctx, reportId, { draft: false }, ['draft'], id),
          done: () => `${statusPagesPath(w.ctx.workspace.slug, id)}/reports/${reportId}?done=draft-published`,
          fields: [],
          refused: (r) => this.report(reply, w, id, reportId, r.status, { values: {}, errors: {}, message: r.message }),
        });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/reports/:reportId/updates', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const { id, reportId } = request.params as { id: string; reportId: string };
        const form = formOf(request);
        const update = { status: (form.status ?? '') as StatusReportStatus, message: form.message ?? '' };
        return submitForm(reply, {
          call: () => this.reports.addUpdate(w.ctx, reportId, update, form.notify === 'on', id),
          done: (answer) => {
            const done = answer.record.update.status === 'resolved' ? 'resolved' : 'updated';
            return `${statusPagesPath(w.ctx.workspace.slug, id)}/reports/${reportId}?${outcomeQuery(done, answer)}`;
          },
          fields: ['status', 'message'],
          refused: (r) =>
            this.report(reply, w, id, reportId, r.status, { values: form, errors: r.errors, message: r.message }),
        });
      }),
    );
  }

  private async report(
    reply: FastifyReply,
    w: InWorkspace,
    pageId: string,
    reportId: string | undefined,
    status: number,
    state: ReportState,
  ): Promise<FastifyReply> {
    const page = await this.pages.get(w.ctx, pageId);
    const report = reportId ? await this.reports.get(w.ctx, reportId, page.id) : undefined;
    const [components, monitors] = await Promise.all([
      this.components.listComponents(w.ctx, page.id),
      this.detail.monitorChoices(w),
    ]);
    return this.requests.page(
      reply,
      status,
      reportPage(this.detail.frame(w), {
        page,
        report,
        components,
        monitors,
        canWrite: w.ctx.scope === 'write',
        values: state.values,
        errors: state.errors,
        message: state.message,
        done: state.done,
        warning: state.warning,
      }),
    );
  }
}
