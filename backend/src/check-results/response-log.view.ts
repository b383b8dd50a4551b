// What the service layer returns for one check of an HTTP monitor (a response log): the stored
// result as the repository reads it. Every transport maps this view; MCP shows it as declared here.
import { z } from 'zod';
import { CHECK_STATUSES, CHECK_TRIGGERS, type CertificateInfo } from '../checks/check-config';
import { count, viewId } from '../common/view-schema';

const ms = z.number().optional();

/** The leaf certificate a check saw (CertificateInfo of checks/check-config.ts). */
export const certificateView = z.object({
  subject: z.string(),
  sans: z.array(z.string()).describe('subject alternative names, e.g. DNS:a.example'),
  issuer: z.string(),
  serial: z.string().describe('hexadecimal, upper case'),
  notBefore: z.string().describe('ISO 8601'),
  notAfter: z.string().describe('ISO 8601'),
  daysLeft: z.number().int().describe('whole days from the check to not-after; negative once expired'),
  verified: z.boolean().describe('whether the chain verified and the name matched'),
  verificationError: z.string().nullable(),
}) satisfies z.ZodType<CertificateInfo>;

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
  certificate: certificateView.nullable().describe("the leaf certificate of the check's TLS handshake"),
});
export type ResponseLogView = z.infer<typeof responseLogView>;
