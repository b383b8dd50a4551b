// Validation of the results an agent reports (POST /agent/v1/report, and the embedded agent through
// the same path). Each result is judged on its own: a bad one is refused by its index with a message
// that names the field and the bound, and the rest of the batch is stored. Nothing here looks at the
// database, so an answer never depends on whether a monitor exists (that is report-authorization.ts).
//
// Two kinds of fields, two treatments:
// - what the agent computes or copies from the work item (ids, enums, numbers, dates) is refused when
//   out of bounds;
// - text observed on the target (error messages, URLs, response headers, assertion values) is clipped
//   to a bound and made storable (NUL and lone surrogates replaced), because the agent cannot know the
//   bound and refusing it would lose a true result.
import { z } from 'zod';
import { isEntityId } from '../common/ids';
import { CHECK_STATUSES, CHECK_TRIGGERS, RESULT_RETENTION_DAYS } from '../checks/check-config';
import type { ReportedResult } from '../checks/check-types';
import { PROBE_ERROR_KINDS } from '../checks/check-types';

const DAY_MS = 86_400_000;

export const REPORT_BOUNDS = {
  /** How far a reported time may lie ahead of the server's clock (agents' clocks drift a little). */
  futureSkewMs: 10 * 60_000,
  /** How far back: the retention window, which daily partitions of check_results always cover. */
  pastMs: RESULT_RETENTION_DAYS * DAY_MS,
  /** Latencies and timings: a check never outlasts the longest period (1 h); a day leaves slack. */
  latencyMaxMs: DAY_MS,
  periodMaxMs: DAY_MS,
  statusCodeMax: 999,
  attemptsMax: 1000,
  assertions: 50,
  headers: 100,
  location: 64,
  // Text observed on the target is clipped to these lengths.
  errorMessage: 4096,
  url: 8192,
  headerName: 256,
  headerValue: 8192,
  assertionText: 2048,
  // The leaf certificate of a TLS handshake (details.certificate): names and errors clipped, the first
  // SANs kept (a shared certificate may list hundreds).
  certificateName: 1024,
  certificateSans: 100,
  certificateSan: 256,
  certificateError: 1024,
  /** Hex digits of a serial: RFC 5280 allows 20 octets; some issuers wrote more. */
  certificateSerial: 128,
  /**
   * Days left either way: RFC 5280 lets a certificate without a real end say 9999-12-31 (some 2.9
   * million days away), and a true observation is not refused.
   */
  certificateDays: 3_000_000,
} as const;
const B = REPORT_BOUNDS;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Clipped to `max` characters, with what PostgreSQL text and jsonb cannot hold replaced by U+FFFD. */
export function storableText(value: string, max: number): string {
  return value.slice(0, max).replace(LONE_SURROGATE, '\uFFFD').replace(/\0/g, '\uFFFD');
}

const text = (max: number) => z.string({ error: 'must be a string' }).transform((s) => storableText(s, max));

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** A Date (embedded agent) or an ISO 8601 string (over HTTP), inside the window around `now`. */
function instant(now: Date) {
  const from = now.getTime() - B.pastMs;
  const to = now.getTime() + B.futureSkewMs;
  return z.unknown().transform((value, ctx): Date => {
    const date =
      value instanceof Date ? value : typeof value === 'string' && ISO_DATE_TIME.test(value) ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date-time' });
      return z.NEVER;
    }
    if (date.getTime() < from || date.getTime() > to) {
      ctx.addIssue({
        code: 'custom',
        message: `must be within the last ${RESULT_RETENTION_DAYS} days and at most ${B.futureSkewMs / 60_000} minutes ahead of the server's clock`,
      });
      return z.NEVER;
    }
    return date;
  });
}

const object = { error: 'must be an object' };
const int = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(min, { error: `must be between ${min} and ${max}` })
    .max(max, { error: `must be between ${min} and ${max}` });
const milliseconds = z
  .number({ error: 'must be a number' })
  .min(0, { error: `must be between 0 and ${B.latencyMaxMs}` })
  .max(B.latencyMaxMs, { error: `must be between 0 and ${B.latencyMaxMs}` });
const id = z.string({ error: 'must be a string' }).refine(isEntityId, { error: 'must be a numeric id' });

/** A phase of a check; one measured below zero (clock steps) counts as 0, as the probes count it. */
const phase = z
  .number({ error: 'must be a number' })
  .max(B.latencyMaxMs, { error: `must be at most ${B.latencyMaxMs}` })
  .transform((ms) => Math.max(0, ms))
  .optional();
const timings = z.object({ dns: phase, connect: phase, tls: phase, ttfb: phase, transfer: phase }, object);

const assertion = z.object(
  {
    type: z.enum(['status_code', 'body', 'header', 'record'], { error: 'must be status_code, body, header or record' }),
    comparator: z
      .string({ error: 'must be a string' })
      .regex(/^[a-z_]{1,32}$/, { error: 'must be a comparator name (a-z and _, at most 32 characters)' }),
    target: z.union([z.number(), text(B.assertionText)], { error: 'must be a number or a string' }),
    key: text(B.headerName).optional(),
    record: text(B.headerName).optional(),
    actual: z.union([z.number(), text(B.assertionText), z.null()], { error: 'must be a number, a string or null' }),
    passed: z.boolean({ error: 'must be a boolean' }),
  },
  object,
);

