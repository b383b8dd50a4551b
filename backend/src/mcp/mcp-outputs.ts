// The output schemas of the MCP tools: the real shape of every structuredContent, so a client (and
// the Inspector's --strict mode) can check what it gets. No node is left open (`{}`): free-form
// values (audit snapshots, channel settings) are JSON values, typed as such. The endpoint parses every
// tool's output with its schema before answering, so what is sent is what is announced.
//
// No view field is declared here: each output is made from the view its tool returns, declared once
// as a zod schema in the resource folder (`monitorView` in monitors/monitor.view.ts, ...). A full
// output is the whole view but the fields it omits by name, so a field a view gains reaches MCP with
// nothing to copy; a summary (a list row) picks the fields it shows. Every output is registered with
// fromView(), and mcp-outputs.spec.ts parses a full value of each view with its output and fails on
// any field lost on the way or left out without being named.
import { z } from 'zod';
import { alertEventView, alertView } from '../alerts/alert.view';
import { auditEntryView } from '../audit/audit.service';
import { responseLogView } from '../check-results/response-log.view';
import { paginationView } from '../common/paging';
import { count, isoDateTime } from '../common/view-schema';
import { contentHitView, contentPageView } from '../content/content.service';
import { escalationPolicyView } from '../escalation-policies/escalation-policy.view';
import { importPlanView } from '../imports/import-plan.view';
import { terraformFilesView } from '../exports/terraform-files.view';
import { maintenanceView } from '../maintenances/maintenance.view';
import { monitorStatusView, monitorSummaryView, monitorView } from '../monitors/monitor.view';
import { notificationView } from '../notifications/notification.view';
import { privateLocationView } from '../private-locations/private-location.view';
import { slaReportView } from '../sla/sla.view';
import { componentView, statusPageView } from '../status-pages/status-page.views';
import { statusReportUpdateView, statusReportView } from '../status-reports/status-report.view';

/** A view field a Date in the service, as the tools send it: an ISO 8601 string (tools answer plain JSON). */
type JsonField<F> = F extends z.ZodDate
  ? typeof isoDateTime
  : F extends z.ZodNullable<z.ZodDate>
    ? z.ZodNullable<typeof isoDateTime>
    : F;
type JsonShape<S extends z.ZodRawShape> = { -readonly [K in keyof S]: JsonField<S[K]> };

/** The view as it goes over the wire: its Date fields as ISO 8601 strings, everything else as declared. */
function jsonForm<S extends z.ZodRawShape>(view: z.ZodObject<S>): z.ZodObject<JsonShape<S>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(view.shape) as Array<[string, z.ZodType]>) {
    if (field instanceof z.ZodDate) shape[key] = isoDateTime;
    else if (field instanceof z.ZodNullable && field.unwrap() instanceof z.ZodDate) shape[key] = isoDateTime.nullable();
    else shape[key] = field;
  }
  return z.object(shape) as unknown as z.ZodObject<JsonShape<S>>;
}

/** An output made of a view: what mcp-outputs.spec.ts checks. */
export interface ViewOutput {
  name: string;
  view: z.ZodObject;
  output: z.ZodObject;
  /**
   * The view fields the output does not show, by name; `rest` for a summary (a list row), which shows
   * the fields it picks and leaves out whatever else the view has or gains.
   */
  leftOut: readonly string[] | 'rest';
  /** Fields the tool adds to a summary, or shows in another form than the view's. */
  extra?: z.ZodObject;
}

export const VIEW_OUTPUTS: ViewOutput[] = [];

function fromView<O extends z.ZodObject>(
  name: string,
  view: z.ZodObject,
  leftOut: ViewOutput['leftOut'],
  output: O,
  extra?: z.ZodObject,
): O {
  VIEW_OUTPUTS.push({ name, view, output, leftOut, extra });
  return output;
}

export const paginationOut = fromView('pagination', paginationView, [], paginationView);

export const alertOut = fromView('get_alert', alertView, [], alertView);
export const importPlanOut = fromView('get_import_plan', importPlanView, [], importPlanView);
export const terraformFilesOut = fromView('get_terraform_export', terraformFilesView, [], terraformFilesView);
export const alertEventOut = fromView('get_alert.events', alertEventView, [], alertEventView);

