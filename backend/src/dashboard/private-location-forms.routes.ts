// The dashboard's private locations: the list with each agent's status, and for writers the forms
// that create a location (its token shown on that answer only), edit its name, monitors and metadata,
// rotate its token (the new one shown once) and delete it after a confirmation naming its monitors.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DomainError, ValidationError } from '../common/errors';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { MonitorsOverviewService } from '../monitors/monitors-overview.service';
import type { PrivateLocationView } from '../private-locations/private-location.view';
import { PrivateLocationsService, type PrivateLocationInput } from '../private-locations/private-locations.service';
import { DashboardRequests, formOf, query, type Form, type InWorkspace } from './dashboard-requests';
import {
  deleteLocationPage,
  editLocationPage,
  type LocationFormState,
  privateLocationPath,
  privateLocationsPage,
  type PrivateLocationsPageData,
} from './pages/private-locations.page';
import { submitForm } from './submit-form';

/** The form as the verb's input; metadata lines that are not `key: value` are the form's own error. */
function parseLocationForm(form: Form): { input: PrivateLocationInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const metadata: Record<string, string> = {};
  (form.metadata ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .forEach((line, index) => {
      const colon = line.indexOf(':');
      if (colon <= 0) errors.metadata ??= `line ${index + 1}: must be "key: value"`;
      else metadata[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    });
  const monitorIds = Object.keys(form)
    .filter((k) => k.startsWith('monitor.') && form[k] === 'on')
    .map((k) => k.slice('monitor.'.length));
  return { input: { name: form.name ?? '', monitorIds, metadata }, errors };
}

function locationFormValues(l: PrivateLocationView): Record<string, string> {
  const values: Record<string, string> = {
    name: l.name,
    metadata: Object.entries(l.metadata)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
  };
  for (const id of l.monitorIds) values[`monitor.${id}`] = 'on';
  return values;
}

/**
 * A refusal of the verb as messages by field (metadata issues are named by their key, an issue of no
 * field of the form goes beside the name); a refusal that is no validation is one message above.
 */
function locationRefusal(error: DomainError, values: Record<string, string>): LocationFormState {
  const errors: Record<string, string> = {};
  if (error instanceof ValidationError && error.issues.length) {
    for (const issue of error.issues) {
      const [head, ...rest] = issue.field.split('.');
      const field = ['name', 'monitorIds', 'metadata'].includes(head) ? head : 'name';
      errors[field] ??= rest.length && head === 'metadata' ? `${rest.join('.')}: ${issue.message}` : issue.message;
    }
    return { values, errors };
  }
  return { values, errors, message: error.message };
}

@Injectable()
export class PrivateLocationFormsRoutes {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(PrivateLocationsService) private readonly locations: PrivateLocationsService,
    @Inject(MonitorsOverviewService) private readonly overview: MonitorsOverviewService,
  ) {}

  register(app: FastifyInstance): void {
    app.get('/app/w/:slug/private-locations', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const q = query(request);
        const done =
          q.done === 'saved' ? 'Saved the changes.' : q.done === 'deleted' ? 'Deleted the location.' : undefined;
        return this.list(reply, w, 200, { done });
      }),
    );
    app.post('/app/w/:slug/private-locations', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const form = formOf(request);
        return submitForm(reply, {
          parse: () => parseLocationForm(form),
          call: (input) => this.locations.create(w.ctx, input),
          // The token is on this answer only (no redirect: a reload must not show it again).
          done: (location) => this.list(reply, w, 201, { revealed: { location, created: true } }),
          refused: (r) => this.list(reply, w, r.status, { form: locationRefusal(r.error, form) }),
        });
      }),
    );
    app.get('/app/w/:slug/private-locations/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const location = await this.locations.get(w.ctx, this.id(request));
        return this.edit(reply, w, 200, location, { values: locationFormValues(location), errors: {} });
      }),
    );
    app.post('/app/w/:slug/private-locations/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const location = await this.locations.get(w.ctx, this.id(request));
        const form = formOf(request);
        return submitForm(reply, {
          parse: () => parseLocationForm(form),
          call: (input) => this.locations.update(w.ctx, location.id, input, ['name', 'monitorIds', 'metadata']),
          done: () => `${privateLocationPath(w.ctx.workspace.slug)}?done=saved`,
          refused: (r) => this.edit(reply, w, r.status, location, locationRefusal(r.error, form)),
        });
      }),
    );
    app.post('/app/w/:slug/private-locations/:id/rotate', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const location = await this.locations.rotateToken(w.ctx, this.id(request));
        return this.list(reply, w, 200, { revealed: { location, created: false } });
      }),
    );
    app.get('/app/w/:slug/private-locations/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const location = await this.locations.get(w.ctx, this.id(request));
        return this.requests.page(
          reply,
          200,
          deleteLocationPage(this.frame(w), location, await this.overview.names(w.ctx)),
        );
      }),
    );
    app.post('/app/w/:slug/private-locations/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        await this.locations.delete(w.ctx, this.id(request));
        return reply.redirect(`${privateLocationPath(w.ctx.workspace.slug)}?done=deleted`, 303);
      }),
    );
  }

  private id(request: FastifyRequest): string {
    return (request.params as { id: string }).id;
  }

  private frame(w: InWorkspace) {
    return this.requests.frame(w, w.membership, undefined, 'private-locations');
  }

  private async list(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    extra: Pick<PrivateLocationsPageData, 'revealed' | 'done' | 'form'>,
  ): Promise<FastifyReply> {
    const [locations, monitorNames] = await Promise.all([
      this.locations.list(w.ctx, { limit: 100 }),
      this.overview.names(w.ctx),
    ]);
    return this.requests.page(
      reply,
      status,
      privateLocationsPage(this.frame(w), {
        locations: locations.items,
        total: locations.totalSize,
        monitorNames,
        apiUrl: this.config.baseUrl,
        canWrite: w.ctx.scope === 'write',
        ...extra,
      }),
    );
  }

  private async edit(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    location: PrivateLocationView,
    form: LocationFormState,
  ): Promise<FastifyReply> {
    return this.requests.page(
      reply,
      status,
      editLocationPage(this.frame(w), { location, monitorNames: await this.overview.names(w.ctx), form }),
    );
  }
}
