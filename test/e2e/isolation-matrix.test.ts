// The cross-workspace isolation matrix, generated from what the server registers: every RPC method of
// every service the RPC router serves, every MCP tool of tools/list, every HTTP route of the Fastify
// instance (and of the OpenAPI document) and the agent endpoints. Workspace A calls each of them with
// workspace B's ids, with its read and its write credential; every call must answer not-found, exactly
// as for an id that exists nowhere (so the answer reveals nothing), and change none of B's rows.
//
// The tables below say how to call each method, tool and route with a foreign id: which request field
// carries which kind of id and a valid rest of the request. Which fields carry ids is read from the
// request descriptors and tool schemas at run time, so a new method, tool, route or id field without
// an entry fails the coverage tests, naming it. Methods that take no id are listed as id-free.
import { Code, ConnectError, createClient, type Transport } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport } from '@connectrpc/connect-node';
import type { DescMethod, DescService } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AlertService } from '@uptime/proto/gen/alert/v1/alert_service_pb';
import { MaintenanceService } from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb';
import { Periodicity, Region, TimeRange } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { PrivateLocationService } from '@uptime/proto/gen/private_location/v1/private_location_service_pb';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import {
  StatusReportService,
  StatusReportStatus,
  StatusReportFilter,
} from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { SubscriberService } from '@uptime/proto/gen/subscriber/v1/subscriber_service_pb';
import { SlaService } from '@uptime/proto/gen/sla/v1/sla_service_pb';
import { ImportService } from '@uptime/proto/gen/imports/v1/import_service_pb';
import { ExportService } from '@uptime/proto/gen/exports/v1/export_service_pb';
import { AuditService } from '../../backend/src/audit/audit.service';
import { emptyResult } from '../../backend/src/checker/probe';
import { privateLocation } from '../../backend/src/schedules/slots';
import { CONTENT_TYPES, ContentService } from '../../backend/src/content/content.service';
import { McpTools } from '../../backend/src/mcp/tools';
import { REGIONS } from '../../backend/src/checks/check-config';
import { RpcServer } from '../../backend/src/rpc/rpc.server';
import { listenGrpcOn, type GrpcListener } from '../../backend/src/server/grpc-listener';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import {
  idFieldPaths,
  asIfMissing,
  rowDiff,
  schemaIdPaths,
  serverRoutes,
  shapeOf,
  textOf,
  workspaceRows,
} from '../support/isolation';
import { reportRound } from '../support/alerts';
import { storeResult } from '../support/results';
import { withKey } from '../support/rpc';

const KINDS = ['http', 'tcp', 'dns', 'icmp', 'grpc', 'tls', 'heartbeat'] as const;
type Kind = (typeof KINDS)[number];
const KIND_NAME: Record<Kind, string> = {
  http: 'HTTP',
  tcp: 'TCP',
  dns: 'DNS',
  icmp: 'ICMP',
  grpc: 'GRPC',
  tls: 'TLS',
  heartbeat: 'Heartbeat',
};

/** One workspace's resources, one of each kind; the ghost set has ids that exist nowhere. */
interface Ids {
  monitor: Record<Kind, string>;
  notification: string;
  escalationPolicy: string;
  alert: string;
  privateLocation: string;
  page: string;
  group: string;
  component: string;
  staticComponent: string;
  report: string;
  maintenance: string;
  subscriber: string;
  responseLog: string;
  auditLog: string;
}

/** How to build a request (or arguments, or a path) from the caller's own ids and the foreign ids. */
type Build<T> = (own: Ids, foreign: Ids) => T;

interface Case<T> {
  /** What the case sends, for failure messages. */
  what: string;
  /** The request fields that carry a foreign id in this case. */
  fields: string[];
  build: Build<T>;
  /**
   * not_found (default): the answer is not-found. like_missing: the answer may be another refusal (a
   * read-only or unchangeable field) or, for a filter, an empty success, but it must be exactly the
   * answer for an id that exists nowhere.
   */
  expect?: 'not_found' | 'like_missing';
}

interface Entry<T> {
  /** Set for methods that take no id of a resource: why. */
  idFree?: string;
  cases: Case<T>[];
  /** Fields whose names look like ids that no case fills with a foreign id, and why. */
  notIds?: Record<string, string>;
}

const PING = 'a heartbeat ping: the secret token is the credential; an unknown token is 404 whatever its workspace';
const PING_TOKEN = 'the ping token, not an id';
const PING_SUFFIX = 'start, fail, log or an exit code';
const idFree = <T>(why: string, notIds?: Record<string, string>): Entry<T> => ({ idFree: why, cases: [], notIds });
const OUTPUT_ONLY = 'output only: the server assigns it and ignores it in requests';
const ALERT_CURSOR = 'a paging cursor: it only orders the caller’s own alerts (those with a smaller id), names no row';
const ALERT_LINK_SHOW =
  'shows the one alert its signed token names, no workspace credential (test/e2e/alerts-history.test.ts)';
const ALERT_LINK_ACK =
  'acknowledges the one alert its signed token names, no workspace credential; forged and expired tokens are 403 (test/e2e/alerts-history.test.ts)';
const ALERT_LINK_TOKEN = 'the signed token (alert id, expiry, HMAC), not an id: an altered id fails the HMAC';

type Req = Record<string, unknown>;
const one = <T>(what: string, fields: string[], build: Build<T>, expect?: Case<T>['expect']): Case<T> => ({
  what,
  fields,
  build,
  expect,
});
/** The same request for a foreign monitor of every kind. */
const everyMonitor = <T>(fields: string[], build: (monitorId: string, own: Ids) => T): Case<T>[] =>
  KINDS.map((k) => one(`${k} monitor of B`, fields, (own, foreign) => build(foreign.monitor[k], own)));

const validMonitor = (kind: Kind): Req =>
  kind === 'heartbeat' ? { name: 'iso heartbeat', active: true, periodSeconds: 3600n } : probedMonitor(kind);
const probedMonitor = (kind: Exclude<Kind, 'heartbeat'>): Req => ({
  name: `iso ${kind}`,
  periodicity: Periodicity.PERIODICITY_1M,
  regions: [Region.FLY_AMS],
  active: true,
  ...(kind === 'http'
    ? { url: 'http://127.0.0.1:9/health' }
    : {
        uri: { tcp: '127.0.0.1:9', dns: 'example.com', icmp: '127.0.0.1', grpc: '127.0.0.1:9', tls: '127.0.0.1:9' }[
          kind
        ],
      }),
});
const webhook = (monitorIds: string[]): Req => ({
  name: 'iso hook',
  providerType: 'webhook',
  monitorIds,
  provider: {
    case: 'webhook',
    value: { endpoint: 'http://127.0.0.1:9/hook', headers: [{ key: 'X-Team', value: 'ops' }] },
  },
});
const mask = (...paths: string[]) => ({ paths });
const day = 86_400_000;
/** An SLA report's period: this month (UTC), always within the 400 days a report reaches. */
const thisMonth = () => new Date().toISOString().slice(0, 7);
const maintenanceWindow = () => ({
  from: timestampFromDate(new Date(Date.now() + day)),
  to: timestampFromDate(new Date(Date.now() + day + 3_600_000)),
});

/**
 * RPC methods by `<service type name>/<method>`. Methods named Get* and List* read; the others
 * mutate. Field paths are proto field names.
 */
