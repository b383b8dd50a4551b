// What the service layer returns for one check of an HTTP monitor (a response log): the stored
// result as the repository reads it. Every transport maps this view; MCP shows it as declared here.
import { z } from 'zod';
import { CHECK_STATUSES, CHECK_TRIGGERS } from '../checks/check-config';
import { count, viewId } from '../common/view-schema';

const ms = z.number().optional();

export const responseLogView = z.object({
  id: viewId,
  monitorId: viewId,
  latency: z.number(),
  statusCode: count.nullable(),
  status: z.enum(CHECK_STATUSES),
  region: z.string(),
  cronTimestamp: z.date(),
  trigger: z.enum(CHECK_TRIGGERS),
  timestamp: z.date(),
  timing: z
    .object({ dns: ms, connect: ms, tls: ms, ttfb: ms, transfer: ms })
    .nullable()
    .describe('milliseconds per phase'),
  url: z.string().nullable(),
  error: z.object({ kind: z.string(), message: z.string() }).nullable(),
  assertions: z.array(
    z.object({
      type: z.enum(['status_code', 'body', 'header', 'record']),
      comparator: z.string(),
      target: z.union([z.string(), z.number()]),
      key: z.string().optional(),
      record: z.string().optional(),
      actual: z.union([z.string(), z.number()]).nullable(),
      passed: z.boolean(),
    }),
  ),
  headers: z.record(z.string(), z.string()).nullable().describe('response headers, credentials redacted'),
});
export type ResponseLogView = z.infer<typeof responseLogView>;
