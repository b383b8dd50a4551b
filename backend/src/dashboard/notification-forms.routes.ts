// The dashboard's notification channels: list with last delivery, "Send test" (the verb's answer shown
// on the page), create a channel of any kind (channels/registry.ts), edit it (credentials write-only:
// an empty credential field keeps the stored one, and only the arguments that changed are sent, so a
// stored secret part of a URL or a header value is never lost), delete it after a confirmation.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { channelKind } from '../channels/registry';
import { isDomainError, ValidationError } from '../common/errors';
import { MonitorsOverviewService } from '../monitors/monitors-overview.service';
import { type NotificationProvider } from '../notifications/notification-channel.entity';
import {
  argumentsOf,
  blockField,
  isNotificationProvider,
  SENSITIVE_ARGUMENTS,
  type ProviderArgs,
} from '../notifications/notification.schemas';
import type { NotificationView } from '../notifications/notification.view';
import { NotificationsService } from '../notifications/notifications.service';
import { dashboardErrorOf } from './dashboard-errors';
import { DashboardRequests, formOf, query, type Form, type InWorkspace } from './dashboard-requests';
import {
  channelFormPage,
  channelsListPage,
  channelsPath,
  type ChannelsPageData,
  deleteChannelPage,
} from './pages/notifications.page';

function kindOf(value: string | undefined): NotificationProvider {
  const kind = value || 'webhook';
  if (!isNotificationProvider(kind)) throw ValidationError.field('kind', 'is not a kind of notification channel');
  return kind;
}