const certificateDate = z
  .string({ error: 'must be a string' })
  .refine((v) => ISO_DATE_TIME.test(v) && !Number.isNaN(new Date(v).getTime()), {
    error: 'must be an ISO 8601 date-time',
  });

/** The leaf certificate a check saw (CertificateInfo). */
const certificate = z.object(
  {
    subject: text(B.certificateName),
    sans: z
      .array(z.string({ error: 'must be a string' }), { error: 'must be an array' })
      .transform((all) => all.slice(0, B.certificateSans).map((san) => storableText(san, B.certificateSan))),
    issuer: text(B.certificateName),
    serial: z
      .string({ error: 'must be a string' })
      .regex(new RegExp(`^[0-9A-Fa-f]{1,${B.certificateSerial}}$`), {
        error: `must be 1 to ${B.certificateSerial} hexadecimal digits`,
      })
      .transform((v) => v.toUpperCase()),
    notBefore: certificateDate,
    notAfter: certificateDate,
    daysLeft: int(-B.certificateDays, B.certificateDays),
    verified: z.boolean({ error: 'must be a boolean' }),
    verificationError: text(B.certificateError).nullable(),
  },
  object,
);

/** Response headers: the first 100, names and values clipped. */
const headers = z.record(z.string(), z.string({ error: 'must be a string' }), object).transform((all) =>
  Object.fromEntries(
    Object.entries(all)
      .slice(0, B.headers)
      .map(([k, v]) => [storableText(k, B.headerName), storableText(v, B.headerValue)]),
  ),
);

function resultSchema(now: Date) {
  return z.object(
    {
      run: z
        .object(
          {
            monitorId: id,
            location: z
              .string({ error: 'must be a string' })
              .min(1, { error: 'is required' })
              .max(B.location, { error: `must be at most ${B.location} characters` }),
            trigger: z.enum(CHECK_TRIGGERS, { error: 'must be cron or api' }),
            triggerId: id.nullable().default(null),
            cronTimestamp: instant(now),
            // Not trusted: the schedule moves on by its own period (see result-ingest.ts).
            periodMs: int(0, B.periodMaxMs).default(0),
          },
          object,
        )
        .superRefine((run, ctx) => {
          if (run.trigger === 'api' && run.triggerId === null)
            ctx.addIssue({ code: 'custom', path: ['triggerId'], message: 'is required for trigger api' });
          if (run.trigger === 'cron' && run.triggerId !== null)
            ctx.addIssue({ code: 'custom', path: ['triggerId'], message: 'must be null for trigger cron' });
        }),
      outcome: z
        .object(
          {
            status: z.enum(CHECK_STATUSES, { error: 'must be success, degraded or error' }),
            latencyMs: milliseconds,
            statusCode: int(0, B.statusCodeMax).nullable().default(null),
            timings: timings.nullable().default(null),
            error: z
              .object(
                {
                  kind: z.enum(PROBE_ERROR_KINDS, { error: `must be one of ${PROBE_ERROR_KINDS.join(', ')}` }),
                  message: text(B.errorMessage),
                },
                object,
              )
              .nullable()
              .default(null),
            assertions: z
              .array(assertion, { error: 'must be an array' })
              .max(B.assertions, { error: `must have at most ${B.assertions} entries` })
              .default([]),
            headers: headers.nullable().default(null),
            url: text(B.url).nullable().default(null),
            attempts: int(0, B.attemptsMax).default(1),
            // Of the kind-specific details only the certificate is stored; the rest are for the
            // agent's own exports and are dropped.
            details: z.object({ certificate: certificate.nullable().optional() }, object).optional(),
          },
          object,
        )
        .transform(({ details, ...outcome }) => ({
          ...outcome,
          details: details?.certificate ? { certificate: details.certificate } : {},
        })),
      startedAt: instant(now),
    },
    object,
  );
}

export interface ResultError {
  /** Position of the result in the reported batch. */
  index: number;
  /** `field: problem` for each problem, e.g. `run.cronTimestamp: must be an ISO 8601 date-time`. */
  message: string;
}

/** Splits a batch into valid results (with their positions) and errors by position. */
export function validateResults(
  results: readonly unknown[],
  now: Date,
): { valid: Array<{ index: number; result: ReportedResult }>; errors: ResultError[] } {
  const schema = resultSchema(now);
  const valid: Array<{ index: number; result: ReportedResult }> = [];
  const errors: ResultError[] = [];
  results.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      const result: ReportedResult = parsed.data;
      valid.push({ index, result });
      return;
    }
    const message = parsed.error.issues
      .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : '(result)'}: ${issue.message}`)
      .join('; ');
    errors.push({ index, message });
  });
  return { valid, errors };
}
