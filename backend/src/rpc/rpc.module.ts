import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { RpcServer } from './rpc.server';

@Module({
  imports: [ApiKeysModule, MonitorsModule, StatusPagesModule],
  providers: [RpcServer],
  exports: [RpcServer],
})
export class RpcModule {}
