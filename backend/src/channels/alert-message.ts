// The transport-neutral alert every channel sender renders: what happened to which monitor, in which
// regions, when, and where to look. `titleOf`, `summaryOf` and the line helpers are the one wording
// every sender uses, so an alert reads the same in Slack, e-mail and SMS.

/** What a status alert tells (or a test send). */
export type AlertKind = 'down' | 'degraded' | 'recovered' | 'test';

/**
 * What a message tells: a status alert's kind, or `certificate`: a certificate of the monitor reached
 * an expiry threshold (the webhook's `certificate.expiring`), which tells no change of status.
 */
export type MessageKind = AlertKind | 'certificate';

export type RegionStatus = 'active' | 'degraded' | 'error';

export interface AlertRegion {
  region: string;
  status: RegionStatus;
  /** The error of the region's last result. */
  error: string | null;
  latencyMs: number | null;
}

export interface AlertMessage {
  kind: MessageKind;
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
  /** With kind `certificate`: the certificate that reached a threshold; absent otherwise. */
  certificate?: AlertCertificate;
  /** A message sent again while the problem lasts: the n-th reminder or the k-th escalation step. */
  followUp?: { reason: 'reminder' | 'escalation'; round: number };
  /** A signed link that acknowledges the alert (stops its reminders and escalation); problems only. */
  acknowledgeUrl?: string;
}

/** The certificate of a `certificate` alert, as the check saw it, and the threshold it reached. */
export interface AlertCertificate {
  subject: string;
  sans: string[];
  issuer: string;
  serial: string;
  notBefore: string;
  notAfter: string;
  daysLeft: number;
  verified: boolean;
  verificationError: string | null;
  /** The threshold (days) the alert is for: the smallest one the check reached. */
  threshold: number;
  /** The location whose check saw it. */
  region: string;
}

/** The certificate as JSON payloads carry it (webhook, PagerDuty details): snake_case fields. */
export function certificateBody(c: AlertCertificate): Record<string, unknown> {
  return {
    subject: c.subject,
    sans: c.sans,
    issuer: c.issuer,
    serial: c.serial,
    not_before: c.notBefore,
    not_after: c.notAfter,
    days_left: c.daysLeft,
    threshold_days: c.threshold,
    verified: c.verified,
    verification_error: c.verificationError,
    region: c.region,
  };
}

/** The event's name in webhooks and mail headers: `monitor.down`, ..., `certificate.expiring`. */
export function eventOf(kind: MessageKind): string {
  return kind === 'certificate' ? 'certificate.expiring' : `monitor.${kind}`;
}

/** Upper-case label of the alert kind: DOWN, DEGRADED, RECOVERED, TEST, CERTIFICATE. */
export function labelOf(kind: MessageKind): string {
  return kind.toUpperCase();
}

