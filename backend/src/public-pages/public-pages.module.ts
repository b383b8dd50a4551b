import { Module } from '@nestjs/common';
import { PageAccessModule } from './access/page-access.module';
import { AccessRoutes } from './access/access.routes';
import { PublicPagesService } from './public-pages.service';
import { PublicPagesRoutes } from './public-pages.routes';
import { ContentModule } from '../content/content.module';
import { PageCache } from './page-cache';
import { PageDomains } from './page-domains';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { CheckResultsModule } from '../check-results/check-results.module';
import { MachineRoutes } from './machine.routes';
import { SUBSCRIBE_LIMITER_PROVIDER, SubscribeRoutes } from './subscribe.routes';
import { SubscribersModule } from '../subscribers/subscribers.module';
import { SlaModule } from '../sla/sla.module';

/**
 * Public status pages: the page people see at `{SITE_URL}/status/<slug>` or on the page's custom
 * domain, its history, access control, feeds, JSON status, badges, markdown twin and subscribe form.
 * Read-only over the status-page data, rendered on the server, cached until the data changes.
 */
@Module({
  imports: [StatusPagesModule, CheckResultsModule, ContentModule, PageAccessModule, SubscribersModule, SlaModule],
  providers: [
    PublicPagesService,
    PageCache,
    PageDomains,
    PublicPagesRoutes,
    AccessRoutes,
    MachineRoutes,
    SubscribeRoutes,
    SUBSCRIBE_LIMITER_PROVIDER,
  ],
  exports: [PublicPagesService],
})
export class PublicPagesModule {}