/** The form's values of a stored channel: its settings (never a credential), `Name:` for each header. */
function channelFormValues(c: NotificationView): Record<string, string> {
  const values: Record<string, string> = { name: c.name };
  for (const arg of argumentsOf(c.providerType)) {
    if (SENSITIVE_ARGUMENTS[c.providerType].includes(arg)) continue;
    const value = c.settings[arg];
    if (channelKind(c.providerType).headerArguments.includes(arg)) {
      values[`arg.${arg}`] = ((value as Array<{ key: string }> | undefined) ?? []).map((h) => `${h.key}:`).join('\n');
    } else values[`arg.${arg}`] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  for (const id of c.monitorIds) values[`monitor.${id}`] = 'on';
  return values;
}

/** The block's arguments as typed; header lines that are not `Name: value` are the form's own error. */
function parseArguments(
  kind: NotificationProvider,
  form: Form,
): { args: ProviderArgs; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const args: ProviderArgs = {};
  for (const arg of argumentsOf(kind)) {
    const raw = form[`arg.${arg}`] ?? '';
    if (channelKind(kind).headerArguments.includes(arg)) {
      const headers: Array<{ key: string; value: string }> = [];
      raw
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l !== '')
        .forEach((line, index) => {
          const colon = line.indexOf(':');
          if (colon <= 0) errors[`arg.${arg}`] ??= `line ${index + 1}: must be "Name: value"`;
          else headers.push({ key: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
        });
      args[arg] = headers;
    } else args[arg] = raw.trim();
  }
  return { args, errors };
}

const monitorIdsOf = (form: Form): string[] =>
  Object.keys(form)
    .filter((k) => k.startsWith('monitor.') && form[k] === 'on')
    .map((k) => k.slice('monitor.'.length));

/** The verb's messages by form field: `slack.webhookUrl` → arg.webhookUrl, `webhook.headers.1.value` → its line. */
function placeIssues(kind: NotificationProvider, error: unknown): { errors: Record<string, string>; message?: string } {
  if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
  const errors: Record<string, string> = {};
  const loose: string[] = [];
  const issues = error instanceof ValidationError && error.issues.length ? error.issues : [];
  for (const issue of issues) {
    const [head, arg, index, sub] = issue.field.split('.');
    if (head === 'name' || head === 'monitorIds') errors[head] ??= issue.message;
    else if ((head === blockField(kind) || head === kind) && arg) {
      const name = `arg.${arg}`;
      errors[name] ??=
        index !== undefined && Number.isInteger(Number(index))
          ? `line ${Number(index) + 1}: ${sub ? `${sub} ` : ''}${issue.message}`
          : issue.message;
    } else loose.push(`${issue.field}: ${issue.message}`);
  }
  if (!issues.length) loose.push(error.message);
  return { errors, message: loose.length ? loose.join('; ') : undefined };
}

@Injectable()
export class NotificationFormsRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(NotificationsService) private readonly channels: NotificationsService,
    @Inject(MonitorsOverviewService) private readonly overview: MonitorsOverviewService,
  ) {}

  register(app: FastifyInstance): void {
    app.get('/app/w/:slug/notifications', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        return this.list(reply, w, 200, { done: DONE[query(request).done ?? ''] });
      }),
    );
    app.get('/app/w/:slug/notifications/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const kind = kindOf(query(request).kind);
        return this.form(reply, w, 200, kind, undefined, {}, {});
      }),
    );
    app.post('/app/w/:slug/notifications/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const kind = kindOf(query(request).kind);
        const form = formOf(request);
        const { args, errors } = parseArguments(kind, form);
        if (Object.keys(errors).length) return this.form(reply, w, 400, kind, undefined, form, errors);
        try {
          await this.channels.create(w.ctx, {
            name: form.name ?? '',
            providerType: kind,
            monitorIds: monitorIdsOf(form),
            provider: { kind, args },
          });
        } catch (error) {
          const placed = placeIssues(kind, error);
          const status = dashboardErrorOf((error as { code: 'VALIDATION' }).code).status;
          return this.form(reply, w, status, kind, undefined, form, placed.errors, placed.message);
        }
        return reply.redirect(`${channelsPath(w.ctx.workspace.slug)}?done=created`, 303);
      }),
    );
    app.get('/app/w/:slug/notifications/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const channel = await this.channels.get(w.ctx, this.id(request));
        return this.form(reply, w, 200, channel.providerType, channel, channelFormValues(channel), {});
      }),
    );
    app.post('/app/w/:slug/notifications/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const channel = await this.channels.get(w.ctx, this.id(request));
        const kind = channel.providerType;
        const form = formOf(request);
        const { args, errors } = parseArguments(kind, form);
        if (Object.keys(errors).length) return this.form(reply, w, 400, kind, channel, form, errors);
        // Only what changed goes in the mask: a credential left empty, or a setting shown without its
        // secret part and left as shown, keeps what is stored.
        const shown = channelFormValues(channel);
        const mask = ['name', 'monitorIds'];
        for (const arg of argumentsOf(kind)) {
          const typed = (form[`arg.${arg}`] ?? '').trim();
          const sensitive = SENSITIVE_ARGUMENTS[kind].includes(arg);
          if (sensitive ? typed !== '' : typed !== (shown[`arg.${arg}`] ?? '').trim()) mask.push(`${kind}.${arg}`);
        }
        try {
          await this.channels.update(
            w.ctx,
            channel.id,
            { name: form.name ?? '', monitorIds: monitorIdsOf(form), provider: { kind, args } },
            mask,
          );
        } catch (error) {
          const placed = placeIssues(kind, error);
          const status = dashboardErrorOf((error as { code: 'VALIDATION' }).code).status;
          return this.form(reply, w, status, kind, channel, form, placed.errors, placed.message);
        }
        return reply.redirect(`${channelsPath(w.ctx.workspace.slug)}?done=saved`, 303);
      }),
    );
    app.post('/app/w/:slug/notifications/:id/test', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        const channel = await this.channels.get(w.ctx, id);
        const result = await this.channels.sendTest(w.ctx, id);
        return this.list(reply, w, 200, { tested: { channel, result } });
      }),
    );
    app.get('/app/w/:slug/notifications/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const channel = await this.channels.get(w.ctx, this.id(request));
        return this.requests.page(
          reply,
          200,
          deleteChannelPage(this.frame(w), channel, await this.overview.names(w.ctx)),
        );
      }),
    );
    app.post('/app/w/:slug/notifications/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        await this.channels.delete(w.ctx, this.id(request));
        return reply.redirect(`${channelsPath(w.ctx.workspace.slug)}?done=deleted`, 303);
      }),
    );
  }

  private id(request: FastifyRequest): string {
    return (request.params as { id: string }).id;
  }

  private frame(w: InWorkspace) {
    return this.requests.frame(w, w.membership, undefined, 'notifications');
  }

  private async list(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    extra: Pick<ChannelsPageData, 'done' | 'tested'>,
  ): Promise<FastifyReply> {
    const listed = await this.channels.list(w.ctx, { limit: 100 });
    return this.requests.page(
      reply,
      status,
      channelsListPage(this.frame(w), {
        channels: listed.items,
        total: listed.totalSize,
        canWrite: w.ctx.scope === 'write',
        ...extra,
      }),
    );
  }

  private async form(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    kind: NotificationProvider,
    channel: NotificationView | undefined,
    values: Record<string, string>,
    errors: Record<string, string>,
    message?: string,
  ): Promise<FastifyReply> {
    const names = await this.overview.names(w.ctx);
    return this.requests.page(
      reply,
      status,
      channelFormPage(this.frame(w), {
        kind,
        channel,
        monitors: [...names].map(([id, name]) => ({ id, name })),
        values,
        errors,
        message,
      }),
    );
  }
}

const DONE: Record<string, string> = {
  created: 'Created the channel. Send it a test to see that it arrives.',
  saved: 'Saved the changes.',
  deleted: 'Deleted the channel.',
};
