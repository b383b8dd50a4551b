// The dashboard's status pages: list, create, edit (with the theme preview), delete after a
// confirmation; a page's components, groups and their order; its incidents (status reports) with or
// without mailing the subscribers; its subscribers. Each route reads the request, calls a verb of the
// status pages, status reports or subscribers modules and redirects (303) or renders the form again
// with the verb's messages.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DomainError, isDomainError, ValidationError } from '../common/errors';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { MonitorsOverviewService } from '../monitors/monitors-overview.service';
import { themePreviewCss } from '../status-pages/themes';
import { PageComponentsService, type ComponentPlacement } from '../status-pages/page-components.service';
import { StatusPagesService } from '../status-pages/status-pages.service';
import type { StatusReportStatus } from '../status-reports/status-report.entity';
import { StatusReportsService } from '../status-reports/status-reports.service';
import { SubscribersService } from '../subscribers/subscribers.service';
import { MaintenancesService } from '../maintenances/maintenances.service';
import type { MaintenanceView } from '../maintenances/maintenance.view';
import type { MaintenanceField } from '../maintenances/maintenances.service';
import { notifyFailureOf, type NotifyFailure, type Published } from '../subscribers/page-publisher';
import { dashboardErrorOf, issuesOf } from './dashboard-errors';
import { DashboardRequests, formOf, query, type Form, type InWorkspace } from './dashboard-requests';
import {
  ARRANGE_SCRIPT,
  ARRANGE_SCRIPT_PATH,
  deleteMaintenancePage,
  maintenanceFormPage,
  utcInputValue,
  reportPage,
  statusPageDetailPage,
  type StatusPageDetailData,
  subscribersPage,
} from './pages/status-page-content.page';
import {
  deleteStatusPagePage,
  statusPageFormPage,
  statusPagesListPage,
  statusPagesPath,
  THEME_PREVIEW_CSS_PATH,
  THEME_PREVIEW_SCRIPT,
  THEME_PREVIEW_SCRIPT_PATH,
} from './pages/status-pages.page';
import {
  newStatusPageFormValues,
  parseStatusPageForm,
  statusPageFieldOfIssue,
  statusPageFormValues,
  type StatusPageFormField,
  type StatusPageFormValues,
} from './status-page-form';

const JS = 'text/javascript; charset=utf-8';

/** A refusal's messages by field (the first segment of each issue's path) and what fits no field. */
function messagesOf(error: DomainError, known: string[]): { errors: Record<string, string>; message?: string } {
  const errors: Record<string, string> = {};
  const loose: string[] = [];
  const issues = issuesOf(error);
  for (const issue of issues) {
    const head = issue.field.split('.')[0];
    if (known.includes(head)) errors[head] ??= issue.message;
    else loose.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
  }
  return { errors, message: loose.length ? loose.join('; ') : undefined };
}

const MAINTENANCE_FIELDS = ['title', 'message', 'from', 'to', 'pageComponentIds'];

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

const checkedIds = (form: Form, prefix: string): string[] =>
  Object.keys(form)
    .filter((k) => k.startsWith(prefix) && form[k] === 'on')
    .map((k) => k.slice(prefix.length));

