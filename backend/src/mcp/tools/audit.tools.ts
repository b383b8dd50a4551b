// MCP tools of the audit log (SPEC §4.2), on plans with the audit-log feature.
import { z } from 'zod';
import { AUDIT_PAGING, type AuditService } from '../../audit/audit.service';
import { paginationOf } from '../../common/paging';
import { auditEntityId, entityId, pageArgs } from '../mcp-inputs';
import * as shapes from '../mcp-outputs';
import { defineTool, plain, type McpTool } from './define-tool';

export function auditTools(audit: AuditService): McpTool[] {
  return [
    defineTool({
      name: 'list_audit_logs',
      title: 'List audit log entries',
      description: 'Audit log of the last 14 days, newest first; optionally one entity (entityType with entityId).',
      kind: 'read',
      feature: 'audit-log',
      input: z.object({
        ...pageArgs(AUDIT_PAGING),
        entityType: z.string().optional(),
        entityId: auditEntityId().optional(),
      }),
      output: z.object({ entries: z.array(shapes.auditEntryOut), pagination: shapes.paginationOut }),
      run: async (ctx, args) => {
        const listed = await audit.list(ctx, args);
        return { entries: plain(listed.items), pagination: paginationOf(listed) };
      },
    }),
    defineTool({
      name: 'get_audit_log',
      title: 'Get an audit log entry',
      description: 'One audit log entry with its before and after snapshots and changedFields.',
      kind: 'read',
      feature: 'audit-log',
      input: z.object({ auditLogId: entityId('auditLogId') }),
      output: z.object({ entry: shapes.auditEntryOut }),
      run: async (ctx, a) => ({ entry: plain(await audit.get(ctx, a.auditLogId)) }),
    }),
  ];
}