const RPC: Record<string, Entry<Req>> = {};
// A heartbeat monitor has no private locations (nothing probes it): only its own id is an id.
/** A monitor's alerting policy naming B's escalation policy, or B's monitor as a parent. */
const alertingCases = (build: (alerting: Req, own: Ids) => Req): Case<Req>[] => [
  one(`B's escalation policy in alerting.escalation_policy_id`, ['monitor.alerting.escalation_policy_id'], (own, f) =>
    build({ escalationPolicyId: f.escalationPolicy }, own),
  ),
  one(`B's monitor in alerting.parent_monitor_ids`, ['monitor.alerting.parent_monitor_ids'], (own, f) =>
    build({ parentMonitorIds: [f.monitor.http] }, own),
  ),
];
RPC['monitor.v1.MonitorService/CreateHeartbeatMonitor'] = {
  cases: alertingCases((alerting) => ({ monitor: { ...validMonitor('heartbeat'), alerting } })),
  notIds: { 'monitor.id': OUTPUT_ONLY },
};
RPC['monitor.v1.MonitorService/UpdateHeartbeatMonitor'] = {
  cases: [
    one(`heartbeat monitor of B`, ['id'], (_own, foreign) => ({
      id: foreign.monitor.heartbeat,
      monitor: { name: 'hijacked' },
    })),
    ...alertingCases((alerting, own) => ({ id: own.monitor.heartbeat, monitor: { alerting } })),
  ],
  notIds: { 'monitor.id': OUTPUT_ONLY },
};
for (const k of KINDS) {
  if (k === 'heartbeat') continue;
  const K = KIND_NAME[k];
  RPC[`monitor.v1.MonitorService/Create${K}Monitor`] = {
    cases: [
      one(
        `B's private location in the read-only private_location_ids`,
        ['monitor.private_location_ids'],
        (_own, foreign) => ({ monitor: { ...validMonitor(k), privateLocationIds: [foreign.privateLocation] } }),
        'like_missing',
      ),
      ...alertingCases((alerting) => ({ monitor: { ...validMonitor(k), alerting } })),
    ],
    notIds: { 'monitor.id': OUTPUT_ONLY },
  };
  RPC[`monitor.v1.MonitorService/Update${K}Monitor`] = {
    cases: [
      one(`${k} monitor of B`, ['id'], (_own, foreign) => ({ id: foreign.monitor[k], monitor: { name: 'hijacked' } })),
      one(
        `A's ${k} monitor with B's private location in the read-only private_location_ids`,
        ['monitor.private_location_ids'],
        (own, foreign) => ({ id: own.monitor[k], monitor: { privateLocationIds: [foreign.privateLocation] } }),
        'like_missing',
      ),
      ...alertingCases((alerting, own) => ({ id: own.monitor[k], monitor: { alerting } })),
    ],
    notIds: { 'monitor.id': OUTPUT_ONLY },
  };
}
Object.assign(RPC, {
  'monitor.v1.MonitorService/ListMonitors': idFree('lists the caller’s own monitors'),
  'monitor.v1.MonitorService/RotateHeartbeatPingToken': { cases: everyMonitor(['id'], (id) => ({ id })) },
  'monitor.v1.MonitorService/ListHeartbeatPings': { cases: everyMonitor(['id'], (id) => ({ id })) },
  'monitor.v1.MonitorService/GetMonitor': { cases: everyMonitor(['id'], (id) => ({ id })) },
  'monitor.v1.MonitorService/TriggerMonitor': { cases: everyMonitor(['id'], (id) => ({ id })) },
  'monitor.v1.MonitorService/DeleteMonitor': { cases: everyMonitor(['id'], (id) => ({ id })) },
  'monitor.v1.MonitorService/GetMonitorStatus': { cases: everyMonitor(['id'], (id) => ({ id })) },
  'monitor.v1.MonitorService/GetMonitorSummary': {
    cases: everyMonitor(['id'], (id) => ({ id, timeRange: TimeRange.TIME_RANGE_7D })),
  },
  'monitor.v1.MonitorService/ListMonitorHTTPResponseLogs': { cases: everyMonitor(['id'], (id) => ({ id })) },
  'monitor.v1.MonitorService/GetMonitorHTTPResponseLog': {
    cases: [
      one(`B's monitor and its response log`, ['id', 'log_id'], (_own, f) => ({
        id: f.monitor.http,
        logId: f.responseLog,
      })),
      one(`A's monitor and B's response log`, ['log_id'], (own, f) => ({ id: own.monitor.http, logId: f.responseLog })),
    ],
  },

  'notification.v1.NotificationService/CreateNotification': {
    cases: [
      one(`B's monitor in monitor_ids`, ['notification.monitor_ids'], (_own, f) => ({
        notification: webhook([f.monitor.http]),
      })),
      one(`A's and B's monitors in monitor_ids`, ['notification.monitor_ids'], (own, f) => ({
        notification: webhook([own.monitor.http, f.monitor.tcp]),
      })),
    ],
    notIds: {
      'notification.id': OUTPUT_ONLY,
      'notification.telegram.chat_id': 'a Telegram chat, not a resource here',
      'notification.matrix.room_id': 'a Matrix room, not a resource here',
    },
  },
  'notification.v1.NotificationService/GetNotification': {
    cases: [one(`B's channel`, ['id'], (_own, f) => ({ id: f.notification }))],
  },
  'notification.v1.NotificationService/ListNotifications': idFree('lists the caller’s own channels'),
  'notification.v1.NotificationService/UpdateNotification': {
    cases: [
      one(`B's channel`, ['id'], (_own, f) => ({ id: f.notification, notification: { name: 'hijacked' } })),
      one(`A's channel with B's monitor in monitor_ids`, ['notification.monitor_ids'], (own, f) => ({
        id: own.notification,
        notification: { monitorIds: [f.monitor.http] },
      })),
      one(`A's channel, update_mask monitor_ids, B's monitor`, ['notification.monitor_ids'], (own, f) => ({
        id: own.notification,
        notification: { monitorIds: [own.monitor.http, f.monitor.dns] },
        updateMask: mask('monitor_ids'),
      })),
    ],
    notIds: {
      'notification.id': OUTPUT_ONLY,
      'notification.telegram.chat_id': 'a Telegram chat, not a resource here',
      'notification.matrix.room_id': 'a Matrix room, not a resource here',
    },
  },
  'notification.v1.NotificationService/DeleteNotification': {
    cases: [one(`B's channel`, ['id'], (_own, f) => ({ id: f.notification }))],
  },
  'notification.v1.NotificationService/SendTestNotification': {
    cases: [one(`B's channel`, ['id'], (_own, f) => ({ id: f.notification }))],
  },

  'alert.v1.AlertService/CreateEscalationPolicy': {
    cases: [
      one(`B's channel in a step`, ['policy.steps.channel_ids'], (_own, f) => ({
        policy: { name: 'iso', steps: [{ afterMinutes: 0, channelIds: [f.notification] }] },
      })),
      one(`A's and B's channels in a step`, ['policy.steps.channel_ids'], (own, f) => ({
        policy: { name: 'iso', steps: [{ afterMinutes: 0, channelIds: [own.notification, f.notification] }] },
      })),
    ],
    notIds: { 'policy.id': OUTPUT_ONLY, 'policy.monitor_ids': OUTPUT_ONLY },
  },
  'alert.v1.AlertService/GetEscalationPolicy': {
    cases: [one(`B's policy`, ['id'], (_own, f) => ({ id: f.escalationPolicy }))],
  },
  'alert.v1.AlertService/ListEscalationPolicies': idFree('lists the caller’s own policies'),
  'alert.v1.AlertService/UpdateEscalationPolicy': {
    cases: [
      one(`B's policy`, ['id'], (_own, f) => ({ id: f.escalationPolicy, policy: { name: 'hijacked' } })),
      one(`A's policy with B's channel in a step`, ['policy.steps.channel_ids'], (own, f) => ({
        id: own.escalationPolicy,
        policy: { steps: [{ afterMinutes: 5, channelIds: [f.notification] }] },
      })),
    ],
    notIds: { 'policy.id': OUTPUT_ONLY, 'policy.monitor_ids': OUTPUT_ONLY },
  },
  'alert.v1.AlertService/DeleteEscalationPolicy': {
    cases: [one(`B's policy`, ['id'], (_own, f) => ({ id: f.escalationPolicy }))],
  },
  'alert.v1.AlertService/ListAlerts': {
    cases: everyMonitor(['monitor_id'], (id) => ({ monitorId: id })),
    notIds: { before_id: ALERT_CURSOR },
  },
  'alert.v1.AlertService/GetAlert': {
    cases: [one(`B's alert`, ['id'], (_own, f) => ({ id: f.alert }))],
  },
  'alert.v1.AlertService/AcknowledgeAlert': {
    cases: [one(`B's alert`, ['id'], (_own, f) => ({ id: f.alert }))],
  },

  'private_location.v1.PrivateLocationService/CreatePrivateLocation': {
    cases: [
      one(`B's monitor in monitor_ids`, ['private_location.monitor_ids'], (_own, f) => ({
        privateLocation: { name: 'iso rack', monitorIds: [f.monitor.http] },
      })),
    ],
    notIds: { 'private_location.id': OUTPUT_ONLY },
  },
  'private_location.v1.PrivateLocationService/GetPrivateLocation': {
    cases: [one(`B's location`, ['id'], (_own, f) => ({ id: f.privateLocation }))],
  },
  'private_location.v1.PrivateLocationService/ListPrivateLocations': idFree('lists the caller’s own locations'),
  'private_location.v1.PrivateLocationService/UpdatePrivateLocation': {
    cases: [
      one(`B's location`, ['id'], (_own, f) => ({ id: f.privateLocation, privateLocation: { name: 'hijacked' } })),
      one(`A's location with B's monitor in monitor_ids`, ['private_location.monitor_ids'], (own, f) => ({
        id: own.privateLocation,
        privateLocation: { monitorIds: [f.monitor.http] },
      })),
      one(`A's location, update_mask monitor_ids, B's monitor`, ['private_location.monitor_ids'], (own, f) => ({
        id: own.privateLocation,
        privateLocation: { monitorIds: [own.monitor.http, f.monitor.dns] },
        updateMask: mask('monitor_ids'),
      })),
    ],
    notIds: { 'private_location.id': OUTPUT_ONLY },
  },
  'private_location.v1.PrivateLocationService/DeletePrivateLocation': {
    cases: [one(`B's location`, ['id'], (_own, f) => ({ id: f.privateLocation }))],
  },
  'private_location.v1.PrivateLocationService/RotatePrivateLocationToken': {
    cases: [one(`B's location`, ['id'], (_own, f) => ({ id: f.privateLocation }))],
  },

  'status_report.v1.StatusReportService/CreateStatusReport': {
    cases: [
      one(`B's page`, ['page_id'], (_own, f) => ({ pageId: f.page, title: 'iso', message: 'iso' })),
      one(`A's page with B's component`, ['page_component_ids'], (own, f) => ({
        pageId: own.page,
        title: 'iso',
        message: 'iso',
        pageComponentIds: [f.component],
      })),
      one(`B's page with B's component`, ['page_id', 'page_component_ids'], (_own, f) => ({
        pageId: f.page,
        title: 'iso',
        message: 'iso',
        pageComponentIds: [f.component],
      })),
    ],
  },
  'status_report.v1.StatusReportService/GetStatusReport': {
    cases: [
      one(`B's report`, ['id'], (_own, f) => ({ id: f.report })),
      one(`A's report on B's page`, ['page_id'], (own, f) => ({ id: own.report, pageId: f.page })),
    ],
  },
  'status_report.v1.StatusReportService/ListStatusReports': {
    cases: [one(`B's page`, ['page_id'], (_own, f) => ({ pageId: f.page, filter: StatusReportFilter.ALL }))],
  },
  'status_report.v1.StatusReportService/UpdateStatusReport': {
    cases: [
      one(`B's report`, ['id'], (_own, f) => ({ id: f.report, title: 'hijacked' })),
      one(`A's report with B's component`, ['page_component_ids'], (own, f) => ({
        id: own.report,
        pageComponentIds: [f.component],
      })),
      one(`A's report on B's page`, ['page_id'], (own, f) => ({ id: own.report, pageId: f.page, title: 'hijacked' })),
    ],
  },
  'status_report.v1.StatusReportService/AddStatusReportUpdate': {
    cases: [
      one(`B's report`, ['id'], (_own, f) => ({
        id: f.report,
        status: StatusReportStatus.MONITORING,
        message: 'hijacked',
      })),
      one(`A's report on B's page`, ['page_id'], (own, f) => ({
        id: own.report,
        pageId: f.page,
        status: StatusReportStatus.MONITORING,
        message: 'hijacked',
      })),
    ],
  },
  'status_report.v1.StatusReportService/ResolveStatusReport': {
    cases: [
      one(`B's report`, ['id'], (_own, f) => ({ id: f.report, message: 'hijacked' })),
      one(`A's report on B's page`, ['page_id'], (own, f) => ({ id: own.report, pageId: f.page, message: 'hijacked' })),
    ],
  },
  'status_report.v1.StatusReportService/DeleteStatusReport': {
    cases: [
      one(`B's report`, ['id'], (_own, f) => ({ id: f.report })),
      one(`A's report on B's page`, ['page_id'], (own, f) => ({ id: own.report, pageId: f.page })),
    ],
  },

  'maintenance.v1.MaintenanceService/CreateMaintenance': {
    cases: [
      one(`B's page`, ['maintenance.page_id'], (_own, f) => ({
        maintenance: { pageId: f.page, title: 'iso', ...maintenanceWindow() },
      })),
      one(`A's page with B's component`, ['maintenance.page_component_ids'], (own, f) => ({
        maintenance: { pageId: own.page, title: 'iso', ...maintenanceWindow(), pageComponentIds: [f.component] },
      })),
    ],
    notIds: { 'maintenance.id': OUTPUT_ONLY },
  },
  'maintenance.v1.MaintenanceService/GetMaintenance': {
    cases: [
      one(`B's maintenance`, ['id'], (_own, f) => ({ id: f.maintenance })),
      one(`A's maintenance on B's page`, ['page_id'], (own, f) => ({ id: own.maintenance, pageId: f.page })),
    ],
  },
  'maintenance.v1.MaintenanceService/ListMaintenances': {
    cases: [one(`B's page`, ['page_id'], (_own, f) => ({ pageId: f.page }))],
  },
  'maintenance.v1.MaintenanceService/UpdateMaintenance': {
    cases: [
      one(`B's maintenance`, ['id'], (_own, f) => ({ id: f.maintenance, maintenance: { title: 'hijacked' } })),
      one(`A's maintenance with B's component`, ['maintenance.page_component_ids'], (own, f) => ({
        id: own.maintenance,
        maintenance: { pageComponentIds: [f.component] },
      })),
      one(
        `A's maintenance moved to B's page (page_id cannot change)`,
        ['maintenance.page_id'],
        (own, f) => ({ id: own.maintenance, maintenance: { pageId: f.page } }),
        'like_missing',
      ),
    ],
    notIds: { 'maintenance.id': OUTPUT_ONLY },
  },
  'maintenance.v1.MaintenanceService/DeleteMaintenance': {
    cases: [
      one(`B's maintenance`, ['id'], (_own, f) => ({ id: f.maintenance })),
      one(`A's maintenance on B's page`, ['page_id'], (own, f) => ({ id: own.maintenance, pageId: f.page })),
    ],
  },

  'status_page.v1.StatusPageService/CreateStatusPage': idFree('creates a page of the caller’s own', {
    'status_page.id': OUTPUT_ONLY,
  }),
  'status_page.v1.StatusPageService/GetStatusPage': { cases: [one(`B's page`, ['id'], (_own, f) => ({ id: f.page }))] },
  'status_page.v1.StatusPageService/ListStatusPages': idFree('lists the caller’s own pages'),
  'status_page.v1.StatusPageService/UpdateStatusPage': {
    cases: [one(`B's page`, ['id'], (_own, f) => ({ id: f.page, statusPage: { title: 'hijacked' } }))],
    notIds: { 'status_page.id': OUTPUT_ONLY },
  },
  'status_page.v1.StatusPageService/DeleteStatusPage': {
    cases: [one(`B's page`, ['id'], (_own, f) => ({ id: f.page }))],
  },
  'status_page.v1.StatusPageService/CreatePageComponent': {
    cases: [
      one(`B's page`, ['component.page_id'], (_own, f) => ({
        component: { pageId: f.page, type: 'static', name: 'iso' },
      })),
      one(`A's page showing B's monitor`, ['component.monitor_id'], (own, f) => ({
        component: { pageId: own.page, type: 'monitor', monitorId: f.monitor.http, name: 'iso' },
      })),
      one(`A's page in B's group`, ['component.group_id'], (own, f) => ({
        component: { pageId: own.page, type: 'static', name: 'iso', groupId: f.group },
      })),
    ],
    notIds: { 'component.id': OUTPUT_ONLY },
  },
  'status_page.v1.StatusPageService/GetPageComponent': {
    cases: [
      one(`B's component`, ['id'], (_own, f) => ({ id: f.component })),
      one(`B's component on B's page`, ['id', 'page_id'], (_own, f) => ({ id: f.component, pageId: f.page })),
      one(`A's component on B's page`, ['page_id'], (own, f) => ({ id: own.component, pageId: f.page })),
    ],
  },
  'status_page.v1.StatusPageService/ListPageComponents': {
    cases: [one(`B's page`, ['page_id'], (_own, f) => ({ pageId: f.page }))],
  },
  'status_page.v1.StatusPageService/UpdatePageComponent': {
    cases: [
      one(`B's component`, ['id'], (_own, f) => ({ id: f.component, component: { name: 'hijacked' } })),
      one(`A's component showing B's monitor`, ['component.monitor_id'], (own, f) => ({
        id: own.component,
        component: { monitorId: f.monitor.http },
      })),
      one(`A's component into B's group`, ['component.group_id'], (own, f) => ({
        id: own.component,
        component: { groupId: f.group },
      })),
      one(
        `A's component moved to B's page (page_id cannot change)`,
        ['component.page_id'],
        (own, f) => ({ id: own.component, component: { pageId: f.page } }),
        'like_missing',
      ),
    ],
    notIds: { 'component.id': OUTPUT_ONLY },
  },
  'status_page.v1.StatusPageService/DeletePageComponent': {
    cases: [
      one(`B's component`, ['id'], (_own, f) => ({ id: f.component })),
      one(`B's static component`, ['id'], (_own, f) => ({ id: f.staticComponent })),
    ],
  },
  'status_page.v1.StatusPageService/CreateComponentGroup': {
    cases: [one(`B's page`, ['group.page_id'], (_own, f) => ({ group: { pageId: f.page, name: 'iso' } }))],
    notIds: { 'group.id': OUTPUT_ONLY },
  },
  'status_page.v1.StatusPageService/GetComponentGroup': {
    cases: [
      one(`B's group`, ['id'], (_own, f) => ({ id: f.group })),
      one(`B's group on B's page`, ['id', 'page_id'], (_own, f) => ({ id: f.group, pageId: f.page })),
      one(`A's group on B's page`, ['page_id'], (own, f) => ({ id: own.group, pageId: f.page })),
    ],
  },
  'status_page.v1.StatusPageService/ListComponentGroups': {
    cases: [one(`B's page`, ['page_id'], (_own, f) => ({ pageId: f.page }))],
  },
  'status_page.v1.StatusPageService/UpdateComponentGroup': {
    cases: [
      one(`B's group`, ['id'], (_own, f) => ({ id: f.group, group: { name: 'hijacked' } })),
      one(
        `A's group moved to B's page (page_id cannot change)`,
        ['group.page_id'],
        (own, f) => ({ id: own.group, group: { pageId: f.page, name: 'iso' } }),
        'like_missing',
      ),
    ],
    notIds: { 'group.id': OUTPUT_ONLY },
  },
  'status_page.v1.StatusPageService/DeleteComponentGroup': {
    cases: [one(`B's group`, ['id'], (_own, f) => ({ id: f.group }))],
  },
  'status_page.v1.StatusPageService/GetPageComponentDailySummary': {
    cases: [
      one(`B's page`, ['page_id'], (_own, f) => ({ pageId: f.page })),
      one(`A's page with B's component`, ['component_ids'], (own, f) => ({
        pageId: own.page,
        componentIds: [f.component],
      })),
      one(`B's page with B's component`, ['page_id', 'component_ids'], (_own, f) => ({
        pageId: f.page,
        componentIds: [f.component],
      })),
    ],
  },

  'subscriber.v1.SubscriberService/AddSubscriber': {
    cases: [one(`B's page`, ['page_id'], (_own, f) => ({ pageId: f.page, email: 'intruder@example.com' }))],
  },
  'subscriber.v1.SubscriberService/ImportSubscribers': {
    cases: [
      one(`B's page`, ['page_id'], (_own, f) => ({
        pageId: f.page,
        emails: ['intruder@example.com'],
        confirmed: true,
      })),
    ],
  },
  'subscriber.v1.SubscriberService/ListSubscribers': {
    cases: [one(`B's page`, ['page_id'], (_own, f) => ({ pageId: f.page }))],
  },
  'subscriber.v1.SubscriberService/RemoveSubscriber': {
    cases: [one(`B's subscriber`, ['id'], (_own, f) => ({ id: f.subscriber }))],
  },

  // No id in the request: the plan matches only what the caller's own workspace imported before
  // (another workspace's import of the same file creates anew: test/medium/imports.service.test.ts).
  'imports.v1.ImportService/PlanImport': idFree('takes a file and matches only the caller’s own earlier imports'),
  'imports.v1.ImportService/ApplyImport': idFree('takes a file and matches only the caller’s own earlier imports'),
  'exports.v1.ExportService/ExportTerraform': idFree('exports the caller’s own workspace, no id in the request'),

  'sla.v1.SlaService/GetSlaReport': {
    cases: [
      ...everyMonitor(['monitor_id'], (id) => ({
        scope: { case: 'monitorId', value: id },
        period: { case: 'month', value: thisMonth() },
      })),
      one(`B's component`, ['component_id'], (_own, f) => ({
        scope: { case: 'componentId', value: f.component },
        period: { case: 'month', value: thisMonth() },
      })),
      one(`B's static component`, ['component_id'], (_own, f) => ({
        scope: { case: 'componentId', value: f.staticComponent },
        period: { case: 'month', value: thisMonth() },
      })),
      one(`B's page`, ['page_id'], (_own, f) => ({
        scope: { case: 'pageId', value: f.page },
        period: { case: 'month', value: thisMonth() },
      })),
    ],
  },
} satisfies Record<string, Entry<Req>>);

