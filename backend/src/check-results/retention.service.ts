import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.module';
import { Database } from '../database/database';
import { SCHEDULES_PORT, type SchedulesPort } from '../schedules/schedules.port';
import { CheckResultPartitions } from './check-result-partitions';
import { CheckResultsRepository } from './check-results.repository';
import { RESULT_RETENTION_DAYS } from '../checks/check-config';

const RETENTION_LOCK = 7_270_003;
const HOUR_MS = 3_600_000;
/** Hourly aggregates serve the 45-day summaries (RPC, MCP). */
export const AGGREGATE_RETENTION_DAYS = 46;
/**
 * Daily aggregates serve the 90 days of uptime bars and latency of public status pages, and SLA reports
 * (sla/), which reach back 13 months: a quarter or month that began up to 400 days ago.
 */
export const DAILY_AGGREGATE_RETENTION_DAYS = 400;
/**
 * Alert transitions and their deliveries (a channel's last delivery status among them): the status
 * history SLA reports measure downtime from, kept as long as the daily aggregates.
 */
export const ALERT_HISTORY_DAYS = 400;

/**
 * Keeps check_results partitions for the retention window and a week ahead and drops older ones, with
 * the hourly aggregates, the finished check triggers and the alert history past their own windows.
 */
@Injectable()
export class RetentionService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CheckResultsRepository) private readonly results: CheckResultsRepository,
    @Inject(SCHEDULES_PORT) private readonly schedules: SchedulesPort,
  ) {}

  /** What other modules keep and forget in the same maintenance (alerting's history, see AlertsModule). */
  private readonly forgetting: Array<(now: Date) => Promise<unknown>> = [];

  /** Registers history kept elsewhere that `maintain` forgets past its window, in its transaction. */
  alsoForget(forget: (now: Date) => Promise<unknown>): void {
    this.forgetting.push(forget);
  }

  async maintain(now: Date): Promise<{ created: string[]; dropped: string[] }> {
    const result = await this.db.transaction(async () => {
      await this.db.lockJob(RETENTION_LOCK);
      await this.results.dropAggregatesBefore(
        new Date(now.getTime() - AGGREGATE_RETENTION_DAYS * 86_400_000),
        new Date(now.getTime() - DAILY_AGGREGATE_RETENTION_DAYS * 86_400_000),
      );
      // Triggered runs are history once their results are gone.
      await this.schedules.forgetFinishedTriggers(new Date(now.getTime() - RESULT_RETENTION_DAYS * 86_400_000));
      for (const forget of this.forgetting) await forget(now);
      return new CheckResultPartitions(this.db).maintain(now, RESULT_RETENTION_DAYS);
    });
    if (result.created.length || result.dropped.length) this.logger.info(result, 'check_results partitions maintained');
    return result;
  }
}

/** Runs the retention maintenance at start and hourly, in the server process only. */
@Injectable()
export class RetentionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(RetentionService) private readonly retention: RetentionService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.retention.maintain(new Date());
    this.timer = setInterval(() => {
      this.retention
        .maintain(new Date())
        .catch((error: unknown) => this.logger.error({ err: error }, 'partition maintenance failed'));
    }, HOUR_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