@Injectable()
export class StatusPageFormsRoutes {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(StatusReportsService) private readonly reports: StatusReportsService,
    @Inject(SubscribersService) private readonly subscribers: SubscribersService,
    @Inject(MonitorsOverviewService) private readonly overview: MonitorsOverviewService,
    @Inject(MaintenancesService) private readonly maintenances: MaintenancesService,
  ) {}

  register(app: FastifyInstance): void {
    app.get(THEME_PREVIEW_SCRIPT_PATH, (_request, reply) =>
      reply.header('content-type', JS).send(THEME_PREVIEW_SCRIPT),
    );
    app.get(ARRANGE_SCRIPT_PATH, (_request, reply) => reply.header('content-type', JS).send(ARRANGE_SCRIPT));
    // The preview's variables for the theme fields of the form (no data of any workspace in it).
    app.get(THEME_PREVIEW_CSS_PATH, (request, reply) => {
      const q = query(request);
      const parsed = parseStatusPageForm({ customLight: q.light ?? '', customDark: q.dark ?? '' });
      return reply
        .header('content-type', 'text/css; charset=utf-8')
        .send(themePreviewCss(q.theme ?? 'default', parsed.input.customTheme ?? null));
    });

    app.get('/app/w/:slug/status-pages', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const listed = await this.pages.list(w.ctx, { limit: 100 });
        return this.requests.page(
          reply,
          200,
          statusPagesListPage(this.frame(w), {
            pages: listed.items,
            total: listed.totalSize,
            canWrite: this.canWrite(w),
            deleted: query(request).deleted === '1',
            publicUrl: this.config.baseUrl,
          }),
        );
      }),
    );

    // Create and edit.
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
        const parsed = parseStatusPageForm(form);
        if (Object.keys(parsed.errors).length) return this.pageForm(reply, w, 400, undefined, form, parsed.errors);
        try {
          const page = await this.pages.create(w.ctx, parsed.input);
          return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, page.id)}?done=created`, 303);
        } catch (error) {
          return this.pageRefused(reply, w, error, undefined, form);
        }
      }),
    );
    app.get('/app/w/:slug/status-pages/:id', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        return this.detail(reply, w, this.id(request), 200, outcomeNotice(query(request)));
      }),
    );
    app.get('/app/w/:slug/status-pages/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const page = await this.pages.get(w.ctx, this.id(request));
        return this.pageForm(reply, w, 200, page.id, statusPageFormValues(page), {});
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const page = await this.pages.get(w.ctx, this.id(request));
        const form = formOf(request);
        const parsed = parseStatusPageForm(form);
        if (Object.keys(parsed.errors).length) return this.pageForm(reply, w, 400, page.id, form, parsed.errors);
        try {
          await this.pages.update(w.ctx, page.id, parsed.input);
          return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, page.id)}?done=saved`, 303);
        } catch (error) {
          return this.pageRefused(reply, w, error, page.id, form);
        }
      }),
    );
    app.get('/app/w/:slug/status-pages/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const page = await this.pages.get(w.ctx, this.id(request));
        const dependents = await this.pages.dependents(w.ctx, page.id);
        return this.requests.page(reply, 200, deleteStatusPagePage(this.frame(w), page, dependents));
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        await this.pages.delete(w.ctx, this.id(request));
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug)}?deleted=1`, 303);
      }),
    );

    // Components and groups.
    app.post('/app/w/:slug/status-pages/:id/components', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        const form = formOf(request);
        try {
          await this.components.createComponent(w.ctx, {
            pageId: id,
            type: (form.type ?? '') as 'monitor',
            monitorId: form.type === 'monitor' ? form.monitorId || null : null,
            name: form.name ?? '',
            description: form.description ?? '',
            groupId: form.groupId || null,
            order: await this.nextOrder(w, id),
          });
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          const { errors, message } = messagesOf(error, ['type', 'monitorId', 'name', 'description', 'groupId']);
          return this.detail(reply, w, id, dashboardErrorOf(error.code).status, {
            message,
            componentForm: { values: form, errors },
          });
        }
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}?done=component#components`, 303);
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/components/arrange', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        const form = formOf(request);
        const rows: ComponentPlacement[] = [];
        const bad: string[] = [];
        for (const key of Object.keys(form).filter((k) => k.startsWith('order.'))) {
          const componentId = key.slice('order.'.length);
          const order = (form[key] ?? '').trim();
          const groupOrder = (form[`groupOrder.${componentId}`] ?? '0').trim() || '0';
          if (!/^-?\d{1,7}$/.test(order) || !/^-?\d{1,7}$/.test(groupOrder)) {
            bad.push(componentId);
            continue;
          }
          rows.push({
            id: componentId,
            order: Number(order),
            groupId: form[`group.${componentId}`] || null,
            groupOrder: Number(groupOrder),
          });
        }
        if (bad.length) {
          return this.detail(reply, w, id, 400, { message: 'Positions must be whole numbers.' });
        }
        try {
          await this.components.arrangeComponents(w.ctx, id, rows);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          return this.detail(reply, w, id, dashboardErrorOf(error.code).status, { message: error.message });
        }
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}?done=arranged#components`, 303);
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/components/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        const componentId = formOf(request).id ?? '';
        await this.components.getComponent(w.ctx, componentId, id);
        await this.components.deleteComponent(w.ctx, componentId);
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}?done=removed#components`, 303);
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/groups', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        try {
          await this.components.createGroup(w.ctx, { pageId: id, name: formOf(request).name ?? '' });
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          return this.detail(reply, w, id, dashboardErrorOf(error.code).status, { message: `Group: ${error.message}` });
        }
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}?done=group#groups`, 303);
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/groups/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        const groupId = formOf(request).id ?? '';
        await this.components.getGroup(w.ctx, groupId, id);
        await this.components.deleteGroup(w.ctx, groupId);
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}?done=group-deleted#groups`, 303);
      }),
    );

    // Incidents (status reports).
    app.get('/app/w/:slug/status-pages/:id/reports/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        return this.report(reply, w, this.id(request), undefined, 200, { values: { notify: 'on' }, errors: {} });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/reports/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        const form = formOf(request);
        return this.submitForm(
          reply,
          () =>
            this.reports.create(
              w.ctx,
              {
                pageId: id,
                title: form.title ?? '',
                status: (form.status ?? '') as StatusReportStatus,
                message: form.message ?? '',
                pageComponentIds: checkedIds(form, 'component.'),
              },
              form.notify === 'on',
            ),
          (answer) =>
            `${statusPagesPath(w.ctx.workspace.slug, id)}/reports/${answer.record.report.id}?${outcomeQuery('published', answer)}`,
          (error, status) =>
            this.report(reply, w, id, undefined, status, {
              values: form,
              ...messagesOf(error, ['title', 'status', 'message', 'pageComponentIds']),
            }),
        );
      }),
    );
    app.get('/app/w/:slug/status-pages/:id/reports/:reportId', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const { id, reportId } = request.params as { id: string; reportId: string };
        return this.report(reply, w, id, reportId, 200, { values: {}, errors: {}, ...outcomeNotice(query(request)) });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/reports/:reportId/updates', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const { id, reportId } = request.params as { id: string; reportId: string };
        const form = formOf(request);
        return this.submitForm(
          reply,
          () =>
            this.reports.addUpdate(
              w.ctx,
              reportId,
              { status: (form.status ?? '') as StatusReportStatus, message: form.message ?? '' },
              form.notify === 'on',
              id,
            ),
          (answer) => {
            const done = answer.record.update.status === 'resolved' ? 'resolved' : 'updated';
            return `${statusPagesPath(w.ctx.workspace.slug, id)}/reports/${reportId}?${outcomeQuery(done, answer)}`;
          },
          (error, status) =>
            this.report(reply, w, id, reportId, status, { values: form, ...messagesOf(error, ['status', 'message']) }),
        );
      }),
    );

    // Maintenances.
    app.get('/app/w/:slug/status-pages/:id/maintenances/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        return this.maintenance(reply, w, this.id(request), undefined, 200, { values: { notify: 'on' }, errors: {} });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/maintenances/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        const form = formOf(request);
        return this.submitForm(
          reply,
          () => this.maintenances.create(w.ctx, { pageId: id, ...maintenanceInputOf(form) }, form.notify === 'on'),
          (answer) =>
            `${statusPagesPath(w.ctx.workspace.slug, id)}?${outcomeQuery('maintenance', answer)}#maintenances`,
          (error, status) =>
            this.maintenance(reply, w, id, undefined, status, {
              values: form,
              ...messagesOf(error, MAINTENANCE_FIELDS),
            }),
        );
      }),
    );
    app.get('/app/w/:slug/status-pages/:id/maintenances/:maintenanceId/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const { id, maintenanceId } = request.params as { id: string; maintenanceId: string };
        const m = await this.maintenances.get(w.ctx, maintenanceId, id);
        const values: Record<string, string> = {
          title: m.title,
          message: m.message,
          from: utcInputValue(m.from),
          to: utcInputValue(m.to),
        };
        for (const c of m.pageComponentIds) values[`component.${c}`] = 'on';
        return this.maintenance(reply, w, id, m, 200, { values, errors: {} });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/maintenances/:maintenanceId/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const { id, maintenanceId } = request.params as { id: string; maintenanceId: string };
        const form = formOf(request);
        const fields: MaintenanceField[] = ['title', 'message', 'from', 'to', 'pageComponentIds'];
        return this.submitForm(
          reply,
          () => this.maintenances.update(w.ctx, maintenanceId, maintenanceInputOf(form), fields, id),
          () => `${statusPagesPath(w.ctx.workspace.slug, id)}?done=maintenance-saved#maintenances`,
          async (error, status) =>
            this.maintenance(reply, w, id, await this.maintenances.get(w.ctx, maintenanceId, id), status, {
              values: form,
              ...messagesOf(error, MAINTENANCE_FIELDS),
            }),
        );
      }),
    );
    app.get('/app/w/:slug/status-pages/:id/maintenances/:maintenanceId/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const { id, maintenanceId } = request.params as { id: string; maintenanceId: string };
        const m = await this.maintenances.get(w.ctx, maintenanceId, id);
        const page = await this.pages.get(w.ctx, id);
        return this.requests.page(reply, 200, deleteMaintenancePage(this.frame(w), page, m));
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/maintenances/:maintenanceId/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const { id, maintenanceId } = request.params as { id: string; maintenanceId: string };
        await this.maintenances.delete(w.ctx, maintenanceId, id);
        return reply.redirect(
          `${statusPagesPath(w.ctx.workspace.slug, id)}?done=maintenance-deleted#maintenances`,
          303,
        );
      }),
    );

    // Subscribers.
    app.get('/app/w/:slug/status-pages/:id/subscribers', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const q = query(request);
        const count = (name: string) => Math.max(0, Math.floor(Number(q[name] ?? 0)) || 0);
        const done =
          q.added !== undefined
            ? `Imported: ${count('added')} added, ${count('skipped')} already there or repeated; ${count('mailed')} confirmation mails sent.`
            : q.removed === '1'
              ? 'Removed the subscriber.'
              : undefined;
        return this.subscriberList(reply, w, this.id(request), 200, { values: {}, errors: {}, done });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/subscribers/import', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        const form = formOf(request);
        const emails = (form.emails ?? '')
          .split(/[\s,;]+/)
          .map((e) => e.trim())
          .filter((e) => e !== '');
        try {
          const result = await this.subscribers.import(w.ctx, id, emails, { confirmed: form.confirmed === 'on' });
          const counts = `added=${result.added}&skipped=${result.skipped}&mailed=${result.confirmationsSent}`;
          return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}/subscribers?${counts}`, 303);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          const errors: Record<string, string> = {};
          if (error instanceof ValidationError && error.issues.length) {
            const issue = error.issues[0];
            const index = Number(issue.field.split('.')[1]);
            errors.emails = Number.isInteger(index)
              ? `${emails[index] ?? `entry ${index + 1}`}: ${issue.message}`
              : issue.message;
          } else errors.emails = error.message;
          return this.subscriberList(reply, w, id, dashboardErrorOf(error.code).status, { values: form, errors });
        }
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/subscribers/remove', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        const subscriberId = formOf(request).id ?? '';
        await this.subscribers.remove(w.ctx, subscriberId, id);
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}/subscribers?removed=1`, 303);
      }),
    );
  }

  /**
   * The one shape of a form's post: call the verb, then redirect (303) where its answer says, or show
   * the form again with the refusal beside its fields. A refusal that belongs on no form (not found)
   * goes on to the error page.
   */
  private async submitForm<T>(
    reply: FastifyReply,
    call: () => Promise<T>,
    done: (answer: T) => string,
    refused: (error: DomainError, status: number) => Promise<FastifyReply>,
  ): Promise<FastifyReply> {
    let answer: T;
    try {
      answer = await call();
    } catch (error) {
      if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
      return refused(error, dashboardErrorOf(error.code).status);
    }
    return reply.redirect(done(answer), 303);
  }

  private async maintenance(
    reply: FastifyReply,
    w: InWorkspace,
    pageId: string,
    maintenance: MaintenanceView | undefined,
    status: number,
    state: { values: Record<string, string>; errors: Record<string, string>; message?: string },
  ): Promise<FastifyReply> {
    const page = await this.pages.get(w.ctx, pageId);
    const [components, monitors] = await Promise.all([
      this.components.listComponents(w.ctx, page.id),
      this.overview.names(w.ctx),
    ]);
    return this.requests.page(
      reply,
      status,
      maintenanceFormPage(this.frame(w), {
        page,
        components,
        monitors: [...monitors].map(([id, name]) => ({ id, name })),
        maintenance,
        ...state,
      }),
    );
  }

  private id(request: FastifyRequest): string {
    return (request.params as { id: string }).id;
  }

  private frame(w: InWorkspace) {
    return this.requests.frame(w, w.membership, undefined, 'status-pages');
  }

  private canWrite(w: InWorkspace): boolean {
    return w.ctx.scope === 'write';
  }

  /** A new component goes last. */
  private async nextOrder(w: InWorkspace, pageId: string): Promise<number> {
    const existing = await this.components.listComponents(w.ctx, pageId);
    return existing.reduce((max, c) => Math.max(max, c.order), 0) + 1;
  }

  private pageForm(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    pageId: string | undefined,
    values: StatusPageFormValues,
    errors: Partial<Record<StatusPageFormField, string>>,
    message?: string,
  ): Promise<FastifyReply> {
    const kept = { ...values, password: '' };
    return (pageId ? this.pages.get(w.ctx, pageId) : Promise.resolve(undefined)).then((page) =>
      this.requests.page(
        reply,
        status,
        statusPageFormPage(this.frame(w), {
          page,
          values: kept,
          errors,
          message,
          serviceHost: new URL(this.config.baseUrl).hostname,
        }),
      ),
    );
  }

  private pageRefused(
    reply: FastifyReply,
    w: InWorkspace,
    error: unknown,
    pageId: string | undefined,
    values: StatusPageFormValues,
  ): Promise<FastifyReply> {
    if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
    const errors: Partial<Record<StatusPageFormField, string>> = {};
    const loose: string[] = [];
    const issues = issuesOf(error);
    for (const issue of issues) {
      const placed = issue.field ? statusPageFieldOfIssue(issue) : null;
      if (placed) errors[placed.field] ??= placed.message;
      else loose.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
    }
    return this.pageForm(
      reply,
      w,
      dashboardErrorOf(error.code).status,
      pageId,
      values,
      errors,
      loose.length ? loose.join('; ') : undefined,
    );
  }

  private async detail(
    reply: FastifyReply,
    w: InWorkspace,
    id: string,
    status: number,
    extra: Pick<StatusPageDetailData, 'done' | 'warning' | 'message' | 'componentForm'>,
  ): Promise<FastifyReply> {
    const page = await this.pages.get(w.ctx, id);
    const [components, groups, monitors, reports, subscribers, maintenances] = await Promise.all([
      this.components.listComponents(w.ctx, id),
      this.components.listGroups(w.ctx, id),
      this.overview.names(w.ctx),
      this.reports.list(w.ctx, { pageId: id, filter: 'all', perPage: 50 }),
      this.subscribers.list(w.ctx, id, { perPage: 1 }),
      this.maintenances.list(w.ctx, { pageId: id, perPage: 50 }),
    ]);
    return this.requests.page(
      reply,
      status,
      statusPageDetailPage(this.frame(w), {
        page,
        components,
        groups,
        monitors: [...monitors].map(([monitorId, name]) => ({ id: monitorId, name })),
        reports: reports.items,
        maintenances: maintenances.items,
        subscribers: subscribers.totalSize,
        mailOff: !this.subscribers.subscriptionsOffered,
        canWrite: this.canWrite(w),
        publicUrl: this.config.baseUrl,
        ...extra,
      }),
    );
  }

  private async report(
    reply: FastifyReply,
    w: InWorkspace,
    pageId: string,
    reportId: string | undefined,
    status: number,
    state: {
      values: Record<string, string>;
      errors: Record<string, string>;
      message?: string;
      done?: string;
      warning?: string;
    },
  ): Promise<FastifyReply> {
    const page = await this.pages.get(w.ctx, pageId);
    const report = reportId ? await this.reports.get(w.ctx, reportId, page.id) : undefined;
    const [components, monitors] = await Promise.all([
      this.components.listComponents(w.ctx, page.id),
      this.overview.names(w.ctx),
    ]);
    return this.requests.page(
      reply,
      status,
      reportPage(this.frame(w), {
        page,
        report,
        components,
        monitors: [...monitors].map(([id, name]) => ({ id, name })),
        canWrite: this.canWrite(w),
        ...state,
      }),
    );
  }

  private async subscriberList(
    reply: FastifyReply,
    w: InWorkspace,
    pageId: string,
    status: number,
    state: { values: Record<string, string>; errors: Record<string, string>; message?: string; done?: string },
  ): Promise<FastifyReply> {
    const page = await this.pages.get(w.ctx, pageId);
    const listed = await this.subscribers.list(w.ctx, page.id, { perPage: 200 });
    return this.requests.page(
      reply,
      status,
      subscribersPage(this.frame(w), {
        mailOff: !this.subscribers.subscriptionsOffered,
        page,
        subscribers: listed.items,
        total: listed.totalSize,
        canWrite: this.canWrite(w),
        ...state,
      }),
    );
  }
}

