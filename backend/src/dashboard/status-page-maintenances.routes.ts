// The maintenance windows of a status page in the dashboard: schedule one (with or without mailing
// the subscribers), edit it, delete it after a confirmation. Times are typed and shown in UTC.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MaintenanceView } from '../maintenances/maintenance.view';
import { MaintenancesService, type MaintenanceField } from '../maintenances/maintenances.service';
import { PageComponentsService } from '../status-pages/page-components.service';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { DashboardRequests, formOf, type Form, type InWorkspace } from './dashboard-requests';
import {
  deleteMaintenancePage,
  maintenanceFormPage,
  type MaintenanceFormData,
  utcInputValue,
} from './pages/status-page-maintenances.page';
import { statusPagesPath } from './pages/status-pages.page';
import { pageIdOf, StatusPageDetail } from './status-page-detail';
import { checkedIds, outcomeQuery } from './status-page-outcomes';
import { type Refusal, submitForm } from './submit-form';

const MAINTENANCE_FIELDS: MaintenanceField[] = ['title', 'message', 'from', 'to', 'pageComponentIds'];

type MaintenanceState = Pick<MaintenanceFormData, 'values' | 'errors' | 'message'>;

/** A datetime-local value read as UTC; anything else goes to the verb as an invalid date. */
function utcDate(value: string | undefined): Date | undefined {
  const v = (value ?? '').trim();
  if (v === '') return undefined;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v) ? new Date(`${v}Z`) : new Date(NaN);
}

function maintenanceInputOf(form: Form) {
  return {
    title: form.title ?? '',
    message: form.message ?? '',
    from: utcDate(form.from),
    to: utcDate(form.to),
    pageComponentIds: checkedIds(form, 'component.'),
  };
}

function maintenanceFormValues(m: MaintenanceView): Record<string, string> {
  const values: Record<string, string> = {
    title: m.title,
    message: m.message,
    from: utcInputValue(m.from),
    to: utcInputValue(m.to),
  };
  for (const c of m.pageComponentIds) values[`component.${c}`] = 'on';
  return values;
}

const shownAgain = (form: Form, r: Refusal): MaintenanceState => ({
  values: form,
  errors: r.errors,
  message: r.message,
});

interface MaintenancePath {
  id: string;
  maintenanceId: string;
}

@Injectable()
export class StatusPageMaintenancesRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(MaintenancesService) private readonly maintenances: MaintenancesService,
    @Inject(StatusPageDetail) private readonly detail: StatusPageDetail,
  ) {}

  register(app: FastifyInstance): void {
    this.registerCreate(app);
    this.registerEdit(app);
    this.registerDelete(app);
  }

  private registerCreate(app: FastifyInstance): void {
    app.get('/app/w/:slug/status-pages/:id/maintenances/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        return this.form(reply, w, pageIdOf(request), undefined, 200, { values: { notify: 'on' }, errors: {} });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/maintenances/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = pageIdOf(request);
        const form = formOf(request);
        return submitForm(reply, {
          call: () =>
            this.maintenances.create(w.ctx, { pageId: id, ...maintenanceInputOf(form) }, form.notify === 'on'),
          done: (answer) =>
            `${statusPagesPath(w.ctx.workspace.slug, id)}?${outcomeQuery('maintenance', answer)}#maintenances`,
          fields: MAINTENANCE_FIELDS,
          refused: (r) => this.form(reply, w, id, undefined, r.status, shownAgain(form, r)),
        });
      }),
    );
  }

  private registerEdit(app: FastifyInstance): void {
    app.get('/app/w/:slug/status-pages/:id/maintenances/:maintenanceId/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const { id, maintenanceId } = request.params as MaintenancePath;
        const m = await this.maintenances.get(w.ctx, maintenanceId, id);
        return this.form(reply, w, id, m, 200, { values: maintenanceFormValues(m), errors: {} });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/maintenances/:maintenanceId/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const { id, maintenanceId } = request.params as MaintenancePath;
        const form = formOf(request);
        return submitForm(reply, {
          call: () => this.maintenances.update(w.ctx, maintenanceId, maintenanceInputOf(form), MAINTENANCE_FIELDS, id),
          done: () => `${statusPagesPath(w.ctx.workspace.slug, id)}?done=maintenance-saved#maintenances`,
          fields: MAINTENANCE_FIELDS,
          refused: async (r) => {
            const m = await this.maintenances.get(w.ctx, maintenanceId, id);
            return this.form(reply, w, id, m, r.status, shownAgain(form, r));
          },
        });
      }),
    );
  }

  private registerDelete(app: FastifyInstance): void {
    app.get('/app/w/:slug/status-pages/:id/maintenances/:maintenanceId/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const { id, maintenanceId } = request.params as MaintenancePath;
        const m = await this.maintenances.get(w.ctx, maintenanceId, id);
        const page = await this.pages.get(w.ctx, id);
        return this.requests.page(reply, 200, deleteMaintenancePage(this.detail.frame(w), page, m));
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/maintenances/:maintenanceId/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const { id, maintenanceId } = request.params as MaintenancePath;
        await this.maintenances.delete(w.ctx, maintenanceId, id);
        return reply.redirect(
          `${statusPagesPath(w.ctx.workspace.slug, id)}?done=maintenance-deleted#maintenances`,
          303,
        );
      }),
    );
  }

  private async form(
    reply: FastifyReply,
    w: InWorkspace,
    pageId: string,
    maintenance: MaintenanceView | undefined,
    status: number,
    state: MaintenanceState,
  ): Promise<FastifyReply> {
    const page = await this.pages.get(w.ctx, pageId);
    const [components, monitors] = await Promise.all([
      this.components.listComponents(w.ctx, page.id),
      this.detail.monitorChoices(w),
    ]);
    return this.requests.page(
      reply,
      status,
      maintenanceFormPage(this.detail.frame(w), { page, components, monitors, maintenance, ...state }),
    );
  }
}
