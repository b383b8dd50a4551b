import { Module } from '@nestjs/common';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { PagePublisher } from '../subscribers/page-publisher';
import { SubscribersModule } from '../subscribers/subscribers.module';
import { StatusReportsRepository } from './status-reports.repository';
import { StatusReportsService } from './status-reports.service';

@Module({
  imports: [StatusPagesModule, SubscribersModule],
  providers: [StatusReportsRepository, StatusReportsService, PagePublisher],
  exports: [StatusReportsService],
})
export class StatusReportsModule {}
