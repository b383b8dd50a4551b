// What the dashboard's monitor page shows beyond the monitor's settings: its locations now, latency
// per location and hour (p50/p95/p99) over 1, 7 or 14 days, the average timing phases of its HTTP
// checks, uptime by day, the error of each location's latest check (every kind, not only HTTP), and
// the history of its status (the transitions alerting records, with how long each status lasted and
// the errors that moved it). Response logs and the trigger are MonitorsService's own verbs.
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { CertificateInfo } from '../checks/check-config';
import type { ServiceContext } from '../common/context';
import { parseInput } from '../common/validation';
import {
  CHECK_RESULTS_PORT,
  type CheckResultsPort,
  type DailyBucket,
  type HourlyLatency,
  type PhaseAverages,
} from '../check-results/check-results.port';
import { privateLocation } from '../schedules/slots';
import { MonitorAlertHistory, type AlertStatus } from './monitor-alert-history';
import type { MonitorView } from './monitor.view';
import { MonitorsService } from './monitors.service';
import type { OverviewLocation } from './monitors-overview.service';

export const INSIGHT_RANGES = ['1d', '7d', '14d'] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];
const RANGE_DAYS: Record<InsightRange, number> = { '1d': 1, '7d': 7, '14d': 14 };
const DAY_MS = 86_400_000;
/** Days of uptime bars on the monitor page. */
export const INSIGHT_DAYS = 14;
/** Status transitions listed. */
const HISTORY = 50;

const rangeSchema = z.object({
  range: z.enum(INSIGHT_RANGES, { error: `must be one of ${INSIGHT_RANGES.join(', ')}` }),
});

export interface StatusPeriod {
  from: AlertStatus;
  to: AlertStatus;
  at: Date;
  /** How long the monitor stayed in `to`: until the next transition, or until now for the latest. */
  durationMs: number;
  ongoing: boolean;
  /** The errors of the locations' latest checks when the status moved to `error` or `degraded`. */
  reasons: LocationError[];
}

/** A location's latest check failed: with what (the probe's error kind) and why. */
export interface LocationError {
  location: string;
  status: 'active' | 'degraded' | 'error';
  /** Null for transitions recorded before error kinds were kept. */
  kind: string | null;
  message: string;
}

export interface MonitorInsights {
  monitor: MonitorView;
  range: InsightRange;
  at: Date;
  locations: OverviewLocation[];
  lastCheckAt: Date | null;
  /** The configured locations whose latest check ended in an error, in the monitor's order. */
  lastErrors: LocationError[];
  /** Per location, oldest hour first. */
  latency: Array<{ location: string; hours: HourlyLatency[] }>;
  /** HTTP monitors only. */
  phases: PhaseAverages | null;
  days: DailyBucket[];
  history: StatusPeriod[];
  /**
   * The certificate of the newest check in the range that made a TLS handshake, with when and where
   * it was seen; null when none did (or the kind makes none).
   */
  certificate: SeenCertificate | null;
}

/** A leaf certificate as a check saw it. */
export interface SeenCertificate {
  certificate: CertificateInfo;
  at: Date;
  region: string;
}

/** The kinds whose checks may make a TLS handshake. */
const HANDSHAKE_KINDS: ReadonlySet<string> = new Set(['http', 'grpc', 'tls']);

@Injectable()
export class MonitorInsightsService {
  constructor(
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(CHECK_RESULTS_PORT) private readonly results: CheckResultsPort,
    @Inject(MonitorAlertHistory) private readonly alerts: MonitorAlertHistory,
  ) {}

  async detail(ctx: ServiceContext, id: string, range: string = '1d', now = new Date()): Promise<MonitorInsights> {
    const r = parseInput(rangeSchema, { range }).range;
    // NotFound for a monitor of another workspace, before anything of it is read.
    const monitor = await this.monitors.get(ctx, id);
    const since = new Date(now.getTime() - RANGE_DAYS[r] * DAY_MS);
    const [statuses, snapshots, hours, phases, days, transitions, certificate] = await Promise.all([
      this.results.locationStatusesOf([monitor.id]),
      this.results.locationSnapshots([monitor.id]),
      this.results.hourlyLatency(monitor.id, since),
      monitor.kind === 'http' ? this.results.phaseAverages(monitor.id, since) : null,
      this.results.daily(monitor.id, INSIGHT_DAYS, now),
      this.alerts.transitionsOf(monitor.id, HISTORY),
      HANDSHAKE_KINDS.has(monitor.kind) ? this.results.latestCertificate(monitor.id, since) : null,
    ]);
    const by = new Map(statuses.map((s) => [s.region, s]));
    const configured = [...monitor.regions, ...monitor.privateLocationIds.map(privateLocation)];
    const locations = configured.map((location): OverviewLocation => {
      const s = by.get(location);
      return { location, status: s?.status ?? 'unknown', lastCheckedAt: s?.lastCheckedAt ?? null };
    });
    const lastCheckAt = locations.reduce<Date | null>(
      (last, l) => (l.lastCheckedAt && (!last || l.lastCheckedAt > last) ? l.lastCheckedAt : last),
      null,
    );
    const errorsBy = new Map(
      (snapshots.get(monitor.id) ?? []).map((s) => [s.region, errorOf({ ...s, location: s.region })]),
    );
    const hoursBy = new Map<string, HourlyLatency[]>();
    for (const h of hours) {
      const list = hoursBy.get(h.region) ?? [];
      list.push(h);
      hoursBy.set(h.region, list);
    }
    return {
      monitor,
      range: r,
      at: now,
      locations,
      lastCheckAt,
      lastErrors: configured
        .map((l) => errorsBy.get(l))
        .filter((e): e is LocationError => e !== null && e !== undefined),
      latency: configured
        .filter((l) => hoursBy.has(l))
        .map((location) => ({ location, hours: hoursBy.get(location)! })),
      phases,
      days,
      certificate,
      history: transitions.map((t, i) => {
        const until = i === 0 ? now : transitions[i - 1].at;
        const reasons =
          t.to === 'error' || t.to === 'degraded'
            ? t.regions.map((r) => errorOf({ ...r, location: r.region, errorKind: r.errorKind ?? null }))
            : [];
        return {
          from: t.from,
          to: t.to,
          at: t.at,
          durationMs: Math.max(0, until.getTime() - t.at.getTime()),
          ongoing: i === 0,
          reasons: reasons.filter((e): e is LocationError => e !== null),
        };
      }),
    };
  }
}

/** A location's error, or null when its latest check had none. */
function errorOf(s: {
  location: string;
  status: LocationError['status'];
  error: string | null;
  errorKind: string | null;
}): LocationError | null {
  return s.error === null ? null : { location: s.location, status: s.status, kind: s.errorKind, message: s.error };
}
