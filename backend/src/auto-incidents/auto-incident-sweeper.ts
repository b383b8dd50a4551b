// Runs the auto-incident sweep (AutoIncidentsService.sweep) every few seconds in each server process
// (never in the command line). Every API node sweeps; the auto_incidents unique key makes each report
// open once and each resolution happen once, whichever node gets there first. Nothing is kept in
// memory, so a node killed mid-sweep loses its transaction only and the next sweep, anywhere, redoes it.
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.module';
import { AutoIncidentsService } from './auto-incidents.service';

/**
 * Milliseconds between sweeps: a report opens within this long after its minutes are up (the setting
 * counts in minutes, so a few seconds more are not noticed), at the cost of two small queries.
 */
export const AUTO_INCIDENT_SWEEP_MS = 5_000;

@Injectable()
export class AutoIncidentSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(AutoIncidentsService) private readonly incidents: AutoIncidentsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(AUTO_INCIDENT_SWEEP_MS);
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
    try {
      await this.incidents.sweep(new Date());
    } catch (error) {
      if (!this.stopped) this.logger.error({ err: error }, 'auto-incident sweep failed');
    }
    this.schedule(AUTO_INCIDENT_SWEEP_MS);
  }
}