/** MCP tools by name. Field names are the tool's argument names. */
const monitorTool: Entry<Req> = { cases: everyMonitor(['monitorId'], (monitorId) => ({ monitorId })) };
const MCP: Record<string, Entry<Req>> = {
  list_status_pages: idFree('lists the caller’s own pages'),
  list_page_components: { cases: [one(`B's page`, ['pageId'], (_own, f) => ({ pageId: f.page }))] },
  list_status_reports: idFree('lists the caller’s own reports'),
  create_status_report: {
    cases: [
      one(`B's page`, ['pageId'], (_own, f) => ({ pageId: f.page, title: 'iso', message: 'iso', notify: false })),
      one(`A's page with B's component`, ['pageComponentIds'], (own, f) => ({
        pageId: own.page,
        title: 'iso',
        message: 'iso',
        pageComponentIds: [f.component],
        notify: false,
      })),
    ],
  },
  add_status_report_update: {
    cases: [
      one(`B's report`, ['statusReportId'], (_own, f) => ({
        statusReportId: f.report,
        status: 'monitoring',
        message: 'hijacked',
        notify: false,
      })),
      one(`A's report on B's page`, ['pageId'], (own, f) => ({
        statusReportId: own.report,
        pageId: f.page,
        status: 'monitoring',
        message: 'hijacked',
        notify: false,
      })),
    ],
  },
  update_status_report: {
    cases: [
      one(`B's report`, ['statusReportId'], (_own, f) => ({ statusReportId: f.report, title: 'hijacked' })),
      one(`A's report with B's component`, ['pageComponentIds'], (own, f) => ({
        statusReportId: own.report,
        pageComponentIds: [f.component],
      })),
      one(`A's report on B's page`, ['pageId'], (own, f) => ({
        statusReportId: own.report,
        pageId: f.page,
        title: 'hijacked',
      })),
    ],
  },
  resolve_status_report: {
    cases: [
      one(`B's report`, ['statusReportId'], (_own, f) => ({
        statusReportId: f.report,
        message: 'hijacked',
        notify: false,
      })),
      one(`A's report on B's page`, ['pageId'], (own, f) => ({
        statusReportId: own.report,
        pageId: f.page,
        message: 'hijacked',
        notify: false,
      })),
    ],
  },
  list_maintenances: idFree('lists the caller’s own maintenances'),
  create_maintenance: {
    cases: [
      one(`B's page`, ['pageId'], (_own, f) => ({ pageId: f.page, title: 'iso', ...isoWindow(), notify: false })),
      one(`A's page with B's component`, ['pageComponentIds'], (own, f) => ({
        pageId: own.page,
        title: 'iso',
        ...isoWindow(),
        pageComponentIds: [f.component],
        notify: false,
      })),
    ],
  },
  list_monitors: idFree('lists the caller’s own monitors'),
  get_monitor: monitorTool,
  get_monitor_status: monitorTool,
  get_monitor_summary: monitorTool,
  list_response_logs: monitorTool,
  get_response_log: {
    cases: [
      one(`B's monitor and its log`, ['monitorId', 'logId'], (_own, f) => ({
        monitorId: f.monitor.http,
        logId: f.responseLog,
      })),
      one(`A's monitor and B's log`, ['logId'], (own, f) => ({ monitorId: own.monitor.http, logId: f.responseLog })),
    ],
  },
  list_notifications: idFree('lists the caller’s own channels'),
  list_private_locations: idFree('lists the caller’s own locations'),
  list_escalation_policies: idFree('lists the caller’s own policies'),
  get_escalation_policy: {
    cases: [one(`B's policy`, ['escalationPolicyId'], (_own, f) => ({ escalationPolicyId: f.escalationPolicy }))],
  },
  create_escalation_policy: {
    cases: [
      one(`B's channel in a step`, ['steps.channelIds'], (own, f) => ({
        name: 'iso',
        steps: [{ afterMinutes: 0, channelIds: [own.notification, f.notification] }],
      })),
    ],
  },
  update_escalation_policy: {
    cases: [
      one(`B's policy`, ['escalationPolicyId'], (_own, f) => ({
        escalationPolicyId: f.escalationPolicy,
        name: 'hijacked',
      })),
      one(`A's policy with B's channel in a step`, ['steps.channelIds'], (own, f) => ({
        escalationPolicyId: own.escalationPolicy,
        steps: [{ afterMinutes: 5, channelIds: [f.notification] }],
      })),
    ],
  },
  delete_escalation_policy: {
    cases: [one(`B's policy`, ['escalationPolicyId'], (_own, f) => ({ escalationPolicyId: f.escalationPolicy }))],
  },
  list_alerts: {
    cases: everyMonitor(['monitorId'], (monitorId) => ({ monitorId })),
    notIds: { beforeId: ALERT_CURSOR },
  },
  get_alert: { cases: [one(`B's alert`, ['id'], (_own, f) => ({ id: f.alert }))] },
  acknowledge_alert: { cases: [one(`B's alert`, ['id'], (_own, f) => ({ id: f.alert }))] },
  list_audit_logs: {
    cases: [
      one(
        `B's monitor as the entity filter`,
        ['entityId'],
        (_own, f) => ({ entityType: 'monitor', entityId: f.monitor.http }),
        'like_missing',
      ),
    ],
  },
  get_audit_log: { cases: [one(`B's audit entry`, ['auditLogId'], (_own, f) => ({ auditLogId: f.auditLog }))] },
  search_docs: idFree('public documentation'),
  get_doc_page: idFree('public documentation'),
  search_content: idFree('public site content'),
  get_content_page: idFree('public site content'),
  get_import_plan: idFree('takes a file and matches only the caller’s own earlier imports'),
  import_configuration: idFree('takes a file and matches only the caller’s own earlier imports'),
  get_terraform_export: idFree('exports the caller’s own workspace, no id in the request'),
  get_sla_report: {
    cases: [
      ...everyMonitor(['id'], (id) => ({ scope: 'monitor', id, month: thisMonth() })),
      one(`B's component`, ['id'], (_own, f) => ({ scope: 'component', id: f.component, month: thisMonth() })),
      one(`B's page`, ['id'], (_own, f) => ({ scope: 'page', id: f.page, month: thisMonth() })),
    ],
  },
};

