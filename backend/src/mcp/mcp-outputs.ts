// The output schemas of the MCP tools: the real shape of every structuredContent, so a client (and
// the Inspector's --strict mode) can check what it gets. No node is left open (`{}`): free-form
// values (audit snapshots, channel settings) are JSON values, typed as such. The endpoint parses every
// tool's output with its schema before answering, so what is sent is what is announced; a field a
// view gains later is dropped from structuredContent until it is described here.
import { z } from 'zod';
import { CONTENT_TYPES } from '../content/content.service';
import { MAINTENANCE_STATUSES } from '../maintenances/maintenance.view';
import {
  CHECK_STATUSES,
  CHECK_TRIGGERS,
  DNS_RECORD_TYPES,
  HTTP_METHODS,
  MONITOR_KINDS,
  MONITOR_STATUSES,
  PERIODICITIES,
} from '../checks/check-config';
import { NOTIFICATION_PROVIDERS } from '../notifications/notification-channel.entity';
import { PRIVATE_LOCATION_STATUSES } from '../private-locations/private-location.view';
import { STATUS_REPORT_STATUSES } from '../status-reports/status-report.entity';

const id = z.string().describe('numeric id, as a string');
const ids = z.array(id);
const isoDate = z.string().describe('ISO 8601 date-time');
const count = z.number().int();
/** Any JSON value: snapshots and settings whose fields depend on the entity or provider. */
const jsonObject = z.record(z.string(), z.json());

export const paginationOut = z.object({
  page: count,
  perPage: count,
  totalSize: count,
  totalPages: count,
});

export const statusPageOut = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  published: z.boolean(),
  customDomain: z.string().nullable(),
  /** Origins that may show the page in a frame (none: no site may). */
  embedOrigins: z.array(z.string()),
});

export const componentOut = z.object({
  id,
  name: z.string(),
  type: z.enum(['monitor', 'static']),
  monitorId: id.nullable(),
  description: z.string(),
  groupId: id.nullable(),
  order: count,
});

const reportUpdateOut = z.object({
  id,
  status: z.enum(STATUS_REPORT_STATUSES),
  message: z.string(),
  date: isoDate,
  createdAt: isoDate,
  notifiedAt: isoDate.nullable().optional(),
});

