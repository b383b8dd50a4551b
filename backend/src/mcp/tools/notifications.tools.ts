// MCP tool of notification channels (SPEC §4.2): credentials are never shown.
import { z } from 'zod';
import { paginationOf } from '../../common/paging';
import { NOTIFICATION_PAGING, type NotificationsService } from '../../notifications/notifications.service';
import { pageArgs } from '../mcp-inputs';
import * as shapes from '../mcp-outputs';
import { defineTool, plain, type McpTool } from './define-tool';

export function notificationTools(notifications: NotificationsService): McpTool[] {
  return [
    defineTool({
      name: 'list_notifications',
      title: 'List notification channels',
      description: 'Notification channels and the monitors wired to each; credentials are never shown.',
      kind: 'read',
      input: z.object(pageArgs(NOTIFICATION_PAGING)),
      output: z.object({ notifications: z.array(shapes.notificationOut), pagination: shapes.paginationOut }),
      run: async (ctx, args) => {
        const listed = await notifications.list(ctx, args);
        return { notifications: plain(listed.items), pagination: paginationOf(listed) };
      },
    }),
  ];
}
