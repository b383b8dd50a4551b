// Every mutation goes through here: the write-scope check, one transaction, and the audit entries
// written inside that same transaction. A mutation that records no audit entry is a bug and fails.
import { Inject, Injectable } from '@nestjs/common';
import { assertWriteScope, auditActorOf, type InstallationContext, type ServiceContext } from '../common/context';
import { Database } from '../database/database';
import { changedFields, sanitizeSnapshot, type Snapshot } from './audit-snapshot';
import { AuditRepository } from './audit.repository';

export interface AuditEntry {
  /** `<entity_type>.<verb>`; verb is create, update or delete unless a better word exists. */
  action: string;
  entityType: string;
  entityId: string;
  before?: Snapshot | null;
  after?: Snapshot | null;
  /** Defaults to the context's workspace (workspace creation names the new one). */
  workspaceId?: string;
}

export class AuditTrail {
  readonly entries: AuditEntry[] = [];
  private noChange = false;

  record(entry: AuditEntry): void {
    this.entries.push(entry);
  }

  /** The mutation turned out to change nothing (an idempotent repeat), so there is nothing to audit. */
  unchanged(): void {
    this.noChange = true;
  }

  get isUnchanged(): boolean {
    return this.noChange;
  }
}

@Injectable()
export class MutationRunner {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AuditRepository) private readonly audit: AuditRepository,
  ) {}

  async run<T>(ctx: ServiceContext | InstallationContext, fn: (trail: AuditTrail) => Promise<T>): Promise<T> {
    assertWriteScope(ctx);
    return this.db.transaction(async () => {
      const trail = new AuditTrail();
      const result = await fn(trail);
      if (trail.entries.length === 0 && !trail.isUnchanged) throw new Error('a mutation must record an audit entry');
      const actor = auditActorOf(ctx);
      await this.audit.insert(
        trail.entries.map((entry) => {
          const before = sanitizeSnapshot(entry.before);
          const after = sanitizeSnapshot(entry.after);
          const workspaceId = entry.workspaceId ?? ('workspace' in ctx ? ctx.workspace.id : undefined);
          if (!workspaceId) throw new Error(`audit entry ${entry.action} names no workspace`);
          return {
            workspaceId,
            action: entry.action,
            entityType: entry.entityType,
            entityId: entry.entityId,
            actorType: actor.actorType,
            actorId: actor.actorId,
            actorUserId: actor.actorUserId,
            via: ctx.via,
            changedFields: changedFields(before, after),
            before,
            after,
          };
        }),
      );
      return result;
    });
  }
}
