// The dashboard's status pages themselves: the list, a page's own screen, the form that creates or
// edits one (with the theme preview's script and stylesheet), and deletion after a confirmation.
// Components, groups, incidents, maintenances and subscribers have routes of their own.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { themePreviewCss } from '../status-pages/themes';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { DashboardRequests, formOf, query, type InWorkspace } from './dashboard-requests';
import {
  deleteStatusPagePage,
  statusPageFormPage,
  statusPagesListPage,
  statusPagesPath,
  THEME_PREVIEW_CSS_PATH,
  THEME_PREVIEW_SCRIPT,
  THEME_PREVIEW_SCRIPT_PATH,
} from './pages/status-pages.page';
import { pageIdOf, StatusPageDetail } from './status-page-detail';
import {
  newStatusPageFormValues,
  parseStatusPageForm,
  statusPageFieldOfIssue,
  statusPageFormValues,
  type StatusPageFormField,
  type StatusPageFormValues,
} from './status-page-form';
import { outcomeNotice } from './status-page-outcomes';
import { submitForm } from './submit-form';

const JS = 'text/javascript; charset=utf-8';

@Injectable()
export class StatusPageSettingsRoutes {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
    @Inject(StatusPageDetail) private readonly detail: StatusPageDetail,
  ) {}

  register(app: FastifyInstance): void {
    this.registerAssets(app);
    app.get('/app/w/:slug/status-pages', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const listed = await this.pages.list(w.ctx, { limit: 100 });
        return this.requests.page(
          reply,
          200,
          statusPagesListPage(this.detail.frame(w), {
            pages: listed.items,
            total: listed.totalSize,
            canWrite: w.ctx.scope === 'write',
            deleted: query(request).deleted === '1',
            publicUrl: this.config.baseUrl,
          }),
        );
      }),
    );
    app.get('/app/w/:slug/status-pages/:id', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        return this.detail.render(reply, w, pageIdOf(request), 200, outcomeNotice(query(request)));
      }),
    );
    this.registerForms(app);
    this.registerDelete(app);
  }

  private registerAssets(app: FastifyInstance): void {
    app.get(THEME_PREVIEW_SCRIPT_PATH, (_request, reply) =>
      reply.header('content-type', JS).send(THEME_PREVIEW_SCRIPT),
    );
    // The preview's variables for the theme fields of the form (no data of any workspace in it).
    app.get(THEME_PREVIEW_CSS_PATH, (request, reply) => {
      const q = query(request);
      const parsed = parseStatusPageForm({ customLight: q.light ?? '', customDark: q.dark ?? '' });
      return reply
        .header('content-type', 'text/css; charset=utf-8')
        .send(themePreviewCss(q.theme ?? 'default', parsed.input.customTheme ?? null));
    });
  }

  /** Create and edit. */
  private registerForms(app: FastifyInstance): void {
    app.get('/app/w/:slug/status-pages/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        return this.pageForm(reply, w, 200, undefined, newStatusPageFormValues(), {});
      }),
    );
    app.post('/app/w/:slug/status-pages/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const form = formOf(request);
        return submitForm(reply, {
          parse: () => parseStatusPageForm(form),
          call: (input) => this.pages.create(w.ctx, input),
          done: (page) => `${statusPagesPath(w.ctx.workspace.slug, page.id)}?done=created`,
          fields: statusPageFieldOfIssue,
          refused: (r) => this.pageForm(reply, w, r.status, undefined, form, r.errors, r.message),
        });
      }),
    );
    app.get('/app/w/:slug/status-pages/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const page = await this.pages.get(w.ctx, pageIdOf(request));
        return this.pageForm(reply, w, 200, page.id, statusPageFormValues(page), {});
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const page = await this.pages.get(w.ctx, pageIdOf(request));
        const form = formOf(request);
        return submitForm(reply, {
          parse: () => parseStatusPageForm(form),
          call: (input) => this.pages.update(w.ctx, page.id, input),
          done: () => `${statusPagesPath(w.ctx.workspace.slug, page.id)}?done=saved`,
          fields: statusPageFieldOfIssue,
          refused: (r) => this.pageForm(reply, w, r.status, page.id, form, r.errors, r.message),
        });
      }),
    );
  }

  private registerDelete(app: FastifyInstance): void {
    app.get('/app/w/:slug/status-pages/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const page = await this.pages.get(w.ctx, pageIdOf(request));
        const dependents = await this.pages.dependents(w.ctx, page.id);
        return this.requests.page(reply, 200, deleteStatusPagePage(this.detail.frame(w), page, dependents));
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        await this.pages.delete(w.ctx, pageIdOf(request));
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug)}?deleted=1`, 303);
      }),
    );
  }

  private async pageForm(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    pageId: string | undefined,
    values: StatusPageFormValues,
    errors: Partial<Record<StatusPageFormField, string>>,
    message?: string,
  ): Promise<FastifyReply> {
    const page = pageId ? await this.pages.get(w.ctx, pageId) : undefined;
    return this.requests.page(
      reply,
      status,
      statusPageFormPage(this.detail.frame(w), {
        page,
        // The password typed is never sent back to the browser.
        values: { ...values, password: '' },
        errors,
        message,
        serviceHost: new URL(this.config.baseUrl).hostname,
      }),
    );
  }
}
