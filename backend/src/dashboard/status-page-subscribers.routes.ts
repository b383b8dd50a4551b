// The subscribers of a status page in the dashboard: the list, an import of addresses (with or
// without a confirmation mail, as the subscribers verb decides) and removing one.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type DomainError, ValidationError } from '../common/errors';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { SubscribersService } from '../subscribers/subscribers.service';
import { DashboardRequests, formOf, query, type InWorkspace } from './dashboard-requests';
import { subscribersPage, type SubscribersPageData } from './pages/status-page-subscribers.page';
import { statusPagesPath } from './pages/status-pages.page';
import { pageIdOf, StatusPageDetail } from './status-page-detail';
import { submitForm } from './submit-form';

type SubscribersState = Pick<SubscribersPageData, 'values' | 'errors' | 'message' | 'done'>;

/** The import's refusal, beside the addresses: the first issue, naming the address it is about. */
function importRefusal(error: DomainError, emails: string[]): string {
  if (!(error instanceof ValidationError) || !error.issues.length) return error.message;
  const issue = error.issues[0];
  const index = Number(issue.field.split('.')[1]);
  return Number.isInteger(index) ? `${emails[index] ?? `entry ${index + 1}`}: ${issue.message}` : issue.message;
}

/** The notice after an import or a removal, from the counts of the redirect. */
function listNotice(q: Record<string, string | undefined>): string | undefined {
  const count = (name: string) => Math.max(0, Math.floor(Number(q[name] ?? 0)) || 0);
  if (q.added !== undefined) {
    return `Imported: ${count('added')} added, ${count('skipped')} already there or repeated; ${count('mailed')} confirmation mails sent.`;
  }
  return q.removed === '1' ? 'Removed the subscriber.' : undefined;
}

@Injectable()
export class StatusPageSubscribersRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
    @Inject(SubscribersService) private readonly subscribers: SubscribersService,
    @Inject(StatusPageDetail) private readonly detail: StatusPageDetail,
  ) {}

  register(app: FastifyInstance): void {
    app.get('/app/w/:slug/status-pages/:id/subscribers', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const done = listNotice(query(request));
        return this.list(reply, w, pageIdOf(request), 200, { values: {}, errors: {}, done });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/subscribers/import', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = pageIdOf(request);
        const form = formOf(request);
        const emails = (form.emails ?? '')
          .split(/[\s,;]+/)
          .map((e) => e.trim())
          .filter((e) => e !== '');
        return submitForm(reply, {
          call: () => this.subscribers.import(w.ctx, id, emails, { confirmed: form.confirmed === 'on' }),
          done: (result) => {
            const counts = `added=${result.added}&skipped=${result.skipped}&mailed=${result.confirmationsSent}`;
            return `${statusPagesPath(w.ctx.workspace.slug, id)}/subscribers?${counts}`;
          },
          refused: ({ status, error }) =>
            this.list(reply, w, id, status, { values: form, errors: { emails: importRefusal(error, emails) } }),
        });
      }),
    );
    app.post('/app/w/:slug/status-pages/:id/subscribers/remove', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = pageIdOf(request);
        const subscriberId = formOf(request).id ?? '';
        await this.subscribers.remove(w.ctx, subscriberId, id);
        return reply.redirect(`${statusPagesPath(w.ctx.workspace.slug, id)}/subscribers?removed=1`, 303);
      }),
    );
  }

  private async list(
    reply: FastifyReply,
    w: InWorkspace,
    pageId: string,
    status: number,
    state: SubscribersState,
  ): Promise<FastifyReply> {
    const page = await this.pages.get(w.ctx, pageId);
    const listed = await this.subscribers.list(w.ctx, page.id, { perPage: 200 });
    return this.requests.page(
      reply,
      status,
      subscribersPage(this.detail.frame(w), {
        mailOff: !this.subscribers.subscriptionsOffered,
        page,
        subscribers: listed.items,
        total: listed.totalSize,
        canWrite: w.ctx.scope === 'write',
        ...state,
      }),
    );
  }
}