function isoWindow(): Req {
  return {
    from: new Date(Date.now() + day).toISOString(),
    to: new Date(Date.now() + day + 3_600_000).toISOString(),
  };
}

/** How a route is covered: a REST entry, or the agent endpoints' own test below. */
type RestEntry = Entry<string> & { agent?: true };
const agentRoute = (why: string): RestEntry => ({ agent: true, cases: [], idFree: why });
/** The OAuth server takes no workspace credential: a grant's workspace is chosen at consent. */
const OAUTH_ROUTES: Record<string, RestEntry> = {
  'GET /.well-known/oauth-authorization-server': idFree('public metadata'),
  'OPTIONS /.well-known/oauth-authorization-server': idFree('CORS preflight'),
  'GET /.well-known/oauth-protected-resource/mcp': idFree('public metadata'),
  'OPTIONS /.well-known/oauth-protected-resource/mcp': idFree('CORS preflight'),
  'POST /oauth/register': idFree('registers a public client; clients belong to no workspace'),
  'OPTIONS /oauth/register': idFree('CORS preflight'),
  'GET /oauth/authorize': idFree('stores a consent request; no workspace until the person approves'),
  'POST /oauth/token': idFree(
    'codes and refresh tokens carry their grant’s one workspace (test/integration/oauth/token.test.ts)',
  ),
  'OPTIONS /oauth/token': idFree('CORS preflight'),
  'POST /oauth/revoke': idFree('revokes the grant of the token it is given, whatever its workspace'),
  'OPTIONS /oauth/revoke': idFree('CORS preflight'),
  'GET /oauth/consent': idFree(
    'lists only the signed-in person’s workspaces (test/integration/dashboard/consent.test.ts)',
  ),
  'POST /oauth/consent': idFree(
    'approval for a workspace the person is not in is not-found (test/integration/dashboard/consent.test.ts)',
  ),
};

/** Dashboard routes authenticate with a session, not a key: test/integration/dashboard/isolation.test.ts. */
const DASHBOARD_ISOLATION =
  'session pages: another workspace’s slug and ids are 404 in test/integration/dashboard/isolation.test.ts';
