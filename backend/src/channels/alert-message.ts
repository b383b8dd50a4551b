// The transport-neutral alert every channel sender renders: what happened to which monitor, in which
// regions, when, and where to look. `titleOf`, `summaryOf` and the line helpers are the one wording
// every sender uses, so an alert reads the same in Slack, e-mail and SMS.

export type AlertKind = 'down' | 'degraded' | 'recovered' | 'test';

export type RegionStatus = 'active' | 'degraded' | 'error';

export interface AlertRegion {
  region: string;
  status: RegionStatus;
  /** The error of the region's last result. */
  error: string | null;
  latencyMs: number | null;
}

export interface AlertMessage {
  kind: AlertKind;
  monitor: { id: string; name: string; kind: string; /** url or uri */ target: string };
  workspace: { id: string; slug: string };
  /** Per region or private location: its status and the error of its last result. */
  regions: AlertRegion[];
  /** When the transition happened. */
  at: Date;
  /** Link to the monitor (dashboard or API). */
  monitorUrl: string;
  /** Public status pages showing the monitor (may be empty). */
  pageUrls: string[];
  /** Stable per monitor incident: PagerDuty dedup_key, Opsgenie alias; the same for a down and its recovery. */
  incidentKey: string;
  /**
   * Stable per alert and channel (a uuid stored with the outbox row): every attempt of one delivery,
   * retries and resends after a crash included, carries the same id, so a receiver can drop a repeat.
   */
  eventId: string;
}

/** Upper-case label of the alert kind: DOWN, DEGRADED, RECOVERED, TEST. */
export function labelOf(kind: AlertKind): string {
  return kind.toUpperCase();
}

/** What changed, as a verb phrase after the monitor's name. */
export function changeOf(kind: AlertKind): string {
  switch (kind) {
    case 'down':
      return 'is down';
    case 'degraded':
      return 'is degraded';
    case 'recovered':
      return 'has recovered';
    case 'test':
      return 'test alert';
  }
}

/** `[DOWN] Checkout API is down`; a test: `[TEST] Test alert for Checkout API`. */
export function titleOf(message: AlertMessage): string {
  if (message.kind === 'test') return `[TEST] Test alert for ${message.monitor.name}`;
  return `[${labelOf(message.kind)}] ${message.monitor.name} ${changeOf(message.kind)}`;
}

/** ISO 8601 in UTC, to the second: `2026-01-02T03:04:05Z`. */
export function timeOf(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `fly-ams: error (timeout after 5000 ms)`, `fly-iad: active, 120 ms`. */
export function regionLine(region: AlertRegion): string {
  const latency = region.latencyMs === null ? '' : `, ${region.latencyMs} ms`;
  const error = region.error ? ` (${region.error})` : '';
  return `${region.region}: ${region.status}${latency}${error}`;
}

/** Regions not active first (they explain the alert), then by name. */
export function sortedRegions(message: AlertMessage): AlertRegion[] {
  const rank = { error: 0, degraded: 1, active: 2 } as const;
  return [...message.regions].sort((a, b) => rank[a.status] - rank[b.status] || a.region.localeCompare(b.region, 'en'));
}

/** `Checkout API (http https://shop.example/api) is down at 2026-01-02T03:04:05Z.` */
export function headlineOf(message: AlertMessage): string {
  const { monitor } = message;
  const target = monitor.target ? ` (${monitor.kind} ${monitor.target})` : ` (${monitor.kind})`;
  if (message.kind === 'test') {
    return `Test alert for ${monitor.name}${target} at ${timeOf(message.at)}; the monitor's status did not change.`;
  }
  return `${monitor.name}${target} ${changeOf(message.kind)} at ${timeOf(message.at)}.`;
}

/** Links: the monitor, then each status page. */
export function linksOf(message: AlertMessage): Array<{ label: string; url: string }> {
  return [
    { label: 'Monitor', url: message.monitorUrl },
    ...message.pageUrls.map((url) => ({ label: 'Status page', url })),
  ];
}

/** The plain-text body: headline, regions with their errors, links. */
export function summaryOf(message: AlertMessage): string {
  const lines = [headlineOf(message)];
  if (message.regions.length) {
    lines.push('', 'Regions:', ...sortedRegions(message).map((r) => `- ${regionLine(r)}`));
  }
  lines.push('', ...linksOf(message).map((l) => `${l.label}: ${l.url}`));
  return lines.join('\n');
}

/** A short one-paragraph form for SMS and WhatsApp: title, failing regions, time, monitor link. */
export function shortTextOf(message: AlertMessage): string {
  const failing = sortedRegions(message).filter((r) => r.status !== 'active');
  const regions = failing.length ? ` Regions: ${failing.map(regionLine).join('; ')}.` : '';
  return `${titleOf(message)} at ${timeOf(message.at)}.${regions} ${message.monitorUrl}`;
}

/** Whether the alert opens or updates an incident (true) or closes it (false). */
export function isProblem(kind: AlertKind): boolean {
  return kind === 'down' || kind === 'degraded';
}
