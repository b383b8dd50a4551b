// The dashboard's form for one component of a status page: its name and description. GET shows the
// form, POST calls PageComponentsService.updateComponent with those two fields and redirects to the
// page (303), or shows the form again with the verb's messages beside the fields.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError } from '../common/errors';
import { MonitorsOverviewService } from '../monitors/monitors-overview.service';
import { PageComponentsService } from '../status-pages/page-components.service';
import type { ComponentView } from '../status-pages/status-page.views';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { dashboardErrorOf, issuesOf } from './dashboard-errors';
import { DashboardRequests, formOf, type InWorkspace } from './dashboard-requests';
import {
  COMPONENT_FORM_FIELDS,
  componentFormPage,
  type ComponentFormData,
  type ComponentFormField,
} from './pages/component-form.page';
import { statusPagesPath } from './pages/status-pages.page';

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
        return this.form(reply, w, id, component, 200, {
          values: { name: component.name, description: component.description },
          errors: {},
        });
      }),
    );
    app.post(PATH, (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const { id, componentId } = params(request);
        const component = await this.components.getComponent(w.ctx, componentId, id);
        const form = formOf(request);
        const values = { name: form.name ?? '', description: form.description ?? '' };
        try {
          await this.components.updateComponent(w.ctx, component.id, values, [...COMPONENT_FORM_FIELDS]);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          const errors: ComponentFormData['errors'] = {};
          const loose: string[] = [];
          for (const issue of issuesOf(error)) {
            const head = issue.field.split('.')[0];
            if ((COMPONENT_FORM_FIELDS as readonly string[]).includes(head)) {
              errors[head as ComponentFormField] ??= issue.message;
            } else loose.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
          }
          return this.form(reply, w, id, component, dashboardErrorOf(error.code).status, {
            values,
            errors,
            message: loose.length ? loose.join('; ') : undefined,
          });
        }
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}?done=component-saved#components`, 303);
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
