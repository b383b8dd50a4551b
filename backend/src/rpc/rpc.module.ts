import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { RpcServer } from './rpc.server';

@Module({
  imports: [ApiKeysModule, MonitorsModule],
  providers: [RpcServer],
  exports: [RpcServer],
})
export class RpcModule {}