export const statusReportOut = z.object({
  id,
  pageId: id,
  title: z.string(),
  status: z.enum(STATUS_REPORT_STATUSES),
  pageComponentIds: ids,
  updates: z.array(reportUpdateOut).describe('oldest first'),
  resolvedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const maintenanceOut = z.object({
  id,
  pageId: id,
  title: z.string(),
  message: z.string(),
  from: isoDate,
  to: isoDate,
  pageComponentIds: ids,
  status: z.enum(MAINTENANCE_STATUSES),
  notifiedAt: isoDate.nullable().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** Beside `notified` of the publishing tools: present exactly when notify was true and notified is false. */
export const notifyErrorOut = z
  .string()
  .optional()
  .describe('why the subscribers were not mailed (e.g. e-mail is not configured on the server)');

export const monitorListItemOut = z.object({
  id,
  kind: z.enum(MONITOR_KINDS),
  name: z.string(),
  url: z.string().nullable().describe('the URL, or the host of TCP, DNS, ICMP and gRPC monitors'),
  periodicity: z.enum(PERIODICITIES),
  regions: z.array(z.string()),
  tags: z.array(z.string()),
  active: z.boolean(),
  public: z.boolean(),
  activeIncidentCount: count,
});

const keyValue = z.object({ key: z.string(), value: z.string() });
const comparatorTarget = { comparator: z.string(), target: z.string() };

export const monitorOut = z.object({
  id,
  kind: z.enum(MONITOR_KINDS),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  uri: z.string().nullable(),
  periodicity: z.enum(PERIODICITIES),
  method: z.enum(HTTP_METHODS),
  body: z.string(),
  headers: z.array(keyValue),
  timeout: count,
  retry: count,
  alertQuorum: count.describe(
    'locations that must be in error (or degraded) to alert: 0 a strict majority, N at least N (all when fewer)',
  ),
  followRedirects: z.boolean(),
  regions: z.array(z.string()),
  tags: z.array(z.string()),
  active: z.boolean(),
  public: z.boolean(),
  degradedAt: count,
  degradedAtComputed: z.boolean(),
  statusCodeAssertions: z.array(z.object({ comparator: z.string(), target: z.number() })),
  bodyAssertions: z.array(z.object(comparatorTarget)),
  headerAssertions: z.array(z.object({ key: z.string(), ...comparatorTarget })),
  recordAssertions: z.array(z.object({ record: z.enum(DNS_RECORD_TYPES), ...comparatorTarget })),
  openTelemetry: z.object({ endpoint: z.string().optional(), headers: z.array(keyValue).optional() }).nullable(),
  grpc: z
    .object({
      service: z.string(),
      tls: z.boolean(),
      metadata: z.array(keyValue),
      expectedStatus: z.enum(['SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN']),
    })
    .nullable(),
  privateLocationIds: ids,
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const monitorStatusOut = z.object({
  id,
  regions: z.array(z.object({ region: z.string(), status: z.enum(MONITOR_STATUSES) })),
  privateLocations: z
    .array(z.object({ privateLocationId: id, status: z.enum(MONITOR_STATUSES) }))
    .optional()
    .describe('the private locations that run the monitor'),
});

export const monitorSummaryOut = z.object({
  id,
  timeRange: z.enum(['1d', '7d', '14d']),
  lastPingAt: isoDate.nullable(),
  totalSuccessful: count,
  totalDegraded: count,
  totalFailed: count,
  p50: z.number(),
  p75: z.number(),
  p90: z.number(),
  p95: z.number(),
  p99: z.number(),
});

export const responseLogItemOut = z.object({
  id,
  region: z.string(),
  status: z.enum(CHECK_STATUSES),
  statusCode: count.nullable(),
  latency: z.number(),
  trigger: z.enum(CHECK_TRIGGERS),
  cronTimestamp: isoDate,
  error: z.string().nullable(),
});

const ms = z.number().optional();
export const responseLogOut = z.object({
  id,
  monitorId: id,
  latency: z.number(),
  statusCode: count.nullable(),
  status: z.enum(CHECK_STATUSES),
  region: z.string(),
  cronTimestamp: isoDate,
  trigger: z.enum(CHECK_TRIGGERS),
  timestamp: isoDate,
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

export const notificationOut = z.object({
  id,
  name: z.string(),
  providerType: z.enum(NOTIFICATION_PROVIDERS),
  monitorIds: ids,
  settings: jsonObject.describe('the non-secret settings of the provider'),
  configuredSecrets: z.array(z.string()).describe('names of the settings holding a stored credential'),
  createdAt: isoDate,
  updatedAt: isoDate,
  lastDelivery: z
    .object({
      status: z
        .enum(['delivered', 'failed', 'retrying'])
        .describe('delivered; failed (given up); retrying (the last attempt failed, another follows)'),
      at: isoDate,
      responseStatus: z.number().int().nullable().describe("the receiver's HTTP status, if it answered over HTTP"),
      error: z.string().nullable().describe('why the last attempt failed; never a credential'),
    })
    .nullable()
    .describe("the channel's latest alert delivery attempt; null before the first"),
});

export const privateLocationOut = z.object({
  id,
  name: z.string(),
  monitorIds: ids,
  metadata: z.record(z.string(), z.string()),
  status: z.enum(PRIVATE_LOCATION_STATUSES),
  lastSeenAt: isoDate.nullable(),
  monitorCount: count,
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const auditEntryOut = z.object({
  id,
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  actorType: z.string(),
  actorId: z.string(),
  actorUserId: z.string().nullable(),
  via: z.string(),
  changedFields: z.array(z.string()),
  before: jsonObject.nullable(),
  after: jsonObject.nullable(),
  createdAt: isoDate,
});

export const searchHitOut = z.object({
  title: z.string(),
  type: z.enum(CONTENT_TYPES).optional(),
  snippet: z.string(),
  url: z.string(),
  path: z.string(),
});

export const contentPageOut = z.object({
  title: z.string(),
  type: z.enum(CONTENT_TYPES),
  path: z.string(),
  url: z.string(),
  markdown: z.string(),
});
