import { Module } from '@nestjs/common';
import { MonitorsModule } from '../monitors/monitors.module';
import { HealthController } from './health.controller';
import { IcmpReadiness } from './icmp-readiness.service';
import { Lifecycle } from './lifecycle';

@Module({
  imports: [MonitorsModule],
  controllers: [HealthController],
  providers: [Lifecycle, IcmpReadiness],
})
export class HealthModule {}
