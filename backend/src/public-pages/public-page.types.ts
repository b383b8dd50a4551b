// The public status page as every renderer sees it: what a visitor of one page may see, read once per
// change and cached (page-cache.ts). Transport-neutral: the HTML page, the history page, the JSON
// status, the feeds, the badges and the markdown twin all render from these values, never from
// entities or the database.
import type { AccessType, CustomTheme, UptimePeriod } from '../status-pages/status-page.entity';
import type { DayStatus } from '../status-pages/daily-summary.service';

/** Days of uptime bars on a page. */
export const PUBLIC_DAYS = 90;

/** The one-line status of the whole page, worst first. */
export type OverallStatus = 'major_outage' | 'partial_outage' | 'degraded' | 'maintenance' | 'operational';

/** A component's status now. `unknown`: a monitor component without results yet. */
export type ComponentStatus = 'outage' | 'degraded' | 'maintenance' | 'operational' | 'unknown';

/** The page's own settings a visitor sees, and what the access check needs. */
export interface PublicPage {
  id: string;
  workspaceId: string;
  slug: string;
  title: string;
  description: string;
  icon: string | null;
  homepageUrl: string | null;
  contactUrl: string | null;
  customDomain: string | null;
  accessType: AccessType;
  /** Lower-case domains whose addresses may sign in (access type `email-domain`). */
  authEmailDomains: string[];
  /** IPv4 CIDRs, parsed from the comma-separated setting (access type `ip-restriction`). */
  allowedIpRanges: string[];
  theme: string;
  /** Null when unset or when the workspace's plan lacks the `custom-theme` feature. */
  customTheme: CustomTheme | null;
  defaultLocale: string;
  /** The locales of the switcher: the default first, then the page's `locales`, each once, supported only. */
  locales: string[];
  allowIndex: boolean;
  /** Origins that may frame the page and its history (CSP frame-ancestors); empty: none may. */
  embedOrigins: string[];
  /** The period of each monitored component's uptime figure (SLA rules); `off`: none is shown. */
  uptimePeriod: UptimePeriod;
  /**
   * Whether visitors may subscribe by e-mail: only when the service can send the confirmation mail
   * (SubscribersService.subscriptionsOffered). False: no subscribe link, and no form.
   */
  subscriptions: boolean;
  /** The last change of the page's own settings (sitemap `lastmod`); the snapshot's `version` covers the rest. */
  updatedAt: Date;
}

export interface PublicDay {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  status: DayStatus;
  total: number;
  failed: number;
  degraded: number;
  /** Titles of the incidents and maintenances that touched the day. */
  events: Array<{ kind: 'incident' | 'maintenance'; title: string }>;
}

export interface LatencyPoint {
  day: string;
  /** Milliseconds; null on a day without successful checks. */
  p50: number | null;
  p95: number | null;
  /** The successful and degraded checks the day's figures rest on; 0 without. */
  checks: number;
}

export interface PublicComponent {
  id: string;
  /** Its own name, or its monitor's when it has none (the same on every public surface). */
  name: string;
  /** `static`: no monitor; its days before it was created are `no_data`, and it has no uptime. */
  type: 'monitor' | 'static';
  description: string;
  groupId: string | null;
  status: ComponentStatus;
  /** PUBLIC_DAYS days, oldest first. */
  days: PublicDay[];
  /**
   * Uptime over the days with checks, in percent (0 to 100, not rounded): successful and degraded
   * checks over all checks, maintenance days left out. Null for a static component or no data.
   */
  uptime: number | null;
  /**
   * Uptime over the page's `uptimePeriod` by the SLA rules (SlaService.uptimeOver: alert status
   * history, maintenance windows left out), in percent rounded to 4 decimals. Absent when the page's
   * setting is off or for a static component; null when nothing was measured in the period.
   */
  periodUptime?: number | null;
  /** Daily latency, only when the component shows a monitor whose `public` is true; else null. */
  latency: LatencyPoint[] | null;
}

export interface PublicGroup {
  /** Null: the components outside any group, in their own order. */
  id: string | null;
  name: string;
  components: PublicComponent[];
}

export interface PublicReportUpdate {
  status: string;
  message: string;
  date: Date;
}

export interface PublicReport {
  id: string;
  title: string;
  status: string;
  componentIds: string[];
  createdAt: Date;
  resolvedAt: Date | null;
  /** Newest first. */
  updates: PublicReportUpdate[];
}

export interface PublicMaintenance {
  id: string;
  title: string;
  message: string;
  from: Date;
  to: Date;
  componentIds: string[];
}

/** Everything the page shows now. */
export interface PageSnapshot {
  page: PublicPage;
  overall: OverallStatus;
  /** In display order: groups by their first component's order, components by order / group_order. */
  groups: PublicGroup[];
  activeReports: PublicReport[];
  activeMaintenances: PublicMaintenance[];
  /** Starting within the next 30 days, soonest first. */
  upcomingMaintenances: PublicMaintenance[];
  generatedAt: Date;
  /** Strong validator of this snapshot's content: a hash, the same for the same data. */
  version: string;
}

/** One page of the history: resolved reports and past maintenances, newest first. */
export interface PageHistory {
  page: PublicPage;
  reports: PublicReport[];
  maintenances: PublicMaintenance[];
  /** 1-based. */
  pageNumber: number;
  pageCount: number;
}
