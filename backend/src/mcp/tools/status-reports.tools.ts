// MCP tools of status reports (SPEC §4.2). Publishing with `notify` is the service verbs' rule; these
// tools only require the caller to choose (rule 1) and show what the verb answered.
import { z } from 'zod';
import { paginationOf } from '../../common/paging';
import { STATUS_REPORT_FILTERS, STATUS_REPORT_PAGING } from '../../status-reports/status-report.schemas';
import { statusReportView } from '../../status-reports/status-report.view';
import type { PostedUpdate, StatusReportsService } from '../../status-reports/status-reports.service';
import type { Published } from '../../subscribers/page-publisher';
import { componentIds, entityId, notify, pageArgs } from '../mcp-inputs';
import * as shapes from '../mcp-outputs';
import { defineTool, type McpTool } from './define-tool';

/** The statuses a report takes, as its view declares them. */
const status = z.enum(statusReportView.shape.status.options);
const message = z.string({ error: 'message is required' });
const published = z.object({
  statusReport: shapes.statusReportOut,
  notified: z.boolean(),
  notifyError: shapes.notifyErrorOut,
});
const publishedOut = ({ record, notified, notifyFailure }: Published<PostedUpdate>) => ({
  statusReport: record.report,
  notified,
  ...(notifyFailure ? { notifyError: notifyFailure.message } : {}),
});
/** The page the report must be on; one of another page is not found. */
const onPage = entityId('pageId')
  .optional()
  .describe('pageId: optional; when given, a report of another status page is not found');

export function statusReportTools(reports: StatusReportsService): McpTool[] {
  return [
    defineTool({
      name: 'list_status_reports',
      title: 'List status reports',
      description: 'Status reports, newest first. filter: active (default, unresolved only) or all.',
      kind: 'read',
      input: z.object({ filter: z.enum(STATUS_REPORT_FILTERS).default('active'), ...pageArgs(STATUS_REPORT_PAGING) }),
      output: z.object({ statusReports: z.array(shapes.statusReportOut), pagination: shapes.paginationOut }),
      run: async (ctx, args) => {
        const listed = await reports.list(ctx, args);
        return { statusReports: listed.items, pagination: paginationOf(listed) };
      },
    }),
    defineTool({
      name: 'create_status_report',
      title: 'Create a status report',
      description:
        'Opens a status report on a page with its first public update. notify is required: true e-mails the page subscribers.',
      kind: 'mutation',
      input: z.object({
        pageId: entityId('pageId'),
        title: z.string({ error: 'title is required' }),
        status: status.default('investigating'),
        message,
        pageComponentIds: componentIds.optional(),
        notify,
      }),
      output: published,
      run: async (ctx, { notify: wanted, ...input }) => publishedOut(await reports.create(ctx, input, wanted)),
    }),
    defineTool({
      name: 'add_status_report_update',
      title: 'Add a status report update',
      description: 'Posts a public update (status and message) on a report. notify is required.',
      kind: 'mutation',
      input: z.object({ statusReportId: entityId('statusReportId'), pageId: onPage, status, message, notify }),
      output: published,
      run: async (ctx, { statusReportId, pageId, notify: wanted, ...input }) =>
        publishedOut(await reports.addUpdate(ctx, statusReportId, input, wanted, pageId)),
    }),
    defineTool({
      name: 'update_status_report',
      title: 'Update a status report',
      description:
        'Changes the title, status or affected components of a report without posting a public update, or publishes a draft (draft false); nobody is notified.',
      kind: 'mutation',
      destructive: true,
      input: z.object({
        statusReportId: entityId('statusReportId'),
        pageId: onPage,
        title: z.string().optional(),
        status: status.optional(),
        pageComponentIds: componentIds.optional(),
        draft: z
          .boolean()
          .optional()
          .describe('false publishes a draft (one opened by an auto-incident); a published report stays published'),
      }),
      output: z.object({ statusReport: shapes.statusReportOut }),
      run: async (ctx, { statusReportId, pageId, ...patch }) => ({
        statusReport: await reports.update(ctx, statusReportId, patch, undefined, pageId),
      }),
    }),
    defineTool({
      name: 'resolve_status_report',
      title: 'Resolve a status report',
      description: 'Posts the final, resolved update of a report. notify is required.',
      kind: 'mutation',
      input: z.object({ statusReportId: entityId('statusReportId'), pageId: onPage, message, notify }),
      output: published,
      run: async (ctx, a) => publishedOut(await reports.resolve(ctx, a.statusReportId, a.message, a.notify, a.pageId)),
    }),
  ];
}
