// Reading the audit log (SPEC §6): the last 14 days of a workspace's entries, newest first, on plans
// with the audit-log feature.
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { ServiceContext } from '../common/context';
import { NotFoundError, PreconditionFailedError } from '../common/errors';
import { isEntityId } from '../common/ids';
import { definedOnly } from '../common/objects';
import { pageOf, type PageBounds, type PageQuery, type Paged } from '../common/paging';
import { parseInput, singleLine } from '../common/validation';
import { isoDateTime, jsonObject, viewId } from '../common/view-schema';
import { hasFeature } from '../plans/plans';
import type { AuditLogEntity } from './audit-log.entity';
import { AuditRepository } from './audit.repository';

export const AUDIT_WINDOW_DAYS = 14;

/** An audit log entry as the service returns it, declared once (MCP's audit tools show it). */
export const auditEntryView = z.object({
  id: viewId,
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  actorType: z.string(),
  actorId: z.string(),
  actorUserId: z.string().nullable(),
  via: z.string(),
  changedFields: z.array(z.string()),
  before: jsonObject.nullable(),
  after: jsonObject.nullable(),
  createdAt: isoDateTime,
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

/** list_audit_logs (MCP, SPEC §8): page/perPage only. */
export const AUDIT_PAGING: PageBounds = { perPage: { max: 50, default: 50 } };

const filterSchema = z
  .object({
    entityType: z.string().min(1).max(64, { error: 'must be at most 64 characters' }).optional(),
    entityId: z.string().min(1).max(64, { error: 'must be at most 64 characters' }).optional(),
    actor: singleLine(128).optional(),
  })
  .refine((q) => q.entityId === undefined || q.entityType !== undefined, {
    path: ['entityId'],
    error: 'needs entityType',
  });

export function toAuditEntryView(e: AuditLogEntity): AuditEntryView {
  return {
    id: e.id,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId,
    actorType: e.actorType,
    actorId: e.actorId,
    actorUserId: e.actorUserId,
    via: e.via,
    changedFields: e.changedFields,
    before: e.before,
    after: e.after,
    createdAt: e.createdAt.toISOString(),
  };
}

@Injectable()
export class AuditService {
  constructor(@Inject(AuditRepository) private readonly audit: AuditRepository) {}

  async list(
    ctx: ServiceContext,
    query: PageQuery & { entityType?: string; entityId?: string; actor?: string } = {},
  ): Promise<Paged<AuditEntryView>> {
    this.assertPlan(ctx);
    const { entityType, entityId, actor, ...asked } = query;
    const filter = parseInput(filterSchema, definedOnly({ entityType, entityId, actor }));
    const page = pageOf(asked, AUDIT_PAGING);
    const { rows, total } = await this.audit.list({
      workspaceId: ctx.workspace.id,
      since: windowStart(),
      entityType: filter.entityType,
      entityId: filter.entityId,
      actor: filter.actor,
      ...page,
    });
    return { items: rows.map(toAuditEntryView), totalSize: total, page };
  }

  async get(ctx: ServiceContext, id: string): Promise<AuditEntryView> {
    this.assertPlan(ctx);
    const entry = isEntityId(id) ? await this.audit.findOne(ctx.workspace.id, id) : null;
    if (!entry || entry.createdAt < windowStart()) throw NotFoundError.of('audit log entry', id);
    return toAuditEntryView(entry);
  }

  private assertPlan(ctx: ServiceContext): void {
    if (!hasFeature(ctx.workspace.plan, 'audit-log'))
      throw new PreconditionFailedError('The audit log needs a plan with the audit-log feature');
  }
}

function windowStart(): Date {
  return new Date(Date.now() - AUDIT_WINDOW_DAYS * 86_400_000);
}