const dashboardRoute = (...ids: string[]): RestEntry => ({
  cases: [],
  idFree: DASHBOARD_ISOLATION,
  notIds: Object.fromEntries(['slug', ...ids].map((id) => [id, DASHBOARD_ISOLATION])),
});
const DASHBOARD_ROUTES: Record<string, RestEntry> = {
  'GET /app': idFree('redirects to the person’s own first workspace'),
  'GET /app/assets/dashboard.css': idFree('the stylesheet'),
  'GET /app/sign-in': idFree('the sign-in form'),
  'POST /app/sign-in': idFree('signs a person in; no workspace'),
  'GET /app/sign-in/link': idFree('checks a one-time link; no workspace'),
  'POST /app/sign-in/link': idFree('sets the link’s person’s password; no workspace'),
  'POST /app/sign-out': idFree('ends the caller’s own session'),
  'GET /app/assets/overview.js': idFree('the overview’s live-update script'),
  'GET /app/assets/theme-preview.js': idFree('the status page form’s theme preview script'),
  'GET /app/assets/theme-preview.css': idFree('theme variables computed from the query alone'),
  'GET /app/assets/arrange.js': idFree('the component ordering script'),
  'GET /app/w/:slug': dashboardRoute(),
  'GET /app/w/:slug/monitors': dashboardRoute(),
  'GET /app/w/:slug/monitors/changes.json': dashboardRoute(),
  'GET /app/w/:slug/monitors/:id': dashboardRoute('id'),
  'POST /app/w/:slug/monitors/:id/trigger': dashboardRoute('id'),
  'GET /app/w/:slug/monitors/:id/rotate-ping': dashboardRoute('id'),
  'POST /app/w/:slug/monitors/:id/rotate-ping': dashboardRoute('id'),
  'GET /app/w/:slug/monitors/new': dashboardRoute(),
  'POST /app/w/:slug/monitors/new': dashboardRoute(),
  'GET /app/w/:slug/monitors/:id/edit': dashboardRoute('id'),
  'POST /app/w/:slug/monitors/:id/edit': dashboardRoute('id'),
  'GET /app/w/:slug/monitors/:id/delete': dashboardRoute('id'),
  'POST /app/w/:slug/monitors/:id/delete': dashboardRoute('id'),
  'GET /app/w/:slug/status-pages': dashboardRoute(),
  'GET /app/w/:slug/status-pages/new': dashboardRoute(),
  'POST /app/w/:slug/status-pages/new': dashboardRoute(),
  'GET /app/w/:slug/status-pages/:id': dashboardRoute('id'),
  'GET /app/w/:slug/status-pages/:id/edit': dashboardRoute('id'),
  'POST /app/w/:slug/status-pages/:id/edit': dashboardRoute('id'),
  'GET /app/w/:slug/status-pages/:id/delete': dashboardRoute('id'),
  'POST /app/w/:slug/status-pages/:id/delete': dashboardRoute('id'),
  'POST /app/w/:slug/status-pages/:id/components': dashboardRoute('id'),
  'POST /app/w/:slug/status-pages/:id/components/arrange': dashboardRoute('id'),
  'POST /app/w/:slug/status-pages/:id/components/delete': dashboardRoute('id'),
  'GET /app/w/:slug/status-pages/:id/components/:componentId/edit': dashboardRoute('id', 'componentId'),
  'POST /app/w/:slug/status-pages/:id/components/:componentId/edit': dashboardRoute('id', 'componentId'),
  'POST /app/w/:slug/status-pages/:id/groups': dashboardRoute('id'),
  'POST /app/w/:slug/status-pages/:id/groups/delete': dashboardRoute('id'),
  'GET /app/w/:slug/status-pages/:id/reports/new': dashboardRoute('id'),
  'POST /app/w/:slug/status-pages/:id/reports/new': dashboardRoute('id'),
  'GET /app/w/:slug/status-pages/:id/reports/:reportId': dashboardRoute('id', 'reportId'),
  'POST /app/w/:slug/status-pages/:id/reports/:reportId/updates': dashboardRoute('id', 'reportId'),
  'POST /app/w/:slug/status-pages/:id/reports/:reportId/publish': dashboardRoute('id', 'reportId'),
  'GET /app/w/:slug/status-pages/:id/maintenances/new': dashboardRoute('id'),
  'POST /app/w/:slug/status-pages/:id/maintenances/new': dashboardRoute('id'),
  'GET /app/w/:slug/status-pages/:id/maintenances/:maintenanceId/edit': dashboardRoute('id', 'maintenanceId'),
  'POST /app/w/:slug/status-pages/:id/maintenances/:maintenanceId/edit': dashboardRoute('id', 'maintenanceId'),
  'GET /app/w/:slug/status-pages/:id/maintenances/:maintenanceId/delete': dashboardRoute('id', 'maintenanceId'),
  'POST /app/w/:slug/status-pages/:id/maintenances/:maintenanceId/delete': dashboardRoute('id', 'maintenanceId'),
  'GET /app/w/:slug/status-pages/:id/subscribers': dashboardRoute('id'),
  'POST /app/w/:slug/status-pages/:id/subscribers/import': dashboardRoute('id'),
  'POST /app/w/:slug/status-pages/:id/subscribers/remove': dashboardRoute('id'),
  'GET /app/w/:slug/monitors/:id/logs/:logId': dashboardRoute('id', 'logId'),
  'GET /app/w/:slug/monitors/:id/sla': dashboardRoute('id'),
  'GET /app/w/:slug/monitors/:id/sla.csv': dashboardRoute('id'),
  'GET /app/w/:slug/status-pages/:id/sla': dashboardRoute('id'),
  'GET /app/w/:slug/status-pages/:id/sla.csv': dashboardRoute('id'),
  'GET /app/w/:slug/notifications': dashboardRoute(),
  'GET /app/w/:slug/notifications/new': dashboardRoute(),
  'POST /app/w/:slug/notifications/new': dashboardRoute(),
  'GET /app/w/:slug/notifications/:id/edit': dashboardRoute('id'),
  'POST /app/w/:slug/notifications/:id/edit': dashboardRoute('id'),
  'POST /app/w/:slug/notifications/:id/test': dashboardRoute('id'),
  'GET /app/w/:slug/notifications/:id/delete': dashboardRoute('id'),
  'POST /app/w/:slug/notifications/:id/delete': dashboardRoute('id'),
  'GET /app/w/:slug/escalation-policies': dashboardRoute(),
  'GET /app/w/:slug/escalation-policies/new': dashboardRoute(),
  'POST /app/w/:slug/escalation-policies/new': dashboardRoute(),
  'GET /app/w/:slug/escalation-policies/:id/edit': dashboardRoute('id'),
  'POST /app/w/:slug/escalation-policies/:id/edit': dashboardRoute('id'),
  'GET /app/w/:slug/escalation-policies/:id/delete': dashboardRoute('id'),
  'POST /app/w/:slug/escalation-policies/:id/delete': dashboardRoute('id'),
  'GET /app/w/:slug/alerts': dashboardRoute(),
  'GET /app/w/:slug/alerts/:id': dashboardRoute('id'),
  'POST /app/w/:slug/alerts/:id/acknowledge': dashboardRoute('id'),
  'GET /app/w/:slug/private-locations': dashboardRoute(),
  'POST /app/w/:slug/private-locations': dashboardRoute(),
  'GET /app/w/:slug/private-locations/:id/edit': dashboardRoute('id'),
  'POST /app/w/:slug/private-locations/:id/edit': dashboardRoute('id'),
  'POST /app/w/:slug/private-locations/:id/rotate': dashboardRoute('id'),
  'GET /app/w/:slug/private-locations/:id/delete': dashboardRoute('id'),
  'POST /app/w/:slug/private-locations/:id/delete': dashboardRoute('id'),
  'GET /app/w/:slug/import': dashboardRoute(),
  'POST /app/w/:slug/import/preview': dashboardRoute(),
  'POST /app/w/:slug/import': dashboardRoute(),
  'GET /app/w/:slug/export': dashboardRoute(),
  'GET /app/w/:slug/export/:format/:path': {
    ...dashboardRoute(),
    notIds: {
      slug: DASHBOARD_ISOLATION,
      format: 'not an id: hcl or cdktf, the same for every workspace; another is 404',
      path: 'not an id: a file of the caller’s own workspace’s export; another name is 404',
    },
  },
  'GET /app/w/:slug/audit': dashboardRoute(),
  'GET /app/w/:slug/settings': dashboardRoute(),
  'POST /app/w/:slug/settings/api-keys': dashboardRoute(),
  'POST /app/w/:slug/settings/api-keys/revoke': dashboardRoute(),
  'GET /app/w/:slug/settings/members': dashboardRoute(),
  'POST /app/w/:slug/settings/members': dashboardRoute(),
  'POST /app/w/:slug/settings/members/remove': dashboardRoute(),
  'GET /app/w/:slug/settings/integrations': dashboardRoute(),
  'POST /app/w/:slug/settings/integrations/revoke': dashboardRoute(),
};

/**
 * Public status pages take no workspace credential: a published page is public by its slug (or custom
 * domain), and its protected surfaces ask for the page's own access, never a workspace's.
 */
const PUBLIC_PAGE = 'a published page is public by its slug; access is the page’s own (test/integration/public-pages)';
const publicPage = (): RestEntry => ({ cases: [], idFree: PUBLIC_PAGE, notIds: { slug: PUBLIC_PAGE } });
const PUBLIC_PAGE_ROUTES: Record<string, RestEntry> = {
  'GET /robots.txt': idFree('public: which pages search engines may index'),
  'GET /favicon.ico': idFree('the service’s icon, the same for everyone'),
  'GET /status/:slug/favicon.ico': idFree('the service’s icon, the same for every page (a custom domain’s root)', {
    slug: 'the slug is not read: the icon is the same under every path',
  }),
  'GET /sitemap.xml': idFree('public: the site’s pages and the public, indexable status pages'),
  'GET /status': idFree('the not-found page under /status'),
  'GET /status/*': idFree('the not-found page under /status'),
  'GET /subscriptions/manage': idFree(
    'shows the subscriber’s own choice; the signed link token, no workspace credential',
  ),
  'POST /subscriptions/manage': idFree('authorised by the signed link token only, no workspace credential'),
  'GET /status/:slug': publicPage(),
  'GET /status/:slug/history': publicPage(),
  'GET /status/:slug/robots.txt': publicPage(),
  'GET /status/:slug/sitemap.xml': publicPage(),
  'GET /status/:slug/status.json': publicPage(),
  'GET /status/:slug/subscribe': publicPage(),
  'POST /status/:slug/subscribe': publicPage(),
  'GET /status/:slug/feed.rss': publicPage(),
  'GET /status/:slug/feed.atom': publicPage(),
  'GET /status/:slug/badge.svg': publicPage(),
  'GET /status/:slug/components/:componentId/badge.svg': {
    cases: [],
    idFree: PUBLIC_PAGE,
    notIds: {
      slug: PUBLIC_PAGE,
      componentId:
        'a component of another page, whatever its workspace, is 404 (test/integration/public-pages/machines.test.ts)',
    },
  },
  'GET /status/:slug/index.md': publicPage(),
  'GET /status/:slug/access': publicPage(),
  'POST /status/:slug/access': publicPage(),
  'GET /status/:slug/access/link': publicPage(),
  'POST /status/:slug/access/link': publicPage(),
};

