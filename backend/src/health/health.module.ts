import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { Lifecycle } from './lifecycle';

@Module({
  controllers: [HealthController],
  providers: [Lifecycle],
})
export class HealthModule {}
