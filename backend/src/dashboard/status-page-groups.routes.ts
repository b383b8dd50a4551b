// The groups of a status page in the dashboard (several components under one heading): add one,
// delete one. Both answer with the page's own screen.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { PageComponentsService } from '../status-pages/page-components.service';
import { DashboardRequests, formOf } from './dashboard-requests';
import { statusPagesPath } from './pages/status-pages.page';
import { pageIdOf, StatusPageDetail } from './status-page-detail';
import { submitForm } from './submit-form';

@Injectable()
export class StatusPageGroupsRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(StatusPageDetail) private readonly detail: StatusPageDetail,
  ) {}

  register(app: FastifyInstance): void {
    app.post('/app/w/:slug/status-pages/:id/groups', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = pageIdOf(request);
        const form = formOf(request);
        return submitForm(reply, {
          call: () => this.components.createGroup(w.ctx, { pageId: id, name: form.name ?? '' }),
          done: () => `${statusPagesPath(w.ctx.workspace.slug, id)}?done=group#groups`,
          // The add form is one field among the page's sections: the message says which form it is.
          refused: ({ status, error }) =>
            this.detail.render(reply, w, id, status, { message: `Group: ${error.message}` }),
        });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/groups/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = pageIdOf(request);
        const groupId = formOf(request).id ?? '';
        await this.components.getGroup(w.ctx, groupId, id);
        await this.components.deleteGroup(w.ctx, groupId);
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}?done=group-deleted#groups`, 303);
      }),
    );
  }
}
