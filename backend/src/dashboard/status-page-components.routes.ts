// The components of a status page in the dashboard: add one (showing a monitor or nothing automatic),
// place them (by number without JavaScript, dragged with the arrange script) and remove one. Editing
// one component's name and description is component-forms.routes.ts.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { PageComponentsService, type ComponentPlacement } from '../status-pages/page-components.service';
import { DashboardRequests, formOf, type Form, type InWorkspace } from './dashboard-requests';
import { ARRANGE_SCRIPT, ARRANGE_SCRIPT_PATH } from './pages/status-page-components.page';
import { statusPagesPath } from './pages/status-pages.page';
import { pageIdOf, StatusPageDetail } from './status-page-detail';
import { submitForm } from './submit-form';

const COMPONENT_FIELDS = ['type', 'monitorId', 'name', 'description', 'groupId'];

/** The placements of the arrange form, or null when a position is not a whole number. */
function placementsOf(form: Form): ComponentPlacement[] | null {
  const rows: ComponentPlacement[] = [];
  let bad = false;
  for (const key of Object.keys(form).filter((k) => k.startsWith('order.'))) {
    const componentId = key.slice('order.'.length);
    const order = (form[key] ?? '').trim();
    const groupOrder = (form[`groupOrder.${componentId}`] ?? '0').trim() || '0';
    if (!/^-?\d{1,7}$/.test(order) || !/^-?\d{1,7}$/.test(groupOrder)) {
      bad = true;
      continue;
    }
    rows.push({
      id: componentId,
      order: Number(order),
      groupId: form[`group.${componentId}`] || null,
      groupOrder: Number(groupOrder),
    });
  }
  return bad ? null : rows;
}

@Injectable()
export class StatusPageComponentsRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(StatusPageDetail) private readonly detail: StatusPageDetail,
  ) {}

  register(app: FastifyInstance): void {
    app.get(ARRANGE_SCRIPT_PATH, (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').send(ARRANGE_SCRIPT),
    );
    app.post('/app/w/:slug/status-pages/:id/components', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = pageIdOf(request);
        const form = formOf(request);
        return submitForm(reply, {
          call: async () =>
            this.components.createComponent(w.ctx, {
              pageId: id,
              type: (form.type ?? '') as 'monitor',
              monitorId: form.type === 'monitor' ? form.monitorId || null : null,
              name: form.name ?? '',
              description: form.description ?? '',
              groupId: form.groupId || null,
              order: await this.nextOrder(w, id),
            }),
          done: () => `${statusPagesPath(w.ctx.workspace.slug, id)}?done=component#components`,
          fields: COMPONENT_FIELDS,
          refused: ({ status, errors, message }) =>
            this.detail.render(reply, w, id, status, { message, componentForm: { values: form, errors } }),
        });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/components/arrange', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = pageIdOf(request);
        const rows = placementsOf(formOf(request));
        if (!rows) return this.detail.render(reply, w, id, 400, { message: 'Positions must be whole numbers.' });
        return submitForm(reply, {
          call: () => this.components.arrangeComponents(w.ctx, id, rows),
          done: () => `${statusPagesPath(w.ctx.workspace.slug, id)}?done=arranged#components`,
          refused: ({ status, error }) => this.detail.render(reply, w, id, status, { message: error.message }),
        });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/components/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = pageIdOf(request);
        const componentId = formOf(request).id ?? '';
        await this.components.getComponent(w.ctx, componentId, id);
        await this.components.deleteComponent(w.ctx, componentId);
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}?done=removed#components`, 303);
      }),
    );
  }

  /** A new component goes last. */
  private async nextOrder(w: InWorkspace, pageId: string): Promise<number> {
    const existing = await this.components.listComponents(w.ctx, pageId);
    return existing.reduce((max, c) => Math.max(max, c.order), 0) + 1;
  }
}
