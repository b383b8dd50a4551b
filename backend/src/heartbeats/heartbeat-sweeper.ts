// Runs the heartbeat sweep (HeartbeatsService.sweep) about every second in each server process: every
// API node sweeps, and the claims (SKIP LOCKED) and the results' unique key make each missed deadline
// count once. Nothing is kept in memory, so a node killed mid-sweep loses its transaction only, and
// the next sweep on any node judges those deadlines again.
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.module';
import { HeartbeatsService, SWEEP_BATCH } from './heartbeats.service';

/** Milliseconds between sweeps; a full batch sweeps again at once. */
export const SWEEP_INTERVAL_MS = 1000;

@Injectable()
export class HeartbeatSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(HeartbeatsService) private readonly heartbeats: HeartbeatsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.run(), delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    let again = false;
    try {
      // A full batch may leave more due: the next one goes at once, without waiting the interval.
      again = (await this.heartbeats.sweep(new Date())).judged === SWEEP_BATCH;
    } catch (error) {
      if (!this.stopped) this.logger.error({ err: error }, 'heartbeat sweep failed');
    }
    this.schedule(again ? 0 : SWEEP_INTERVAL_MS);
  }
}
