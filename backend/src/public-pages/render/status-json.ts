// The JSON status of a public page (`<base>/status.json`), for machines: the overall status, each
// component with its status and 90-day uptime (and, when the page shows it, its uptime over the page's
// period), and what is happening now. camelCase, like the MCP
// outputs; dates are ISO 8601 strings in UTC. The shape is documented in docs (status pages, JSON).
import type {
  ComponentStatus,
  OverallStatus,
  PageSnapshot,
  PublicMaintenance,
  PublicReport,
} from '../public-page.types';
import type { UptimePeriod } from '../../status-pages/status-page.entity';

export interface StatusJsonReport {
  id: string;
  title: string;
  status: string;
  componentIds: string[];
  createdAt: string;
  /** Newest first. */
  updates: Array<{ status: string; message: string; date: string }>;
}

export interface StatusJsonMaintenance {
  id: string;
  title: string;
  message: string;
  from: string;
  to: string;
  componentIds: string[];
}

export interface StatusJson {
  page: { title: string; url: string };
  status: OverallStatus;
  components: Array<{
    id: string;
    name: string;
    /** The group's name; null outside any group. */
    group: string | null;
    status: ComponentStatus;
    /** Percent over the last 90 days, rounded to 3 decimals; null for a static component or no data. */
    uptime: number | null;
    /**
     * Percent over the page's `uptimePeriod` by the SLA rules (maintenance left out), rounded to 3
     * decimals; null when nothing was measured. Only when the page shows it, on monitored components.
     */
    periodUptime?: number | null;
  }>;
  /** The period of `periodUptime` (30d, 90d, month, quarter); absent when the page shows none. */
  uptimePeriod?: Exclude<UptimePeriod, 'off'>;
  activeReports: StatusJsonReport[];
  activeMaintenances: StatusJsonMaintenance[];
  upcomingMaintenances: StatusJsonMaintenance[];
  generatedAt: string;
}

const report = (r: PublicReport): StatusJsonReport => ({
  id: r.id,
  title: r.title,
  status: r.status,
  componentIds: r.componentIds,
  createdAt: r.createdAt.toISOString(),
  updates: r.updates.map((u) => ({ status: u.status, message: u.message, date: u.date.toISOString() })),
});

const maintenance = (m: PublicMaintenance): StatusJsonMaintenance => ({
  id: m.id,
  title: m.title,
  message: m.message,
  from: m.from.toISOString(),
  to: m.to.toISOString(),
  componentIds: m.componentIds,
});

/** `pageUrl`: the page's absolute URL (SITE_URL or the custom domain the request came through). */
export function statusJson(snapshot: PageSnapshot, pageUrl: string): StatusJson {
  const uptimePeriod = snapshot.page.uptimePeriod;
  return {
    page: { title: snapshot.page.title, url: pageUrl },
    status: snapshot.overall,
    components: snapshot.groups.flatMap((g) =>
      g.components.map((c) => ({
        id: c.id,
        name: c.name,
        group: g.id === null ? null : g.name,
        status: c.status,
        uptime: c.uptime === null ? null : Math.round(c.uptime * 1000) / 1000,
        ...(c.periodUptime === undefined
          ? {}
          : { periodUptime: c.periodUptime === null ? null : Math.round(c.periodUptime * 1000) / 1000 }),
      })),
    ),
    ...(uptimePeriod === 'off' ? {} : { uptimePeriod }),
    activeReports: snapshot.activeReports.map(report),
    activeMaintenances: snapshot.activeMaintenances.map(maintenance),
    upcomingMaintenances: snapshot.upcomingMaintenances.map(maintenance),
    generatedAt: snapshot.generatedAt.toISOString(),
  };
}
