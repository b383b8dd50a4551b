import { Module } from '@nestjs/common';
import { RpcModule } from '../rpc/rpc.module';
import { OpenApiController } from './openapi.controller';

@Module({ imports: [RpcModule], controllers: [OpenApiController] })
export class OpenApiModule {}
