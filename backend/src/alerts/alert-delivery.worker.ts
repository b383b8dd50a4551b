// Sends the alert outbox. Started with the server (never in the command line), stopped on shutdown.
//
// - Claiming: due rows are leased with FOR UPDATE SKIP LOCKED (alerts.repository.ts `claim`), so any
//   number of workers on any number of nodes share the outbox and a row is sent by one of them. A
//   worker killed mid-send leaves its lease to expire (LEASE_MS); another worker then sends the row
//   again: delivery is at least once, and exactly once unless a process dies between the receiver's
//   answer and the commit of its outcome. A resend carries the row's event id (`eventId`, stored
//   with it), the same as the first send, so a receiver can drop the repeat.
// - Waking: the ingest transaction NOTIFYs `alert_deliveries` when it queued deliveries due now; the
//   change feed hands that to the worker as soon as it is committed (on every node). A timer wakes it
//   at the next retry or window end, and a poll (POLL_MS) covers a feed that is down.
// - Concurrency: at most CONCURRENCY sends in flight, a channel already being sent to on this node
//   is not claimed for again until that send ends, each
//   bounded by SEND_DEADLINE_MS; the loop never waits for a send, so a hanging receiver holds one slot
//   for at most its deadline and blocks neither other channels nor ingest.
// - Retries: transient failures (5xx, 429, timeouts, network) are tried again after an exponential
//   backoff with jitter (BACKOFF_BASE_MS doubling, capped at BACKOFF_MAX_MS, 50-100 % of it) or after
//   the receiver's Retry-After when it asks for longer, up to MAX_ATTEMPTS attempts and while the row
//   is younger than MAX_AGE_MS; then, or at a permanent failure (4xx, refused target, missing
//   configuration), the row is `failed` with the last error, which the channel's view shows.
import { Inject, Injectable, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.module';
import { SERVICE_METRICS, type ServiceMetricsPort } from '../common/service-metrics';
import { ChangeFeed } from '../database/change-feed';
import { AlertSender, SEND_DEADLINE_MS } from '../channels/alert-sender';
import type { DeliveryResult } from '../channels/delivery-result';
import { AlertMessages } from '../notifications/alert-messages';
import { NotificationsService } from '../notifications/notifications.service';
import { AlertsRepository, DELIVERY_CHANNEL, type ClaimedDelivery, type DeliveryOutcome } from './alerts.repository';

export interface DeliverySettings {
  concurrency: number;
  sendDeadlineMs: number;
  leaseMs: number;
  pollMs: number;
  maxAttempts: number;
  maxAgeMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const DELIVERY_DEFAULTS: DeliverySettings = {
  concurrency: 16,
  sendDeadlineMs: SEND_DEADLINE_MS,
  leaseMs: SEND_DEADLINE_MS + 30_000,
  pollMs: 5_000,
  maxAttempts: 10,
  maxAgeMs: 24 * 3_600_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 10 * 60_000,
};

/** The error and answer kept for a row: bounded, whatever the sender gave. */
const ERROR_LIMIT = 1_000;
const RESPONSE_LIMIT = 2_048;

/** The delay before attempt `attempts + 1`: exponential with jitter, or Retry-After if longer. */
export function retryDelayMs(
  attempts: number,
  retryAfterMs: number | null,
  settings: Pick<DeliverySettings, 'backoffBaseMs' | 'backoffMaxMs'>,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(exponential * (0.5 + random() / 2));
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** What to record after an attempt: delivered, retried later, or failed for good. */
export function outcomeOf(
  result: DeliveryResult,
  delivery: Pick<ClaimedDelivery, 'attempts' | 'createdAt'>,
  settings: DeliverySettings,
  now: Date,
  random: () => number = Math.random,
): DeliveryOutcome {
  const answer = {
    responseStatus: result.status,
    response: result.response ? result.response.slice(0, RESPONSE_LIMIT) : null,
    lastError: result.ok ? null : (result.error ?? 'delivery failed').slice(0, ERROR_LIMIT),
  };
  if (result.ok) return { status: 'delivered', ...answer };
  if (result.retryable && delivery.attempts < settings.maxAttempts) {
    const retryInMs = retryDelayMs(delivery.attempts, result.retryAfterMs, settings, random);
    if (now.getTime() + retryInMs - delivery.createdAt.getTime() <= settings.maxAgeMs)
      return { status: 'pending', retryInMs, ...answer };
  }
  return { status: 'failed', ...answer };
}

@Injectable()
export class AlertDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private settings: DeliverySettings = DELIVERY_DEFAULTS;
  /** The pass running now, if any. */
  private running: Promise<void> | null = null;
  private stopped = true;
  /** A wake-up arrived while a pass ran: run another. */
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  /** Delivery id -> the send in flight and its channel. */
  private readonly inFlight = new Map<string, { channelId: string; send: Promise<void> }>();

  constructor(
    @Inject(AlertsRepository) private readonly alerts: AlertsRepository,
    @Inject(NotificationsService) private readonly channels: NotificationsService,
    @Inject(AlertMessages) private readonly messages: AlertMessages,
    @Inject(AlertSender) private readonly sender: AlertSender,
    @Inject(ChangeFeed) feed: ChangeFeed,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(SERVICE_METRICS) private readonly metrics?: ServiceMetricsPort,
  ) {
    feed.subscribe(DELIVERY_CHANNEL, {
      changed: () => this.wake(),
      live: (live) => {
        if (live) this.wake();
      },
    });
  }

  /** Overrides settings (tests shorten the backoff); takes effect at the next pass. */
  configure(settings: Partial<DeliverySettings>): void {
    this.settings = { ...this.settings, ...settings };
  }

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.wake();
  }

  /** Stops claiming, and waits for the sends in flight (each bounded by its deadline). */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.send));
  }

  /** Runs a pass soon; a pass running now is followed by another. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async pass(): Promise<void> {
    try {
      const free = this.settings.concurrency - this.inFlight.size;
      const busy = [...new Set([...this.inFlight.values()].map((f) => f.channelId))];
      const claimed = await this.alerts.claim(free, this.settings.leaseMs, busy);
      for (const delivery of claimed) {
        const send = this.deliver(delivery).finally(() => {
          this.inFlight.delete(delivery.id);
          // A slot is free, and this channel's next row may be due.
          this.wake();
        });
        this.inFlight.set(delivery.id, { channelId: delivery.channelId, send });
      }
      await this.schedule();
    } catch (error) {
      this.logger.warn({ err: error }, 'alert delivery pass failed; retrying at the next poll');
      this.arm(this.settings.pollMs);
    }
  }

  /** Arms the timer for the next due row, at most a poll away. */
  private async schedule(): Promise<void> {
    if (this.stopped) return;
    const next = await this.alerts.nextDue();
    const wait = next ? Math.max(0, next.getTime() - Date.now()) : this.settings.pollMs;
    // A due row that was not claimed waits for a free slot (a send's end wakes the worker) or for the
    // lease of another worker to run out.
    this.arm(
      Math.min(wait <= 0 && this.inFlight.size ? this.settings.pollMs : Math.max(wait, 50), this.settings.pollMs),
    );
  }

  private arm(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, ms);
    this.timer.unref();
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    try {
      const result = await this.attempt(delivery);
      const outcome = outcomeOf(result, delivery, this.settings, new Date());
      await this.alerts.finish(delivery.id, outcome);
      if (outcome.status === 'delivered' || outcome.status === 'failed')
        this.metrics?.alertDeliveryEnded(outcome.status, (Date.now() - delivery.createdAt.getTime()) / 1000);
      if (outcome.status !== 'delivered')
        this.logger.info(
          {
            deliveryId: delivery.id,
            channelId: delivery.channelId,
            status: outcome.status,
            attempts: delivery.attempts,
          },
          'alert delivery failed',
        );
    } catch (error) {
      // The lease runs out and the row is tried again.
      this.logger.warn({ err: error, deliveryId: delivery.id }, 'alert delivery could not be recorded');
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<DeliveryResult> {
    const channel = await this.channels.argumentsForSend(delivery.channelId);
    const message = channel
      ? await this.messages.build({
          kind: delivery.kind,
          monitorId: delivery.monitorId,
          incidentKey: delivery.incidentKey,
          eventId: delivery.eventId,
          at: delivery.transitionAt,
          regions: delivery.regions,
          alertId: delivery.openAlertId ?? undefined,
          followUp:
            delivery.reason === 'reminder' || delivery.reason === 'escalation'
              ? { reason: delivery.reason, round: delivery.round }
              : undefined,
          certificate: delivery.certificate
            ? {
                ...delivery.certificate.certificate,
                threshold: delivery.certificate.threshold,
                region: delivery.certificate.region,
              }
            : undefined,
        })
      : null;
    if (!channel || !message) {
      return {
        ok: false,
        status: null,
        response: '',
        retryable: false,
        retryAfterMs: null,
        error: 'the channel or the monitor is gone',
      };
    }
    return this.sender.send(channel.providerType, channel.args, message, this.settings.sendDeadlineMs);
  }
}