/** `expires in 3 days`, `expires today`, `expired 2 days ago`. */
export function expiryOf(daysLeft: number): string {
  if (daysLeft < 0) return `expired ${-daysLeft} ${-daysLeft === 1 ? 'day' : 'days'} ago`;
  if (daysLeft === 0) return 'expires today';
  return `expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

/** What changed, as a verb phrase after the monitor's name. */
export function changeOf(kind: MessageKind): string {
  switch (kind) {
    case 'down':
      return 'is down';
    case 'degraded':
      return 'is degraded';
    case 'recovered':
      return 'has recovered';
    case 'test':
      return 'test alert';
    case 'certificate':
      return 'has a TLS certificate about to expire';
  }
}

/** `[DOWN] Checkout API is down`; a test: `[TEST] Test alert for Checkout API`. */
export function titleOf(message: AlertMessage): string {
  if (message.kind === 'test') return `[TEST] Test alert for ${message.monitor.name}`;
  if (message.kind === 'certificate' && message.certificate) {
    return `[CERTIFICATE] ${message.monitor.name}: TLS certificate ${expiryOf(message.certificate.daysLeft)}`;
  }
  return `[${labelOf(message.kind)}] ${message.monitor.name} ${changeOf(message.kind)}${followUpOf(message)}`;
}

/** ` (reminder 2)`, ` (escalation step 2)`, or nothing for the first message. */
export function followUpOf(message: Pick<AlertMessage, 'followUp'>): string {
  const f = message.followUp;
  if (!f) return '';
  return f.reason === 'reminder' ? ` (reminder ${f.round})` : ` (escalation step ${f.round})`;
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
  if (message.kind === 'certificate' && message.certificate) {
    const c = message.certificate;
    return `The TLS certificate of ${monitor.name}${target}, ${c.subject || 'without a subject'}, ${expiryOf(c.daysLeft)} (not after ${timeOf(new Date(c.notAfter))}).`;
  }
  return `${monitor.name}${target} ${changeOf(message.kind)} at ${timeOf(message.at)}.`;
}

/** Links: the monitor, each status page, then the acknowledgement link of a problem. */
export function linksOf(message: AlertMessage): Array<{ label: string; url: string }> {
  return [
    { label: 'Monitor', url: message.monitorUrl },
    ...message.pageUrls.map((url) => ({ label: 'Status page', url })),
    ...(message.acknowledgeUrl ? [{ label: 'Acknowledge', url: message.acknowledgeUrl }] : []),
  ];
}

/** `CN=shop.example, not after 2026-01-05T00:00:00Z`: the certificate in a title's tail. */
export function certificateInShort(certificate: AlertCertificate): string {
  return `${certificate.subject || 'no subject'}, not after ${timeOf(new Date(certificate.notAfter))}`;
}

/** What a `certificate` alert says of the certificate, one fact a line. */
export function certificateLines(certificate: AlertCertificate): string[] {
  const c = certificate;
  return [
    `Subject: ${c.subject}`,
    ...(c.sans.length ? [`Names: ${c.sans.join(', ')}`] : []),
    `Issuer: ${c.issuer}`,
    `Serial: ${c.serial}`,
    `Not after: ${timeOf(new Date(c.notAfter))}`,
    `Days left: ${c.daysLeft} (alert at ${c.threshold} ${c.threshold === 1 ? 'day' : 'days'})`,
    `Chain: ${c.verified ? 'verified' : `not verified (${c.verificationError ?? 'unknown error'})`}`,
    `Seen from: ${c.region}`,
  ];
}

/** The plain-text body: headline, regions with their errors (or the certificate), links. */
export function summaryOf(message: AlertMessage): string {
  const lines = [headlineOf(message)];
  if (message.certificate) lines.push('', ...certificateLines(message.certificate));
  if (message.regions.length) {
    lines.push('', 'Regions:', ...sortedRegions(message).map((r) => `- ${regionLine(r)}`));
  }
  lines.push('', ...linksOf(message).map((l) => `${l.label}: ${l.url}`));
  return lines.join('\n');
}

/** A short one-paragraph form for SMS: title, failing regions, time, monitor link, acknowledgement link. */
export function shortTextOf(message: AlertMessage): string {
  if (message.certificate)
    return `${titleOf(message)}: ${certificateInShort(message.certificate)}. ${message.monitorUrl}`;
  const failing = sortedRegions(message).filter((r) => r.status !== 'active');
  const regions = failing.length ? ` Regions: ${failing.map(regionLine).join('; ')}.` : '';
  const acknowledge = message.acknowledgeUrl ? ` Acknowledge: ${message.acknowledgeUrl}` : '';
  return `${titleOf(message)} at ${timeOf(message.at)}.${regions} ${message.monitorUrl}${acknowledge}`;
}

/** Whether the alert opens or updates an incident (true) or closes it (false). */
export function isProblem(kind: MessageKind): boolean {
  return kind === 'down' || kind === 'degraded';
}
