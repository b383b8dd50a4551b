// Runs the heartbeat sweep (HeartbeatsService.sweep) about every second in each server process: every
// API node sweeps, and the claims (SKIP LOCKED) and the results' unique key make each missed deadline
// count once. Nothing is kept in memory, so a node killed mid-sweep loses its transaction only, and
// the next sweep on any node judges those deadlines again.
//
// It is the materializer too (HeartbeatsService.applyPending): woken as soon as this process stores a
// batch of pings, so a ping is judged right after it is answered, and run on every interval, so the
// pings a dead node stored (committed, never applied) are applied by the nodes still up.
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.module';
import { HeartbeatsService, SWEEP_BATCH } from './heartbeats.service';

/** Milliseconds between sweeps; a full batch sweeps again at once. */
export const SWEEP_INTERVAL_MS = 1000;
/**
 * Sweeps between two adoptions of stateless pings (HeartbeatsService.adoptStatelessPings): a scan of
 * every pending ping for a case that only a monitor saved by an older version leaves, so not every
 * second while a backlog of pings waits.
 */
export const ADOPT_EVERY_SWEEPS = 10;
/**
 * Milliseconds between materializer rounds while pings keep coming, at least: the pings that arrive
 * meanwhile are applied together in the next round (fewer, larger rounds cost less per ping). A
 * ping's effect follows within about this long, plus the round.
 */
export const MATERIALIZE_PAUSE_MS = 200;
/**
 * And at least this many times the last round's duration: answering pings comes first, so while
 * pings keep coming the materializer takes at most a fifth of the time (and of the database) and the
 * intake answers at full speed through a burst. Once no ping came during a round, the next follows at
 * once, so the backlog a burst left is applied at full speed. Deadlines never wait for it: the sweep
 * applies a due monitor's pending pings itself before judging it.
 */
export const MATERIALIZE_PAUSE_FACTOR = 4;

@Injectable()
export class HeartbeatSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Whether materializer rounds are running, and whether pings were stored since they began. */
  private materializing = false;
  private wokenAgain = false;
  private sweeps = 0;

  constructor(
    @Inject(HeartbeatsService) private readonly heartbeats: HeartbeatsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    heartbeats.onPingsStored(() => this.wake());
  }

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

  /** Applies pending pings now, or once the rounds running finish. */
  wake(): void {
    if (this.stopped) return;
    if (this.materializing) {
      this.wokenAgain = true;
      return;
    }
    this.materializing = true;
    void this.materialize();
  }

  private async materialize(): Promise<void> {
    try {
      do {
        this.wokenAgain = false;
        // Rounds until one finds nothing: a round that applied something may have left pings stored
        // meanwhile (here, or on a node whose materializer skipped the monitors this one held).
        for (;;) {
          if (this.stopped) break;
          const began = performance.now();
          const storedBefore = this.heartbeats.pingsStored;
          if ((await this.heartbeats.applyPending()).monitors === 0) break;
          if (this.heartbeats.pingsStored !== storedBefore) await this.pause(performance.now() - began);
        }
      } while (this.wokenAgain && !this.stopped);
    } catch (error) {
      // What is left pending is applied on the next wake or interval.
      if (!this.stopped) this.logger.error({ err: error }, 'heartbeat pings materialization failed');
    } finally {
      this.materializing = false;
    }
  }

  /** The pause after a round that took `roundMs`. */
  private pause(roundMs: number): Promise<void> {
    const ms = Math.max(MATERIALIZE_PAUSE_MS, MATERIALIZE_PAUSE_FACTOR * roundMs);
    return new Promise((resolve) => setTimeout(resolve, ms).unref());
  }

  private async run(): Promise<void> {
    this.wake();
    let again = false;
    try {
      // Pings no round can claim yet (their monitor has no state): adopted for the next wake.
      if (this.sweeps++ % ADOPT_EVERY_SWEEPS === 0) await this.heartbeats.adoptStatelessPings();
      // A full batch may leave more due: the next one goes at once, without waiting the interval.
      again = (await this.heartbeats.sweep(new Date())).judged === SWEEP_BATCH;
    } catch (error) {
      if (!this.stopped) this.logger.error({ err: error }, 'heartbeat sweep failed');
    }
    this.schedule(again ? 0 : SWEEP_INTERVAL_MS);
  }
}
