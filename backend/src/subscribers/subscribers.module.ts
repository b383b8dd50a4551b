import { Inject, Module, Optional, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { resolveSecretKey, type AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { MailerService } from '../mail/mailer.service';
import { SubscriberNotifier } from './subscriber-notifier.service';
import { SubscribersRepository } from './subscribers.repository';
import { SubscribersService } from './subscribers.service';
import { SubscriptionLinks } from './subscription-links';
import { SubscriptionsController } from './subscriptions.controller';

@Module({
  imports: [StatusPagesModule],
  controllers: [SubscriptionsController],
  providers: [
    SubscribersRepository,
    SubscribersService,
    SubscriberNotifier,
    MailerService,
    {
      provide: SubscriptionLinks,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new SubscriptionLinks(resolveSecretKey(config), config.siteUrl),
    },
  ],
  exports: [SubscribersService, SubscriberNotifier],
})
export class SubscribersModule implements OnModuleInit {
  constructor(@Optional() @Inject(HttpAdapterHost) private readonly adapterHost?: HttpAdapterHost) {}

  /**
   * RFC 8058 lets mail clients send the one-click POST as multipart/form-data, which Fastify does not
   * parse by default. The unsubscribe route ignores the body, so it is read as text and bounded.
   */
  onModuleInit(): void {
    const instance = this.adapterHost?.httpAdapter?.getInstance<FastifyInstance>();
    if (!instance || instance.hasContentTypeParser('multipart/form-data')) return;
    instance.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
  }
}
