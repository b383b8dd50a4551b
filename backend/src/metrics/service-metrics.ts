// The service's own metrics, for the operator (METRICS_TOKEN): HTTP requests, check scheduling
// lateness, results stored, the alert outbox and its delivery latency, the database pool, and
// prom-client's process and Node.js metrics. Counters live in this process, so each API node answers
// its own: scrape every node for these (README, "Prometheus metrics").
//
// The hooks stay out of the business code: results are counted by a listener on the results' storage
// (CheckResultsPort.onStored), requests by a Fastify hook (metrics.routes.ts), deliveries through the
// ServiceMetricsPort the alert worker calls; the outbox and the pool are read when scraped.
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ALERT_OUTBOX_PORT, type AlertOutboxPort } from '../alerts/alert-outbox.port';
import { CHECK_RESULTS_PORT, type CheckResultsPort, type NewResult } from '../check-results/check-results.port';
import { MONITOR_KINDS } from '../checks/check-config';
import type { DeliveryEnd, ServiceMetricsPort } from '../common/service-metrics';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Database } from '../database/database';

export const SERVICE_METRIC_NAMES = {
  requests: 'uptime_http_requests_total',
  requestDuration: 'uptime_http_request_duration_seconds',
  lateness: 'uptime_check_lateness_seconds',
  stored: 'uptime_check_results_stored_total',
  outboxPending: 'uptime_alert_outbox_pending',
  outboxDue: 'uptime_alert_outbox_due',
  delivery: 'uptime_alert_delivery_seconds',
  pool: 'uptime_db_pool_connections',
  poolMax: 'uptime_db_pool_max',
} as const;

/** The route label of a request no route matched (its raw URL never becomes a label). */
export const UNMATCHED_ROUTE = 'unmatched';

@Injectable()
export class ServiceMetrics implements ServiceMetricsPort {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'code'>;
  private readonly requestDuration: Histogram<'method' | 'route'>;
  private readonly lateness: Histogram;
  private readonly stored: Counter<'kind'>;
  private readonly delivery: Histogram<'outcome'>;
  private readonly outboxPending: Gauge;
  private readonly outboxDue: Gauge;

  constructor(
    @Inject(CHECK_RESULTS_PORT) results: CheckResultsPort,
    @Inject(ALERT_OUTBOX_PORT) private readonly outbox: AlertOutboxPort,
    @Inject(Database) db: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const n = SERVICE_METRIC_NAMES;
    const registers = [this.registry];
    this.requests = new Counter({
      name: n.requests,
      help: 'HTTP requests answered, by method, route pattern (never the raw path) and status code.',
      labelNames: ['method', 'route', 'code'],
      registers,
    });
    this.requestDuration = new Histogram({
      name: n.requestDuration,
      help: 'Time to answer HTTP requests, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.lateness = new Histogram({
      name: n.lateness,
      help: 'How long after its scheduled slot a periodic check started, for results stored by this node.',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers,
    });
    this.stored = new Counter({
      name: n.stored,
      help: 'Check results stored by this node (new ones; a repeated report is not counted), by monitor kind.',
      labelNames: ['kind'],
      registers,
    });
    this.delivery = new Histogram({
      name: n.delivery,
      help: 'Time from an alert being queued to its delivery ending (delivered, or failed after its last attempt).',
      labelNames: ['outcome'],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
      registers,
    });
    this.outboxPending = new Gauge({
      name: n.outboxPending,
      help: 'Alert deliveries waiting to be sent (every node’s: read from the database).',
      registers,
    });
    this.outboxDue = new Gauge({
      name: n.outboxDue,
      help: 'Alert deliveries due now and not yet sent (every node’s: read from the database).',
      registers,
    });
    // TypeORM's postgres driver keeps its pg Pool as `master` (the embedded database is served over
    // the same driver); counts are read when scraped.
    const pool = (db.dataSource.driver as unknown as { master?: Pool }).master;
    new Gauge({
      name: n.pool,
      help: 'Connections of this node’s database pool: total open, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers,
      collect() {
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({ name: n.poolMax, help: 'Size of this node’s database pool (DATABASE_POOL_SIZE).', registers }).set(
      config.databasePoolSize,
    );
    // Every series of a bounded label set exists from the start at 0, so rate() and the dashboard
    // see them before the first result or delivery instead of an absent series.
    for (const kind of MONITOR_KINDS) this.stored.inc({ kind }, 0);
    for (const outcome of ['delivered', 'failed'] as const) this.delivery.zero({ outcome });
    collectDefaultMetrics({ register: this.registry });
    // prom-client names three gauges `_total`, which Prometheus's linter (promtool check metrics)
    // refuses for anything but a counter; their per-type gauges (nodejs_active_handles, ...) hold the
    // same counts, and sum() gives the totals.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
      this.registry.removeSingleMetric(name);
    results.onStored((batch) => {
      try {
        this.resultsStored(batch);
      } catch {
        // A measurement never fails the ingest transaction it watches.
      }
      return Promise.resolve();
    });
  }

  /** A request answered: its method, the pattern of the route that served it, its status code and time. */
  requestAnswered(method: string, route: string | undefined, code: number, seconds: number): void {
    const pattern = route ?? UNMATCHED_ROUTE;
    this.requests.inc({ method, route: pattern, code: String(code) });
    this.requestDuration.observe({ method, route: pattern }, seconds);
  }

  alertDeliveryEnded(end: DeliveryEnd, seconds: number): void {
    this.delivery.observe({ outcome: end }, Math.max(0, seconds));
  }

  /** Runs inside the ingest transaction: counts only, and never throws into it. */
  private resultsStored(batch: readonly NewResult[]): void {
    for (const result of batch) {
      this.stored.inc({ kind: result.kind });
      // Lateness is a periodic check's: an on-demand run has no slot, a heartbeat is judged, not run.
      if (result.run.trigger !== 'cron' || result.kind === 'heartbeat') continue;
      const late = (new Date(result.startedAt).getTime() - new Date(result.run.cronTimestamp).getTime()) / 1000;
      if (Number.isFinite(late)) this.lateness.observe(Math.max(0, late));
    }
  }

  /** This node's metrics in the exposition format, the outbox read from the database first. */
  async expose(): Promise<string> {
    const depth = await this.outbox.outboxDepth();
    this.outboxPending.set(depth.pending);
    this.outboxDue.set(depth.due);
    return this.registry.metrics();
  }
}