export const statusPageOut = fromView(
  'list_status_pages',
  statusPageView,
  'rest',
  statusPageView.pick({
    id: true,
    slug: true,
    title: true,
    description: true,
    published: true,
    customDomain: true,
    embedOrigins: true,
    uptimePeriod: true,
  }),
);

export const componentOut = fromView(
  'list_page_components',
  componentView,
  'rest',
  componentView.pick({
    id: true,
    name: true,
    type: true,
    monitorId: true,
    description: true,
    groupId: true,
    order: true,
    autoIncident: true,
    autoIncidentAfterMinutes: true,
    autoIncidentNotify: true,
    autoIncidentTitle: true,
    autoIncidentMessage: true,
    autoResolve: true,
  }),
);

// notifiedAt is announced as optional, as it was before every view carried it.
const reportUpdateOut = statusReportUpdateView.partial({ notifiedAt: true });

export const statusReportOut = fromView(
  'status report',
  statusReportView,
  [],
  statusReportView.extend({
    updates: z.array(reportUpdateOut).describe(statusReportView.shape.updates.description ?? ''),
  }),
);

export const maintenanceOut = fromView(
  'maintenance',
  maintenanceView,
  [],
  maintenanceView.partial({ notifiedAt: true }),
);

/** Beside `notified` of the publishing tools: present exactly when notify was true and notified is false. */
export const notifyErrorOut = z
  .string()
  .optional()
  .describe('why the subscribers were not mailed (e.g. e-mail is not configured on the server)');

const monitorListExtra = z.object({
  url: monitorView.shape.url.describe('the URL, or the host of TCP, DNS, ICMP and gRPC monitors'),
  activeIncidentCount: count,
});
export const monitorListItemOut = fromView(
  'list_monitors',
  monitorView,
  'rest',
  monitorView
    .pick({
      id: true,
      kind: true,
      name: true,
      url: true,
      periodicity: true,
      regions: true,
      tags: true,
      active: true,
      public: true,
    })
    .extend(monitorListExtra.shape),
  monitorListExtra,
);

/** get_monitor shows the configuration; the status is get_monitor_status's. */
export const monitorOut = fromView('get_monitor', monitorView, ['status'], monitorView.omit({ status: true }));

export const monitorStatusOut = fromView(
  'get_monitor_status',
  monitorStatusView,
  [],
  monitorStatusView.partial({ privateLocations: true }),
);

export const monitorSummaryOut = fromView('get_monitor_summary', monitorSummaryView, [], jsonForm(monitorSummaryView));

const responseLogItemExtra = z.object({ error: z.string().nullable() });
export const responseLogItemOut = fromView(
  'list_response_logs',
  responseLogView,
  'rest',
  jsonForm(responseLogView)
    .pick({ id: true, region: true, status: true, statusCode: true, latency: true, trigger: true, cronTimestamp: true })
    .extend(responseLogItemExtra.shape),
  responseLogItemExtra,
);

export const responseLogOut = fromView('get_response_log', responseLogView, [], jsonForm(responseLogView));

export const notificationOut = fromView('list_notifications', notificationView, [], notificationView);

/** Agent tokens are never shown over MCP. */
export const privateLocationOut = fromView(
  'list_private_locations',
  privateLocationView,
  ['token'],
  privateLocationView.omit({ token: true }),
);

export const escalationPolicyOut = fromView('get_escalation_policy', escalationPolicyView, [], escalationPolicyView);

export const auditEntryOut = fromView('audit entry', auditEntryView, [], auditEntryView);

/** search_content names each hit's type; search_docs, within one type, leaves it out. */
export const searchHitOut = fromView(
  'search hit',
  contentHitView,
  'rest',
  contentHitView.pick({ title: true, type: true, snippet: true, url: true, path: true }).partial({ type: true }),
);

/** The page's description is its front matter's, for the site; get_*_page shows the markdown. */
export const contentPageOut = fromView(
  'content page',
  contentPageView,
  ['description'],
  contentPageView.omit({ description: true }),
);

export const slaReportOut = fromView('get_sla_report', slaReportView, [], slaReportView);
