// The dashboard's escalation policies: the list for every member, and for writers the form (a fixed
// row per possible step: minutes and a checkbox per channel, no JavaScript needed) that creates or
// edits one, and the deletion's confirmation. Every rule is the verb's; the form only reads its rows.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldIssue } from '../common/errors';
import { ESCALATION_POLICY_BOUNDS } from '../escalation-policies/escalation-policy.schemas';
import type { EscalationPolicyView } from '../escalation-policies/escalation-policy.view';
import {
  EscalationPoliciesService,
  type EscalationPolicyInput,
} from '../escalation-policies/escalation-policies.service';
import { MonitorsOverviewService } from '../monitors/monitors-overview.service';
import { NotificationsService } from '../notifications/notifications.service';
import { DashboardRequests, formOf, query, type Form, type InWorkspace } from './dashboard-requests';
import {
  deletePolicyPage,
  escalationPoliciesPage,
  escalationPolicyPath,
  policyFormPage,
  policyFormValues,
  type PolicyFormState,
  stepField,
} from './pages/escalation-policies.page';
import { type IssuePlacer, submitForm } from './submit-form';

const DONE: Record<string, string> = {
  created: 'Created the policy.',
  saved: 'Saved the changes.',
  deleted: 'Deleted the policy.',
};

/** The verb's words for a step's fields, as the form labels them. */
const PART: Record<string, string> = { afterMinutes: 'minutes', channelIds: 'channels' };

/**
 * The form as the verb's input: the filled rows in order (a row with neither minutes nor a channel is
 * left out), and the row each step came from, to put the verb's messages beside it. Minutes that are
 * not a number are the form's own error.
 */
export function parsePolicyForm(form: Form): {
  input: EscalationPolicyInput;
  errors: Record<string, string>;
  rows: number[];
} {
  const errors: Record<string, string> = {};
  const steps: NonNullable<EscalationPolicyInput['steps']> = [];
  const rows: number[] = [];
  for (let row = 0; row < ESCALATION_POLICY_BOUNDS.steps; row++) {
    const prefix = stepField(row, 'channel.');
    const channelIds = Object.keys(form)
      .filter((k) => k.startsWith(prefix) && form[k] === 'on')
      .map((k) => k.slice(prefix.length));
    const minutes = (form[stepField(row, 'minutes')] ?? '').trim();
    if (minutes === '' && !channelIds.length) continue;
    if (!/^\d{1,9}$/.test(minutes)) {
      errors[`step.${row}`] = minutes === '' ? 'minutes: is required' : 'minutes: must be a whole number of minutes';
      continue;
    }
    steps.push({ afterMinutes: Number(minutes), channelIds });
    rows.push(row);
  }
  return { input: { name: form.name ?? '', steps }, errors, rows };
}

/** Puts a verb's issue beside its row (`steps.2.afterMinutes` → the row step 2 came from) or the name. */
function placer(rows: number[]): IssuePlacer {
  return (issue: FieldIssue) => {
    const [head, index, part, ...rest] = issue.field.split('.');
    if (head === 'name') return { field: 'name', message: issue.message };
    if (head !== 'steps') return null;
    if (index === undefined) return { field: 'step.0', message: issue.message };
    const words = [PART[part ?? ''] ?? part, ...rest].filter(Boolean).join('.');
    return { field: `step.${rows[Number(index)] ?? 0}`, message: words ? `${words}: ${issue.message}` : issue.message };
  };
}

@Injectable()
export class EscalationPolicyFormsRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(EscalationPoliciesService) private readonly policies: EscalationPoliciesService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(MonitorsOverviewService) private readonly overview: MonitorsOverviewService,
  ) {}

  register(app: FastifyInstance): void {
    app.get('/app/w/:slug/escalation-policies', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const [policies, channelNames, monitorNames] = await Promise.all([
          this.policies.list(w.ctx),
          this.channelNames(w),
          this.overview.names(w.ctx),
        ]);
        const done = DONE[query(request).done ?? ''];
        return this.requests.page(
          reply,
          200,
          escalationPoliciesPage(this.frame(w), {
            policies,
            channelNames,
            monitorNames,
            canWrite: w.ctx.scope === 'write',
            done,
          }),
        );
      }),
    );
    app.get('/app/w/:slug/escalation-policies/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        return this.form(reply, w, 200, undefined, { values: { [stepField(0, 'minutes')]: '0' }, errors: {} });
      }),
    );
    app.post('/app/w/:slug/escalation-policies/new', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const form = formOf(request);
        const parsed = parsePolicyForm(form);
        return submitForm(reply, {
          parse: () => parsed,
          call: (input) => this.policies.create(w.ctx, input),
          done: () => `${escalationPolicyPath(w.ctx.workspace.slug)}?done=created`,
          refused: (r) =>
            this.form(reply, w, r.status, undefined, { values: form, errors: r.errors, message: r.message }),
          fields: placer(parsed.rows),
        });
      }),
    );
    app.get('/app/w/:slug/escalation-policies/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const policy = await this.policies.get(w.ctx, this.id(request));
        return this.form(reply, w, 200, policy, { values: policyFormValues(policy), errors: {} });
      }),
    );
    app.post('/app/w/:slug/escalation-policies/:id/edit', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const policy = await this.policies.get(w.ctx, this.id(request));
        const form = formOf(request);
        const parsed = parsePolicyForm(form);
        return submitForm(reply, {
          parse: () => parsed,
          call: (input) => this.policies.update(w.ctx, policy.id, input),
          done: () => `${escalationPolicyPath(w.ctx.workspace.slug)}?done=saved`,
          refused: (r) => this.form(reply, w, r.status, policy, { values: form, errors: r.errors, message: r.message }),
          fields: placer(parsed.rows),
        });
      }),
    );
    app.get('/app/w/:slug/escalation-policies/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWriter(request);
        const policy = await this.policies.get(w.ctx, this.id(request));
        return this.requests.page(
          reply,
          200,
          deletePolicyPage(this.frame(w), policy, await this.overview.names(w.ctx)),
        );
      }),
    );
    app.post('/app/w/:slug/escalation-policies/:id/delete', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const id = this.id(request);
        return submitForm(reply, {
          call: () => this.policies.delete(w.ctx, id),
          done: () => `${escalationPolicyPath(w.ctx.workspace.slug)}?done=deleted`,
          refused: async (r) =>
            this.requests.page(
              reply,
              r.status,
              deletePolicyPage(
                this.frame(w),
                await this.policies.get(w.ctx, id),
                await this.overview.names(w.ctx),
                r.error.message,
              ),
            ),
        });
      }),
    );
  }

  private id(request: FastifyRequest): string {
    return (request.params as { id: string }).id;
  }

  private frame(w: InWorkspace) {
    return this.requests.frame(w, w.membership, undefined, 'escalation-policies');
  }

  /** The workspace's channels by id, in the order the channels page lists them (newest first). */
  private async channelNames(w: InWorkspace): Promise<Map<string, string>> {
    const { items } = await this.notifications.list(w.ctx, { page: 1, perPage: 200 });
    return new Map(items.map((c) => [c.id, c.name || `${c.providerType} #${c.id}`]));
  }

  private async form(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    policy: EscalationPolicyView | undefined,
    form: PolicyFormState,
  ): Promise<FastifyReply> {
    return this.requests.page(
      reply,
      status,
      policyFormPage(this.frame(w), { policy, channelNames: await this.channelNames(w), form }),
    );
  }
}
