// MCP tool of SLA reports: get_sla_report (a read tool: read-only credentials have it).
import { z } from 'zod';
import { slaQueryFields } from '../../sla/sla.schemas';
import type { SlaService } from '../../sla/sla.service';
import { entityId } from '../mcp-inputs';
import * as shapes from '../mcp-outputs';
import { defineTool, plain, type McpTool } from './define-tool';

export function slaTools(sla: SlaService): McpTool[] {
  return [
    defineTool({
      name: 'get_sla_report',
      title: 'Get an SLA report',
      description:
        'Uptime with maintenance windows left out, downtime and degraded minutes, incidents, MTTR and the error budget left against a target (default 99.9), for a monitor, a status-page component or a whole status page (per component and for the page). Give scope and id, and one period: month (YYYY-MM), quarter (YYYY-Qn), or from and to (RFC 3339, at most 400 days); UTC, not before 400 days ago.',
      kind: 'read',
      // The service's own input (sla.schemas.ts); ids also as numbers, as every tool takes them. The
      // rule across fields (exactly one period) and the bounds that depend on the clock are checked by
      // the service, with the same messages.
      input: z.object({ ...slaQueryFields.shape, id: entityId('id') }),
      output: shapes.slaReportOut,
      run: async (ctx, a) => plain(await sla.report(ctx, a)),
    }),
  ];
}
