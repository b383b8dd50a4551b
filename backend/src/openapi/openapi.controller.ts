import { Controller, Get, Inject } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { RPC_PREFIX, RpcServer } from '../rpc/rpc.server';
import { buildOpenApi } from './openapi';

/** `GET /openapi.json`: public, built once from the contract. */
@Controller()
export class OpenApiController {
  private document: Record<string, unknown> | null = null;

  constructor(
    @Inject(RpcServer) private readonly rpc: RpcServer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('openapi.json')
  openapi(): Record<string, unknown> {
    this.document ??= buildOpenApi(this.rpc.services(), this.config.baseUrl, RPC_PREFIX);
    return this.document;
  }
}
