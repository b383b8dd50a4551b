import { Global, Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { MutationRunner } from './mutation-runner';

@Global()
@Module({
  providers: [AuditRepository, AuditService, MutationRunner],
  exports: [AuditRepository, AuditService, MutationRunner],
})
export class AuditModule {}
