// A status page's own screen in the dashboard (its components, groups, incidents, maintenances and
// the count of its subscribers), drawn by the routes of each of these after a change or a refusal,
// and what those routes share: the page id of the path and the frame of the status pages area.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { MaintenancesService } from '../maintenances/maintenances.service';
import { MonitorsOverviewService } from '../monitors/monitors-overview.service';
import { PageComponentsService } from '../status-pages/page-components.service';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { StatusReportsService } from '../status-reports/status-reports.service';
import { SubscribersService } from '../subscribers/subscribers.service';
import type { Frame } from './components';
import { DashboardRequests, type InWorkspace } from './dashboard-requests';
import { statusPageDetailPage, type StatusPageDetailData } from './pages/status-page-detail.page';

export type DetailExtra = Pick<StatusPageDetailData, 'done' | 'warning' | 'message' | 'componentForm'>;

/** The status page id of a path `/app/w/:slug/status-pages/:id/...`. */
export function pageIdOf(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

@Injectable()
export class StatusPageDetail {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(StatusReportsService) private readonly reports: StatusReportsService,
    @Inject(SubscribersService) private readonly subscribers: SubscribersService,
    @Inject(MonitorsOverviewService) private readonly overview: MonitorsOverviewService,
    @Inject(MaintenancesService) private readonly maintenances: MaintenancesService,
  ) {}

  frame(w: InWorkspace): Frame {
    return this.requests.frame(w, w.membership, undefined, 'status-pages');
  }

  /** Monitor names for the pickers and the components that show a monitor. */
  async monitorChoices(w: InWorkspace): Promise<Array<{ id: string; name: string }>> {
    const names = await this.overview.names(w.ctx);
    return [...names].map(([id, name]) => ({ id, name }));
  }

  async render(reply: FastifyReply, w: InWorkspace, id: string, status: number, extra: DetailExtra) {
    const page = await this.pages.get(w.ctx, id);
    const [components, groups, monitors, reports, subscribers, maintenances] = await Promise.all([
      this.components.listComponents(w.ctx, id),
      this.components.listGroups(w.ctx, id),
      this.monitorChoices(w),
      this.reports.list(w.ctx, { pageId: id, filter: 'all', perPage: 50 }),
      this.subscribers.list(w.ctx, id, { perPage: 1 }),
      this.maintenances.list(w.ctx, { pageId: id, perPage: 50 }),
    ]);
    return this.requests.page(
      reply,
      status,
      statusPageDetailPage(this.frame(w), {
        page,
        components,
        groups,
        monitors,
        reports: reports.items,
        maintenances: maintenances.items,
        subscribers: subscribers.totalSize,
        mailOff: !this.subscribers.subscriptionsOffered,
        canWrite: w.ctx.scope === 'write',
        publicUrl: this.config.baseUrl,
        ...extra,
      }),
    );
  }
}