/** Workspace routes by `METHOD url`, as Fastify registers them (`:param`). */
const REST: Record<string, RestEntry> = {
  'GET /v1/monitor/:id/summary': {
    cases: everyMonitor(['id'], (id) => `/v1/monitor/${id}/summary?days=7`),
  },
  'GET /v1/whoami': idFree('answers about the caller’s own key'),
  'GET /ping/*': idFree('any other path under /ping: the same 404 as an unknown token'),
  'POST /ping/*': idFree('any other path under /ping: the same 404 as an unknown token'),
  'GET /ping/:token': idFree(PING, { token: PING_TOKEN }),
  'GET /ping/:token/:suffix': idFree(PING, { token: PING_TOKEN, suffix: PING_SUFFIX }),
  'GET /:token(^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$)': idFree(PING, {
    token: PING_TOKEN,
  }),
  'GET /:token(^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$)/:suffix': idFree(PING, {
    token: PING_TOKEN,
    suffix: PING_SUFFIX,
  }),
  'POST /ping/:token': idFree(PING, { token: PING_TOKEN }),
  'POST /ping/:token/:suffix': idFree(PING, { token: PING_TOKEN, suffix: PING_SUFFIX }),
  'POST /:token(^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$)': idFree(PING, {
    token: PING_TOKEN,
  }),
  'POST /:token(^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$)/:suffix': idFree(PING, {
    token: PING_TOKEN,
    suffix: PING_SUFFIX,
  }),
  'GET /health': idFree('public liveness'),
  'GET /ready': idFree('public readiness'),
  'GET /openapi.json': idFree('public contract'),
  'GET /metrics': idFree(
    'takes no id: a key scrapes its own workspace’s monitors only (the GET /metrics case below, and test/integration/metrics.test.ts)',
  ),
  'GET /subscriptions/confirm': idFree('shows a button; the signed link token, no workspace credential'),
  'POST /subscriptions/confirm': idFree('authorised by the signed link token only, no workspace credential'),
  'GET /subscriptions/unsubscribe': idFree('shows a button; the signed link token, no workspace credential'),
  'POST /subscriptions/unsubscribe': idFree('authorised by the signed link token only, no workspace credential'),
  'GET /alerts/ack/:token': idFree(ALERT_LINK_SHOW, { token: ALERT_LINK_TOKEN }),
  'POST /alerts/ack/:token': idFree(ALERT_LINK_ACK, { token: ALERT_LINK_TOKEN }),
  'POST /agent/v1/claim': agentRoute('covered by the agent endpoints test'),
  'POST /agent/v1/report': agentRoute('covered by the agent endpoints test'),
  'POST /agent/v1/renew': agentRoute('covered by the agent endpoints test'),
  ...OAUTH_ROUTES,
  ...DASHBOARD_ROUTES,
  ...PUBLIC_PAGE_ROUTES,
};

/**
 * Coverage of one surface: every discovered method has an entry; an entry's cases and notIds account
 * for exactly the id fields the method has; no entry names a method that does not exist.
 */
function coverageProblems<T>(
  surface: string,
  discovered: Map<string, string[]>,
  table: Record<string, Entry<T>>,
): string[] {
  const problems: string[] = [];
  for (const [name, paths] of discovered) {
    const entry = table[name];
    if (!entry) {
      problems.push(
        `${surface} ${name} has no isolation matrix entry (id fields: ${paths.join(', ') || 'none'}): ` +
          'say how to call it with another workspace’s ids, or list it as id-free',
      );
      continue;
    }
    if (entry.idFree !== undefined && entry.cases.length)
      problems.push(`${surface} ${name} is listed as id-free but has cases`);
    if (entry.idFree === undefined && !entry.cases.length) problems.push(`${surface} ${name} has no cases`);
    const covered = new Set([...entry.cases.flatMap((c) => c.fields), ...Object.keys(entry.notIds ?? {})]);
    const missing = paths.filter((p) => !covered.has(p));
    if (missing.length)
      problems.push(`${surface} ${name}: no case sends another workspace’s id in ${missing.join(', ')}`);
    const unknown = [...covered].filter((p) => !paths.includes(p));
    if (unknown.length)
      problems.push(`${surface} ${name}: the entry names fields it does not have: ${unknown.join(', ')}`);
  }
  for (const name of Object.keys(table)) {
    if (!discovered.has(name)) problems.push(`${surface} ${name} has a matrix entry but is not registered`);
  }
  return problems;
}

/** A JSON body as a value (so ids inside its strings can be swapped), any other body as text. */
function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** The RPC and MCP matrices make hundreds of calls and compare B's rows after each method. */
const MATRIX_TIMEOUT_MS = 300_000;

/** The answer to one call, in a form two calls can be compared by. */
type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string };

const describeOutcome = (o: Outcome): string =>
  o.ok ? `success ${textOf(o.value).slice(0, 300)}` : `${o.code}: ${o.message.slice(0, 300)}`;

