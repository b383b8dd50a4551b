import { Global, Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository';
import { MutationRunner } from './mutation-runner';

@Global()
@Module({
  providers: [AuditRepository, MutationRunner],
  exports: [AuditRepository, MutationRunner],
})
export class AuditModule {}
