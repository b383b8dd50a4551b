import { Module } from '@nestjs/common';
import { CheckResultsModule } from '../check-results/check-results.module';
import { MonitorDeletionModule } from '../checks/monitor-deletion';
import { DailySummaryService } from './daily-summary.service';
import { PageComponentsService } from './page-components.service';
import { StatusPagesRepository } from './status-pages.repository';
import { STATUS_PAGES_PORT } from './status-pages.port';
import { StatusPagesService } from './status-pages.service';

@Module({
  imports: [CheckResultsModule, MonitorDeletionModule],
  providers: [
    { provide: STATUS_PAGES_PORT, useExisting: StatusPagesRepository },
    StatusPagesRepository,
    StatusPagesService,
    PageComponentsService,
    DailySummaryService,
  ],
  exports: [StatusPagesService, PageComponentsService, DailySummaryService, STATUS_PAGES_PORT],
})
export class StatusPagesModule {}