describe('cross-workspace isolation matrix', () => {
  let t: HttpTestApp;
  /** GRPC_PORT's listener: the same router over HTTP/2, another way in to every RPC method. */
  let grpc: GrpcListener;
  let a: Tenant;
  let b: Tenant;
  let own: Ids;
  let foreign: Ids;
  let ghost: Ids;
  let tokenA: string;
  let tokenB: string;
  /** B's rows as last seen; each check compares to it and then moves it on, so one leak is named once. */
  let baseline: string[];
  const mcpClients: McpClient[] = [];

  const transports = new Map<string, Transport>();
  const transport = (key: string, binary: boolean): Transport => {
    const id = `${key}:${binary}`;
    let found = transports.get(id);
    if (!found) {
      found = createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        useBinaryFormat: binary,
        interceptors: [withKey(key)],
      });
      transports.set(id, found);
    }
    return found;
  };
  const rpcClient = <S extends DescService>(service: S, key: string) => createClient(service, transport(key, true));
  const grpcTransport = (key: string): Transport => {
    const id = `${key}:grpc`;
    let found = transports.get(id);
    if (!found) {
      found = createGrpcTransport({ baseUrl: `http://127.0.0.1:${grpc.port}`, interceptors: [withKey(key)] });
      transports.set(id, found);
    }
    return found;
  };

  async function rpcCall(
    service: DescService,
    method: DescMethod,
    key: string,
    binary: boolean | 'grpc',
    request: Req,
  ) {
    const client = createClient(
      service,
      binary === 'grpc' ? grpcTransport(key) : transport(key, binary),
    ) as unknown as Record<string, (r: Req) => Promise<unknown>>;
    try {
      return { ok: true, value: await client[method.localName](request) } as Outcome;
    } catch (error) {
      const e = ConnectError.from(error);
      return { ok: false, code: Code[e.code], message: e.rawMessage } as Outcome;
    }
  }

  /** Builds one workspace's full set of resources through RPC with its write key. */
  async function build(tenant: Tenant): Promise<{ ids: Ids; token: string }> {
    const monitors = rpcClient(MonitorService, tenant.writeKey);
    const monitor = {} as Record<Kind, string>;
    for (const k of KINDS) {
      const create = (monitors as unknown as Record<string, (r: Req) => Promise<{ monitor?: { id: string } }>>)[
        `create${KIND_NAME[k]}Monitor`
      ];
      monitor[k] = (await create({ monitor: validMonitor(k) })).monitor!.id;
    }
    const notification = (
      await rpcClient(NotificationService, tenant.writeKey).createNotification({
        notification: webhook([monitor.http, monitor.tcp]) as never,
      })
    ).notification!.id;
    const escalationPolicy = (
      await rpcClient(AlertService, tenant.writeKey).createEscalationPolicy({
        policy: { name: 'Night', steps: [{ afterMinutes: 0, channelIds: [notification] }] },
      })
    ).policy!.id;
    // An open alert on the monitor no channel is wired to (so no delivery runs while the matrix
    // compares B's rows): a good round, then a failing one, through the agents' path.
    await reportRound(t, monitor.dns, 'success');
    await reportRound(t, monitor.dns, 'error');
    const [alert] = (await rpcClient(AlertService, tenant.writeKey).listAlerts({ monitorId: monitor.dns })).alerts;
    const location = (
      await rpcClient(PrivateLocationService, tenant.writeKey).createPrivateLocation({
        privateLocation: { name: 'rack', monitorIds: [monitor.http, monitor.dns], metadata: { env: 'iso' } },
      })
    ).privateLocation!;
    const pages = rpcClient(StatusPageService, tenant.writeKey);
    const page = (
      await pages.createStatusPage({
        statusPage: { title: 'Iso status', slug: `iso-${tenant.ctx.workspace.id}-${Date.now()}` },
      })
    ).statusPage!.id;
    const group = (await pages.createComponentGroup({ group: { pageId: page, name: 'Core' } })).group!.id;
    const component = (
      await pages.createPageComponent({
        component: { pageId: page, type: 'monitor', monitorId: monitor.http, name: 'API', groupId: group },
      })
    ).component!.id;
    const staticComponent = (
      await pages.createPageComponent({ component: { pageId: page, type: 'static', name: 'Docs' } })
    ).component!.id;
    const report = (
      await rpcClient(StatusReportService, tenant.writeKey).createStatusReport({
        pageId: page,
        title: 'Slow API',
        message: 'Looking into it',
        pageComponentIds: [component],
      })
    ).statusReport!.id;
    const maintenance = (
      await rpcClient(MaintenanceService, tenant.writeKey).createMaintenance({
        maintenance: {
          pageId: page,
          title: 'Upgrade',
          ...maintenanceWindow(),
          pageComponentIds: [component, staticComponent],
        },
      })
    ).maintenance!.id;
    // This server has no SMTP_URL, so AddSubscriber is refused (failed_precondition); an address that
    // already agreed is imported as confirmed, which needs no mail.
    const subscribers = rpcClient(SubscriberService, tenant.writeKey);
    await subscribers.importSubscribers({
      pageId: page,
      emails: [`reader${tenant.ctx.workspace.id}@example.com`],
      confirmed: true,
    });
    const subscriber = (await subscribers.listSubscribers({ pageId: page })).subscribers[0].id;
    // Check results only arrive through the agent path; this is the one the agents use.
    await storeResult(t.app, { monitorId: monitor.http, minutesAgo: 2, status: 'success' });
    const logs = await monitors.listMonitorHTTPResponseLogs({ id: monitor.http });
    const responseLog = logs.logs[0].id;
    const audit = await t.app.get(AuditService).list(tenant.ctx, { page: 1, perPage: 1 });
    const auditLog = audit.items[0].id;
    return {
      ids: {
        monitor,
        notification,
        escalationPolicy,
        alert: alert.id,
        privateLocation: location.id,
        page,
        group,
        component,
        staticComponent,
        report,
        maintenance,
        subscriber,
        responseLog,
        auditLog,
      },
      token: location.token,
    };
  }

  /**
   * Ids no workspace has, far above any sequence this test reaches: each is B's id plus a constant, so
   * ids that B's tables happen to share (page 2, report 2) stay alike, and B's ids in an answer can be
   * swapped for these by value.
   */
  const ghostOf = (id: string): string => String(900_000_000_000 + Number(id));
  function ghostIds(of: Ids): Ids {
    const monitor = Object.fromEntries(KINDS.map((k) => [k, ghostOf(of.monitor[k])])) as Record<Kind, string>;
    const rest = Object.fromEntries(
      Object.entries(of)
        .filter(([key]) => key !== 'monitor')
        .map(([key, id]) => [key, ghostOf(id as string)]),
    );
    return { ...(rest as Omit<Ids, 'monitor'>), monitor };
  }

  /** Each id of B and the nonexistent id sent in its place. */
  let pairs: Map<string, string>;
  /**
   * Whether the answer about B's ids is the answer about ids that exist nowhere, once B's ids in it are
   * swapped for those. Two successes (a filter that matches nothing, a create that ignores a read-only
   * field) differ in the ids and times of what they made, so only their shapes are compared.
   */
  const answeredAsMissing = (about: unknown, missing: unknown, bothSucceeded = false): boolean =>
    bothSucceeded
      ? shapeOf(textOf(about)) === shapeOf(textOf(missing))
      : textOf(asIfMissing(about, pairs)) === textOf(missing);

  /** Compares B's rows with the baseline; a difference is a problem naming what was called. */
  async function bUnchanged(after: string): Promise<string[]> {
    const now = await workspaceRows(t.db, b.ctx.workspace.id);
    const diff = rowDiff(baseline, now);
    baseline = now;
    return diff.length ? [`${after} changed workspace B's rows:\n    ${diff.slice(0, 12).join('\n    ')}`] : [];
  }

  /**
   * One case with one credential: B's ids and ghost ids are sent the same way; B's must be refused as
   * expected and answered exactly as the ghost's.
   */
  function judge(
    label: string,
    expected: string,
    like: boolean,
    foreignOutcome: Outcome,
    ghostOutcome: Outcome,
  ): string[] {
    const problems: string[] = [];
    if (!like && (foreignOutcome.ok || foreignOutcome.code !== expected))
      problems.push(`${label}: expected ${expected}, got ${describeOutcome(foreignOutcome)}`);
    if (like && foreignOutcome.ok && !ghostOutcome.ok)
      problems.push(`${label}: succeeded with B's id, ${describeOutcome(foreignOutcome)}`);
    if (!answeredAsMissing(foreignOutcome, ghostOutcome, foreignOutcome.ok && ghostOutcome.ok))
      problems.push(
        `${label}: answers B's id differently from an id that exists nowhere:\n` +
          `    B's id: ${describeOutcome(foreignOutcome)}\n    nowhere: ${describeOutcome(ghostOutcome)}`,
      );
    return problems;
  }

  async function mcpConnect(key: string): Promise<McpClient> {
    const client = new McpClient({ name: 'isolation-matrix', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { 'x-service-key': key } },
      }),
    );
    mcpClients.push(client);
    return client;
  }

  async function mcpCall(client: McpClient, name: string, args: Req): Promise<Outcome> {
    try {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      if (!result.isError) return { ok: true, value: result.structuredContent };
      const text = (result.content[0] as { text: string }).text;
      return { ok: false, code: text.split(':')[0], message: text };
    } catch (error) {
      if (error instanceof McpError) return { ok: false, code: `JSON-RPC ${error.code}`, message: error.message };
      throw error;
    }
  }

  async function rest(path: string, key: string): Promise<Outcome> {
    const response = await fetch(`${t.baseUrl}${path}`, { headers: { 'x-service-key': key } });
    const body = await response.text();
    if (response.ok) return { ok: true, value: parsed(body) };
    const error = parsed(body) as { code?: string; message?: string };
    const message = typeof error.message === 'string' ? `${error.code}: ${error.message}` : body;
    return { ok: false, code: `HTTP ${response.status}`, message };
  }

  const registeredServices = () => t.app.get(RpcServer).services();
  const rpcDiscovered = () =>
    new Map(
      registeredServices().flatMap((s) => s.methods.map((m) => [`${s.typeName}/${m.name}`, idFieldPaths(m.input)])),
    );

  beforeAll(async () => {
    t = await startHttpApp();
    grpc = await listenGrpcOn(t.app, 0, '127.0.0.1', 30_000);
    a = await newTenant(t, 'pro');
    b = await newTenant(t, 'pro');
    const builtA = await build(a);
    const builtB = await build(b);
    own = builtA.ids;
    foreign = builtB.ids;
    tokenA = builtA.token;
    tokenB = builtB.token;
    ghost = ghostIds(foreign);
    const leaves = [...Object.values(foreign.monitor), ...Object.values(foreign).filter((v) => typeof v === 'string')];
    pairs = new Map(leaves.map((id) => [id, ghostOf(id)]));
    baseline = await workspaceRows(t.db, b.ctx.workspace.id);
  });

  afterAll(async () => {
    await Promise.all(mcpClients.map((c) => c.close().catch(() => undefined)));
    await grpc?.close();
    await t?.close();
  });

  describe('coverage: every registered method, tool and route has an entry', () => {
    it('RPC: every method of every registered service, and every id field of its request', () => {
      const discovered = rpcDiscovered();
      // The services of issue #10's list are all registered (a service dropped from the router would
      // otherwise drop out of the matrix silently).
      expect(registeredServices().map((s) => s.typeName)).toEqual(
        expect.arrayContaining(
          [
            MonitorService,
            NotificationService,
            PrivateLocationService,
            StatusReportService,
            MaintenanceService,
            StatusPageService,
            SubscriberService,
            SlaService,
            ImportService,
            ExportService,
          ].map((s) => s.typeName),
        ),
      );
      expect(coverageProblems('RPC', discovered, RPC)).toEqual([]);
    });

    it('fails, naming it, for a method without an entry or an id field no case fills', () => {
      const discovered = rpcDiscovered();
      const { ['monitor.v1.MonitorService/GetMonitor']: _dropped, ...withoutGet } = RPC;
      expect(coverageProblems('RPC', discovered, withoutGet)).toEqual([
        expect.stringContaining(
          'RPC monitor.v1.MonitorService/GetMonitor has no isolation matrix entry (id fields: id)',
        ),
      ]);
      const partial = {
        ...RPC,
        'status_page.v1.StatusPageService/GetPageComponent': {
          cases: [one('B', ['id'], (_o: Ids, f: Ids) => ({ id: f.component }))],
        },
      };
      expect(coverageProblems('RPC', discovered, partial)).toEqual([
        'RPC status_page.v1.StatusPageService/GetPageComponent: no case sends another workspace’s id in page_id',
      ]);
    });

    it('MCP: every tool of tools/list, and every id argument of its input schema', async () => {
      const { tools } = await (await mcpConnect(a.writeKey)).listTools();
      // A pro workspace's write key sees every tool there is, so plan gating hides none from the matrix.
      expect(tools.map((x) => x.name).sort()).toEqual(
        t.app
          .get(McpTools)
          .all.map((x) => x.name)
          .sort(),
      );
      const discovered = new Map(tools.map((tool: Tool) => [tool.name, schemaIdPaths(tool.inputSchema)]));
      expect(coverageProblems('MCP tool', discovered, MCP)).toEqual([]);
    });

    it('HTTP: every route the server registers, and every route of the OpenAPI document', async () => {
      const routes = serverRoutes(t.app);
      const rpcPaths = new Set([...rpcDiscovered().keys()].map((name) => `/rpc/${name}`));
      const site = new Set(['/', '/llms.txt']);
      for (const page of t.app.get(ContentService).pages()) site.add(page.path).add(`${page.path}.md`);
      for (const type of CONTENT_TYPES) site.add(`/${type}`).add(`/${type}/*`);
      const discovered = new Map<string, string[]>();
      const unclassified: string[] = [];
      for (const { method, url } of routes) {
        if (url.startsWith('/rpc/')) {
          // Served by the RPC router: each is a registered method, covered by the RPC matrix.
          if (!rpcPaths.has(url)) unclassified.push(`${method} ${url} (under /rpc but not a registered method)`);
          continue;
        }
        if (url === '/mcp') continue; // the MCP matrix
        if (method === 'GET' && site.has(url)) continue; // the public site: content, no workspace data
        discovered.set(
          `${method} ${url}`,
          [...url.matchAll(/:(\w+)/g)].map((m) => m[1]),
        );
      }
      // The parse of the route tree found the routes it must have.
      expect(discovered.has('GET /v1/monitor/:id/summary')).toBe(true);
      expect([...rpcPaths].filter((p) => !routes.some((r) => r.url === p))).toEqual([]);
      expect(unclassified).toEqual([]);
      // Every path of the OpenAPI document is a route with an entry too.
      const document = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      for (const [path, operations] of Object.entries(document.paths)) {
        if (path.startsWith('/rpc/')) {
          expect(rpcPaths).toContain(path);
          continue;
        }
        for (const method of Object.keys(operations)) {
          const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
          if (!discovered.has(key))
            discovered.set(
              key,
              [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
            );
        }
      }
      expect(coverageProblems('HTTP', discovered, REST)).toEqual([]);
    });
  });

  describe('with workspace B’s ids, workspace A gets not-found and changes nothing in B', () => {
    it('has B’s full set of resources in the snapshot it compares', () => {
      const tables = new Set(baseline.map((line) => line.split(' ')[0]));
      for (const table of [
        'workspaces',
        'monitors',
        'notification_channels',
        'notification_channel_monitors',
        'escalation_policies',
        'alerts',
        'private_locations',
        'private_location_monitors',
        'status_pages',
        'page_component_groups',
        'page_components',
        'status_reports',
        'status_report_updates',
        'status_report_components',
        'maintenances',
        'maintenance_components',
        'page_subscribers',
        'check_results',
        'audit_logs',
        'api_keys',
      ])
        expect(tables).toContain(table);
      expect(baseline.filter((l) => l.startsWith('monitors ')).length).toBe(KINDS.length);
      // Nothing of A's is in it.
      expect(baseline.join('\n')).not.toContain(`"workspace_id":"${a.ctx.workspace.id}"`);
    });

    it(
      'RPC: every id-taking method, with the read key (Connect JSON) and the write key (binary)',
      async () => {
        const problems: string[] = [];
        for (const service of registeredServices()) {
          for (const method of service.methods) {
            const name = `${service.typeName}/${method.name}`;
            const entry = RPC[name];
            if (!entry) continue; // the coverage test names it
            const reads = /^(Get|List)/.test(method.name);
            for (const c of entry.cases) {
              for (const [scope, key, binary] of [
                ['read', a.readKey, false],
                ['write', a.writeKey, true],
              ] as const) {
                const expected = reads || scope === 'write' ? 'NotFound' : 'PermissionDenied';
                const foreignOutcome = await rpcCall(service, method, key, binary, c.build(own, foreign));
                const ghostOutcome = await rpcCall(service, method, key, binary, c.build(own, ghost));
                problems.push(
                  ...judge(
                    `${name} [${scope} key] ${c.what}`,
                    expected,
                    c.expect === 'like_missing',
                    foreignOutcome,
                    ghostOutcome,
                  ),
                );
              }
            }
            problems.push(...(await bUnchanged(name)));
          }
        }
        expect(problems).toEqual([]);
      },
      MATRIX_TIMEOUT_MS,
    );

    it(
      'RPC over GRPC_PORT (gRPC, HTTP/2): every id-taking method, with the write key',
      async () => {
        const problems: string[] = [];
        for (const service of registeredServices()) {
          for (const method of service.methods) {
            const name = `${service.typeName}/${method.name}`;
            const entry = RPC[name];
            if (!entry) continue; // the coverage test names it
            for (const c of entry.cases) {
              const foreignOutcome = await rpcCall(service, method, a.writeKey, 'grpc', c.build(own, foreign));
              const ghostOutcome = await rpcCall(service, method, a.writeKey, 'grpc', c.build(own, ghost));
              problems.push(
                ...judge(
                  `${name} [gRPC, write key] ${c.what}`,
                  'NotFound',
                  c.expect === 'like_missing',
                  foreignOutcome,
                  ghostOutcome,
                ),
              );
            }
            problems.push(...(await bUnchanged(`${name} over gRPC`)));
          }
        }
        expect(problems).toEqual([]);
      },
      MATRIX_TIMEOUT_MS,
    );

    it(
      'MCP: every id-taking tool, with the read key and the write key',
      async () => {
        const clients = { read: await mcpConnect(a.readKey), write: await mcpConnect(a.writeKey) };
        const { tools } = await clients.write.listTools();
        const problems: string[] = [];
        for (const tool of tools) {
          const entry = MCP[tool.name];
          if (!entry) continue;
          const reads = tool.annotations?.readOnlyHint === true;
          for (const c of entry.cases) {
            for (const scope of ['read', 'write'] as const) {
              // A read key does not have the mutation tools: calling one is forbidden whatever the ids.
              const expected = reads || scope === 'write' ? 'NOT_FOUND' : 'JSON-RPC -32003';
              const foreignOutcome = await mcpCall(clients[scope], tool.name, c.build(own, foreign));
              const ghostOutcome = await mcpCall(clients[scope], tool.name, c.build(own, ghost));
              problems.push(
                ...judge(
                  `MCP ${tool.name} [${scope} key] ${c.what}`,
                  expected,
                  c.expect === 'like_missing',
                  foreignOutcome,
                  ghostOutcome,
                ),
              );
            }
          }
          problems.push(...(await bUnchanged(`MCP ${tool.name}`)));
        }
        expect(problems).toEqual([]);
      },
      MATRIX_TIMEOUT_MS,
    );

    it('HTTP: every id-taking route, with the read key and the write key', async () => {
      const problems: string[] = [];
      for (const [route, entry] of Object.entries(REST)) {
        for (const c of entry.cases) {
          for (const [scope, key] of [
            ['read', a.readKey],
            ['write', a.writeKey],
          ] as const) {
            const foreignOutcome = await rest(c.build(own, foreign), key);
            const ghostOutcome = await rest(c.build(own, ghost), key);
            problems.push(
              ...judge(`${route} [${scope} key] ${c.what}`, 'HTTP 404', false, foreignOutcome, ghostOutcome),
            );
          }
        }
        problems.push(...(await bUnchanged(route)));
      }
      expect(problems).toEqual([]);
    });

    it('GET /metrics: A’s read and write keys see A’s monitors and none of B’s ids', async () => {
      const foreignIds = new Set(Object.values(foreign.monitor));
      const ownIds = new Set(Object.values(own.monitor));
      for (const key of [a.readKey, a.writeKey]) {
        const response = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${key}` } });
        expect(response.status).toBe(200);
        const text = await response.text();
        const seen = new Set([...text.matchAll(/monitor_id="(\d+)"/g)].map((m) => m[1]));
        // The scrape works: A's monitors are there, and only A's.
        expect([...ownIds].filter((id) => !seen.has(id))).toEqual([]);
        expect([...seen].filter((id) => !ownIds.has(id))).toEqual([]);
        expect([...seen].filter((id) => foreignIds.has(id))).toEqual([]);
        expect(text).not.toContain(`workspace="${b.ctx.workspace.slug}"`);
      }
      expect(await bUnchanged('GET /metrics')).toEqual([]);
    });

    describe('agent endpoints with the private location token of A', () => {
      const agent = async (path: string, token: string, body: Req) => {
        const response = await fetch(`${t.baseUrl}/agent/v1/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: parsed(await response.text()) };
      };
      const result = (monitorId: string, location: string) => {
        const minute = Math.floor(Date.now() / 60_000) * 60_000;
        const at = new Date(minute - 60_000).toISOString();
        return {
          run: { monitorId, location, trigger: 'cron', triggerId: null, cronTimestamp: at, periodMs: 60_000 },
          outcome: { ...emptyResult(), status: 'success', latencyMs: 12, statusCode: 200, attempts: 1 },
          startedAt: at,
        };
      };
      const locations = () => ({
        "A's own location": privateLocation(own.privateLocation),
        "B's location": privateLocation(foreign.privateLocation),
        'a public region': 'fly-ams',
      });

      it('POST /agent/v1/report: a result for B’s monitor is refused exactly as for a nonexistent monitor', async () => {
        const problems: string[] = [];
        for (const kind of ['http', 'dns'] as const) {
          for (const [where, location] of Object.entries(locations())) {
            const label = `POST /agent/v1/report ${kind} monitor of B, location ${where}`;
            const sent = await agent('report', tokenA, {
              agentId: 'iso',
              results: [result(foreign.monitor[kind], location)],
            });
            const missing = await agent('report', tokenA, {
              agentId: 'iso',
              results: [result(ghost.monitor[kind], location)],
            });
            if (sent.status >= 500 || missing.status >= 500)
              problems.push(`${label}: server error, B's id ${sent.status}, nonexistent ${missing.status}`);
            if (!answeredAsMissing(sent, missing))
              problems.push(
                `${label}: answers B's id differently from a nonexistent one:\n` +
                  `    B's id: ${textOf(sent)}\n    nowhere: ${textOf(missing)}`,
              );
            problems.push(...(await bUnchanged(label)));
          }
        }
        expect(problems).toEqual([]);
      });

      it('POST /agent/v1/claim: hands A’s token none of B’s runs, whatever regions it names', async () => {
        const bMonitors = new Set(Object.values(foreign.monitor));
        const claimed = await agent('claim', tokenA, {
          agentId: 'iso',
          regions: [...REGIONS],
          max: 1000,
          lookaheadMs: 60_000,
        });
        expect(claimed.status).toBe(200);
        const items = (claimed.body as { items: Array<{ run: { monitorId: string } }> }).items;
        expect(items.map((i) => i.run.monitorId).filter((id) => bMonitors.has(id))).toEqual([]);
        // A's own location's runs are handed out: the claim itself works.
        expect(items.map((i) => i.run.monitorId)).toEqual(expect.arrayContaining([own.monitor.http]));
        expect(await bUnchanged('POST /agent/v1/claim')).toEqual([]);
        // B's own token is handed the runs of B's location that A's token was not: there was work to take.
        // B's agent holds them from here on, for the renewal below.
        const byB = await agent('claim', tokenB, { agentId: 'iso', max: 1000, lookaheadMs: 60_000 });
        const itemsOfB = (byB.body as { items: Array<{ run: { monitorId: string } }> }).items;
        expect(itemsOfB.map((i) => i.run.monitorId)).toEqual(
          expect.arrayContaining([foreign.monitor.http, foreign.monitor.dns]),
        );
        baseline = await workspaceRows(t.db, b.ctx.workspace.id);
      });

      it('POST /agent/v1/renew: renewing the runs B’s agent holds is answered as for a nonexistent monitor', async () => {
        const problems: string[] = [];
        for (const [where, location] of Object.entries(locations())) {
          const label = `POST /agent/v1/renew http monitor of B, location ${where}`;
          const run = (monitorId: string) => ({ monitorId, location, trigger: 'cron', triggerId: null });
          const sent = await agent('renew', tokenA, { agentId: 'iso', runs: [run(foreign.monitor.http)] });
          const missing = await agent('renew', tokenA, { agentId: 'iso', runs: [run(ghost.monitor.http)] });
          if (sent.status !== 200 || !answeredAsMissing(sent, missing))
            problems.push(`${label}: B's id ${textOf(sent)}; nowhere ${textOf(missing)}`);
          problems.push(...(await bUnchanged(label)));
        }
        expect(problems).toEqual([]);
      });
    });

    it('the comparison sees a change in B (B renaming its own page through its own key)', async () => {
      await rpcClient(StatusPageService, b.writeKey).updateStatusPage({
        id: foreign.page,
        statusPage: { title: 'Renamed by B' },
      });
      expect(await bUnchanged('B itself')).toEqual([expect.stringContaining('Renamed by B')]);
    });
  });
});
