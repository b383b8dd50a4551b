// MCP tools of monitors: configuration, status, summaries and HTTP response logs (SPEC §4.2).
import { z } from 'zod';
import { limitOffsetSchema, paginationOf } from '../../common/paging';
import { MONITOR_PAGING, TIME_RANGES, type MonitorsService } from '../../monitors/monitors.service';
import type { StatusReportsService } from '../../status-reports/status-reports.service';
import { entityId, pageArgs, range } from '../mcp-inputs';
import * as shapes from '../mcp-outputs';
import { defineTool, plain, type McpTool } from './define-tool';

/**
 * Listed on every plan (SPEC §1 counts them among the 21), but the service refuses them without the
 * response-logs feature: the description says so, so an assistant can tell the user why a call failed.
 */
const PAID_PLAN_NOTE =
  'Needs a paid plan (the response-logs feature): on the free plan every call is refused with "Upgrade for response logs".';

/** list_response_logs pages like the RPC response log list (SPEC §8). */
const logPage = limitOffsetSchema({ max: 100, default: 25 }).shape;

const monitorId = entityId('monitorId');

export function monitorTools(monitors: MonitorsService, reports: StatusReportsService): McpTool[] {
  return [
    defineTool({
      name: 'list_monitors',
      title: 'List monitors',
      description:
        'Monitors, newest first, with activeIncidentCount (unresolved status reports on components showing them). Use it to find a monitorId.',
      kind: 'read',
      input: z.object(pageArgs(MONITOR_PAGING)),
      output: z.object({ monitors: z.array(shapes.monitorListItemOut), pagination: shapes.paginationOut }),
      run: async (ctx, args) => {
        const listed = await monitors.list(ctx, args);
        const incidents = await reports.activeIncidentCounts(
          ctx,
          listed.items.map((m) => m.id),
        );
        return {
          // The output schema picks the fields a list row shows.
          monitors: listed.items.map((m) => ({
            ...m,
            url: m.url ?? m.uri,
            activeIncidentCount: incidents.get(m.id) ?? 0,
          })),
          pagination: paginationOf(listed),
        };
      },
    }),
    defineTool({
      name: 'get_monitor',
      title: 'Get a monitor',
      description:
        'The full configuration of one monitor (no latency or status: see get_monitor_status). To a read-only credential, the values of credential headers, gRPC metadata and OpenTelemetry export headers show as "[redacted]".',
      kind: 'read',
      input: z.object({ monitorId }),
      output: z.object({ monitor: shapes.monitorOut }),
      run: async (ctx, a) => {
        const { status: _status, ...config } = await monitors.get(ctx, a.monitorId);
        return { monitor: plain(config) };
      },
    }),
    defineTool({
      name: 'get_monitor_status',
      title: 'Get monitor status',
      description: 'Per-region health of one monitor: active, degraded, error or unknown.',
      kind: 'read',
      input: z.object({ monitorId }),
      output: shapes.monitorStatusOut,
      run: async (ctx, a) => plain(await monitors.status(ctx, a.monitorId)),
    }),
    defineTool({
      name: 'get_monitor_summary',
      title: 'Get monitor summary',
      description: 'Counts by outcome and latency p50 to p99 over 1d (default), 7d or 14d, with lastPingAt.',
      kind: 'read',
      input: z.object({ monitorId, range }),
      output: shapes.monitorSummaryOut,
      run: async (ctx, a) => plain(await monitors.summary(ctx, a.monitorId, a.range)),
    }),
    defineTool({
      name: 'list_response_logs',
      title: 'List response logs',
      description: `HTTP monitors only: recent checks per region with request status, status code and latency, newest first. ${PAID_PLAN_NOTE}`,
      kind: 'read',
      input: z.object({
        monitorId,
        range,
        limit: logPage.limit.describe('1 to 100, default 25'),
        offset: logPage.offset,
      }),
      output: z.object({
        logs: z.array(shapes.responseLogItemOut),
        hasMore: z.boolean(),
        nextOffset: z.number().int(),
      }),
      run: async (ctx, a) => {
        const result = await monitors.listResponseLogs(ctx, a.monitorId, {
          fromTimestamp: Date.now() - TIME_RANGES[a.range] * 86_400_000,
          limit: a.limit,
          offset: a.offset,
        });
        return plain({
          logs: result.logs.map((l) => ({
            id: l.id,
            region: l.region,
            status: l.status,
            statusCode: l.statusCode,
            latency: l.latency,
            trigger: l.trigger,
            cronTimestamp: l.cronTimestamp,
            error: l.error?.message ?? null,
          })),
          hasMore: result.hasMore,
          nextOffset: result.nextOffset,
        });
      },
    }),
    defineTool({
      name: 'get_response_log',
      title: 'Get a response log',
      description: `One check of an HTTP monitor: url, timing breakdown (dns, connect, tls, ttfb, transfer), redacted response headers, error and assertion results. ${PAID_PLAN_NOTE}`,
      kind: 'read',
      input: z.object({ monitorId, logId: entityId('logId') }),
      output: z.object({ log: shapes.responseLogOut }),
      run: async (ctx, a) => ({ log: plain(await monitors.getResponseLog(ctx, a.monitorId, a.logId)) }),
    }),
  ];
}
