import { Module } from '@nestjs/common';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { StatusReportsRepository } from './status-reports.repository';
import { StatusReportsService } from './status-reports.service';

@Module({
  imports: [StatusPagesModule],
  providers: [StatusReportsRepository, StatusReportsService],
  exports: [StatusReportsService],
})
export class StatusReportsModule {}
