// MCP tools of maintenance windows (SPEC §4.2). Announcing with `notify` is the service verb's rule.
import { z } from 'zod';
import { paginationOf } from '../../common/paging';
import { MAINTENANCE_PAGING } from '../../maintenances/maintenance.schemas';
import type { MaintenancesService } from '../../maintenances/maintenances.service';
import { componentIds, entityId, isoDate, notify, pageArgs } from '../mcp-inputs';
import * as shapes from '../mcp-outputs';
import { defineTool, type McpTool } from './define-tool';

export function maintenanceTools(maintenances: MaintenancesService): McpTool[] {
  return [
    defineTool({
      name: 'list_maintenances',
      title: 'List maintenances',
      description: 'Scheduled maintenances, newest first.',
      kind: 'read',
      input: z.object(pageArgs(MAINTENANCE_PAGING)),
      output: z.object({ maintenances: z.array(shapes.maintenanceOut), pagination: shapes.paginationOut }),
      run: async (ctx, args) => {
        const listed = await maintenances.list(ctx, args);
        return { maintenances: listed.items, pagination: paginationOf(listed) };
      },
    }),
    defineTool({
      name: 'create_maintenance',
      title: 'Create a maintenance',
      description:
        'Schedules a maintenance window on a page from `from` to `to` (ISO 8601). notify is required: true e-mails the page subscribers.',
      kind: 'mutation',
      input: z.object({
        pageId: entityId('pageId'),
        title: z.string({ error: 'title is required' }),
        message: z.string().default(''),
        from: isoDate('from'),
        to: isoDate('to'),
        pageComponentIds: componentIds.optional(),
        notify,
      }),
      output: z.object({
        maintenance: shapes.maintenanceOut,
        notified: z.boolean(),
        notifyError: shapes.notifyErrorOut,
      }),
      run: async (ctx, { from, to, notify: wanted, ...input }) => {
        const { record, notified, notifyFailure } = await maintenances.create(
          ctx,
          { ...input, from: new Date(from), to: new Date(to) },
          wanted,
        );
        return { maintenance: record, notified, ...(notifyFailure ? { notifyError: notifyFailure.message } : {}) };
      },
    }),
  ];
}
