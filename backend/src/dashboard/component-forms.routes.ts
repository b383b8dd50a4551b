// The dashboard's form for one component of a status page: its name and description, and a monitor
// component's auto-incident settings. GET shows the form, POST calls PageComponentsService.updateComponent
// with the form's fields and redirects to the page (303), or shows the form again with the verb's
// messages beside the fields.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MonitorsOverviewService } from '../monitors/monitors-overview.service';
import { PageComponentsService } from '../status-pages/page-components.service';
import type { ComponentView } from '../status-pages/status-page.views';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { DashboardRequests, formOf, type InWorkspace } from './dashboard-requests';
import { componentFormFields, componentFormValues, parseComponentForm } from './component-form';
import { componentFormPage, type ComponentFormData } from './pages/component-form.page';
import { statusPagesPath } from './pages/status-pages.page';
import { submitForm } from './submit-form';

const PATH = '/app/w/:slug/status-pages/:id/components/:componentId/edit';

@Injectable()
export class ComponentFormsRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(MonitorsOverviewService) private readonly overview: MonitorsOverviewService,
  ) {}

  register(app: FastifyInstance): void {
    app.get(PATH, (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const { id, componentId } = params(request);
        const component = await this.components.getComponent(w.ctx, componentId, id);
        return this.form(reply, w, id, component, 200, { values: componentFormValues(component), errors: {} });
      }),
    );
    app.post(PATH, (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const { id, componentId } = params(request);
        const component = await this.components.getComponent(w.ctx, componentId, id);
        const parsed = parseComponentForm(component, formOf(request));
        const values = parsed.values;
        return submitForm(reply, {
          parse: () => parsed,
          call: (input) => this.components.updateComponent(w.ctx, component.id, input, parsed.mask),
          done: () => `${statusPagesPath(w.ctx.workspace.slug, id)}?done=component-saved#components`,
          fields: componentFormFields(component),
          refused: ({ status, errors, message }) =>
            this.form(reply, w, id, component, status, { values, errors, message }),
        });
      }),
    );
  }

  private async form(
    reply: FastifyReply,
    w: InWorkspace,
    pageId: string,
    component: ComponentView,
    status: number,
    state: Pick<ComponentFormData, 'values' | 'errors' | 'message'>,
  ): Promise<FastifyReply> {
    const [page, names] = await Promise.all([this.pages.get(w.ctx, pageId), this.overview.names(w.ctx)]);
    return this.requests.page(
      reply,
      status,
      componentFormPage(this.requests.frame(w, w.membership, undefined, 'status-pages'), {
        page,
        component,
        monitorName: component.monitorId ? (names.get(component.monitorId) ?? null) : null,
        ...state,
      }),
    );
  }
}

function params(request: FastifyRequest): { id: string; componentId: string } {
  return request.params as { id: string; componentId: string };
}
