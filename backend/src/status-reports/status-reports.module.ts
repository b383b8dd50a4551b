import { Module } from '@nestjs/common';
import { StatusReportsRepository } from './status-reports.repository';
import { StatusReportsService } from './status-reports.service';

@Module({
  providers: [StatusReportsRepository, StatusReportsService],
  exports: [StatusReportsService],
})
export class StatusReportsModule {}
