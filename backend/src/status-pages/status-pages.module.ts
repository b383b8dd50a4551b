import { Module } from '@nestjs/common';
import { CheckResultsModule } from '../check-results/check-results.module';
import { DailySummaryService } from './daily-summary.service';
import { PageComponentsService } from './page-components.service';
import { StatusPagesRepository } from './status-pages.repository';
import { StatusPagesService } from './status-pages.service';

@Module({
  imports: [CheckResultsModule],
  providers: [StatusPagesRepository, StatusPagesService, PageComponentsService, DailySummaryService],
  exports: [StatusPagesService, PageComponentsService, DailySummaryService, StatusPagesRepository],
})
export class StatusPagesModule {}
