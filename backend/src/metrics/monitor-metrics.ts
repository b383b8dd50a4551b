// The per-monitor families of /metrics, from the check results' snapshot (one row per monitor and
// location). Names, labels and bounds are documented in the README ("Prometheus metrics"); the
// dashboard in examples/grafana/ and its test read the names from here.
import type { MetricsSnapshotRow } from '../check-results/check-results.port';
import { LATENCY_BUCKETS_SECONDS, latencyHistogram } from './latency-histogram';
import { nameLabel, tagsLabel, type MonitorLabels } from './metric-labels';
import { Family, type Labels } from './exposition';

/** The window of the histogram, the counts by result and the uptime ratio. */
export const WINDOW_HOURS = 24;

/** The `status` label: the product's location statuses in an operator's words. */
export const STATUS_VALUES = ['up', 'degraded', 'down', 'unknown'] as const;
type StatusValue = (typeof STATUS_VALUES)[number];

function statusOf(row: MetricsSnapshotRow): StatusValue {
  switch (row.status) {
    case 'active':
      return 'up';
    case 'degraded':
      return 'degraded';
    case 'error':
      return 'down';
    case 'unknown':
      return 'unknown';
    default: {
      const unreachable: never = row.status;
      throw new Error(`unknown location status ${String(unreachable)}`);
    }
  }
}

export const MONITOR_METRICS = {
  status: 'uptime_monitor_status',
  up: 'uptime_monitor_up',
  latency: 'uptime_monitor_latency_seconds',
  lastCheck: 'uptime_monitor_last_check_timestamp_seconds',
  histogram: 'uptime_monitor_latency_24h_seconds',
  checks: 'uptime_monitor_checks_24h',
  uptime: 'uptime_monitor_uptime_ratio_24h',
  certificate: 'uptime_monitor_certificate_expiry_timestamp_seconds',
} as const;

export function monitorFamilies(rows: readonly MetricsSnapshotRow[]): Family[] {
  const m = MONITOR_METRICS;
  const status = new Family(
    m.status,
    'Latest status of the monitor in the region: 1 for the current status, 0 for the others (up, degraded, down, unknown).',
    'gauge',
  );
  const up = new Family(m.up, '1 when the latest check in the region was up or degraded, 0 when down.', 'gauge');
  const latency = new Family(m.latency, 'Latency of the latest successful or degraded check, in seconds.', 'gauge');
  const lastCheck = new Family(m.lastCheck, 'Scheduled time of the latest check, as a Unix time.', 'gauge');
  const histogram = new Family(
    m.histogram,
    'Latency of the successful and degraded checks of the last 24 hours (a window, not a counter: use histogram_quantile without rate()).',
    'histogram',
  );
  const checks = new Family(m.checks, 'Checks of the last 24 hours by result (success, degraded, error).', 'gauge');
  const uptime = new Family(m.uptime, 'Share of the last 24 hours’ checks that were up or degraded (0 to 1).', 'gauge');
  // When the certificate expires rather than days left: a base unit (promtool's lint), a value that
  // changes only with the certificate, and blackbox_exporter's shape (probe_ssl_earliest_cert_expiry).
  // Days left: (uptime_monitor_certificate_expiry_timestamp_seconds - time()) / 86400.
  const certificate = new Family(
    m.certificate,
    'Expiry (notAfter) of the certificate the latest check saw, as a Unix time.',
    'gauge',
  );
  for (const row of rows) {
    const labels: Labels = {
      monitor_id: row.monitorId,
      monitor_name: nameLabel(row.name),
      kind: row.kind,
      region: row.region,
      workspace: row.workspace,
      tags: tagsLabel(row.tags),
    } satisfies MonitorLabels;
    const current = statusOf(row);
    for (const value of STATUS_VALUES) status.add({ ...labels, status: value }, value === current ? 1 : 0);
    if (current !== 'unknown') up.add(labels, current === 'down' ? 0 : 1);
    if (row.latencyMs !== null) latency.add(labels, row.latencyMs / 1000);
    if (row.lastCheckedAt) lastCheck.add(labels, row.lastCheckedAt.getTime() / 1000);
    if (row.certificateNotAfter) certificate.add(labels, row.certificateNotAfter.getTime() / 1000);
    const { successful, degraded, failed } = row.counts;
    checks.add({ ...labels, result: 'success' }, successful);
    checks.add({ ...labels, result: 'degraded' }, degraded);
    checks.add({ ...labels, result: 'error' }, failed);
    const total = successful + degraded + failed;
    if (total > 0) uptime.add(labels, (successful + degraded) / total);
    if (row.kind === 'heartbeat') continue;
    const h = latencyHistogram(row.sketch);
    LATENCY_BUCKETS_SECONDS.forEach((le, i) =>
      histogram.add({ ...labels, le: String(le) }, h.cumulative[i], `${m.histogram}_bucket`),
    );
    histogram.add({ ...labels, le: '+Inf' }, h.count, `${m.histogram}_bucket`);
    histogram.add(labels, h.sum, `${m.histogram}_sum`);
    histogram.add(labels, h.count, `${m.histogram}_count`);
  }
  return [status, up, latency, lastCheck, histogram, checks, uptime, certificate];
}
