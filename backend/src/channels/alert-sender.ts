// Sends one alert through one channel now, bounded by a deadline: the one call site of the sender
// registry, shared by the delivery worker and the test send. The channel's credentials arrive
// decrypted in `args` and go no further than the sender; a sender that throws (a bug) is answered as a
// final failure with a fixed message, never with the exception's text, which could quote them.
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.module';
import type { AlertProvidersConfig } from '../config/alert-providers.config';
import { MailerService } from '../mail/mailer.service';
import type { AlertMessage } from './alert-message';
import type { DeliveryResult, ProviderArgs, SendContext } from './channel-kind';
import { OutboundHttp } from './outbound-http';
import type { ChannelType } from './registry';
import { SENDERS } from './senders';

export const ALERT_PROVIDERS = Symbol('ALERT_PROVIDERS');

/** How long one send may take, name resolution to answer. */
export const SEND_DEADLINE_MS = 10_000;

@Injectable()
export class AlertSender {
  private readonly http: OutboundHttp;

  constructor(
    @Inject(ALERT_PROVIDERS) private readonly config: AlertProvidersConfig,
    @Inject(MailerService) private readonly mailer: MailerService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.http = new OutboundHttp({ allowPrivateTargets: config.allowPrivateTargets });
  }

  async send(
    kind: ChannelType,
    args: ProviderArgs,
    message: AlertMessage,
    deadlineMs = SEND_DEADLINE_MS,
  ): Promise<DeliveryResult> {
    const ctx: SendContext = {
      signal: AbortSignal.timeout(deadlineMs),
      http: this.http,
      mailer: this.mailer,
      config: this.config,
    };
    try {
      return await SENDERS[kind].send(args, message, ctx);
    } catch (error) {
      // Only the error's class: its message may quote a credential.
      this.logger.error({ provider: kind, errorType: (error as Error)?.name }, 'alert sender threw');
      return {
        ok: false,
        status: null,
        response: '',
        retryable: false,
        retryAfterMs: null,
        error: `the ${kind} sender failed unexpectedly`,
      };
    }
  }
}
