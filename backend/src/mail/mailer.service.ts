// Outbound e-mail over SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM. One pooled transport
// per process keeps a few connections open while a dispatch runs. The SMTP URL carries the password,
// so it is never logged and never part of an error message.
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Connections the pool opens to the relay at most. */
export const SMTP_MAX_CONNECTIONS = 5;

export class MailNotConfiguredError extends Error {
  constructor() {
    super('SMTP_URL is not configured; e-mail is disabled');
    this.name = 'MailNotConfiguredError';
  }
}

@Injectable()
export class MailerService implements OnModuleDestroy {
  private transport: Transporter | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.mail.smtpUrl !== null;
  }

  /** Throws MailNotConfiguredError when SMTP_URL is unset. */
  assertEnabled(): void {
    if (!this.enabled) throw new MailNotConfiguredError();
  }

  /** Resolves once the relay accepted the message for its recipient; rejects otherwise. */
  async send(message: MailMessage): Promise<void> {
    const info = (await this.transporter().sendMail({
      from: this.config.mail.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    })) as { rejected?: unknown[] };
    if (info.rejected?.length) throw new Error(`the SMTP relay rejected ${message.to}`);
  }

  async onModuleDestroy(): Promise<void> {
    this.transport?.close();
    this.transport = null;
    return Promise.resolve();
  }

  private transporter(): Transporter {
    this.assertEnabled();
    this.transport ??= createTransport({
      url: this.config.mail.smtpUrl!,
      pool: true,
      maxConnections: SMTP_MAX_CONNECTIONS,
      // Every wait is bounded: a relay that stops answering fails the dispatch instead of hanging it.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      logger: false,
      debug: false,
    });
    return this.transport;
  }
}