/** The notices of a redirect after a change, by its `done` parameter. */
const DONE: Record<string, string> = {
  created: 'Created the status page. Add components to it below.',
  saved: 'Saved the changes.',
  component: 'Added the component.',
  'component-saved': 'Saved the component.',
  arranged: 'Saved the order.',
  removed: 'Removed the component.',
  group: 'Added the group.',
  'group-deleted': 'Deleted the group.',
  'maintenance-saved': 'Saved the maintenance.',
  'maintenance-deleted': 'Deleted the maintenance.',
};

/**
 * The redirect's query after a publishing verb: what was done and what the verb answered about the
 * mail (`mail=sent`, or the failure's reason and counts); nothing about mail when notify was not
 * asked. Only codes and counts travel in the URL, so a crafted link cannot put words on the page.
 */
function outcomeQuery(done: string, answer: Published<unknown>): string {
  const q = new URLSearchParams({ done });
  const failure = answer.notifyFailure;
  if (answer.notified) q.set('mail', 'sent');
  else if (failure) {
    q.set('mail', failure.reason);
    if (failure.reason === 'relay_refused') {
      q.set('failed', String(failure.failed));
      q.set('of', String(failure.of));
    }
  }
  return q.toString();
}

/** What the publishing verbs did, by `done`; the notice goes on to say what became of the mail. */
const PUBLISHED: Record<string, string> = {
  published: 'Published the incident',
  updated: 'Posted the update',
  resolved: 'Resolved the incident',
  maintenance: 'Scheduled the maintenance',
};

const MAIL_FAILURES: ReadonlySet<string> = new Set<NotifyFailure['reason']>([
  'mail_not_configured',
  'relay_refused',
  'dispatch_failed',
]);

/**
 * The notice of a redirect after a change: a success, or a warning when mail was asked for and did not
 * go out. Without `mail` (notify was not asked) it says nothing about mail.
 */
function outcomeNotice(q: Record<string, string | undefined>): { done?: string; warning?: string } {
  const key = q.done ?? '';
  // Own keys only: `?done=constructor` names no notice.
  if (!Object.hasOwn(PUBLISHED, key)) return { done: Object.hasOwn(DONE, key) ? DONE[key] : undefined };
  const published = PUBLISHED[key];
  const mail = q.mail ?? '';
  if (mail === 'sent') return { done: `${published} and mailed the subscribers.` };
  if (!MAIL_FAILURES.has(mail)) return { done: `${published}.` };
  const count = (name: string) => Math.max(0, Math.floor(Number(q[name] ?? 0)) || 0);
  const failure = notifyFailureOf(mail as NotifyFailure['reason'], { failed: count('failed'), of: count('of') });
  return { warning: `${published}; the mail to subscribers could not be sent: ${failure.message}.` };
}
