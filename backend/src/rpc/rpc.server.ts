// Serves the Connect RPC API under {base_url}/rpc (Connect JSON and binary, gRPC and gRPC-web)
// inside the Nest application's Fastify instance.
import { fastifyConnectPlugin } from '@connectrpc/connect-fastify';
import type { ConnectRouter } from '@connectrpc/connect';
import { Inject, Injectable } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { LOGGER } from '../config/config.module';
import { monitorServiceImpl } from '../monitors/monitors.rpc';
import { MonitorsService } from '../monitors/monitors.service';
import { DailySummaryService } from '../status-pages/daily-summary.service';
import { PageComponentsService } from '../status-pages/page-components.service';
import { statusPageServiceImpl } from '../status-pages/status-pages.rpc';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import { authInterceptor } from './rpc-context';
import { errorInterceptor } from './rpc-errors';

export const RPC_PREFIX = '/rpc';

@Injectable()
export class RpcServer {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ApiKeysService) private readonly apiKeys: ApiKeysService,
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(StatusPagesService) private readonly statusPages: StatusPagesService,
    @Inject(PageComponentsService) private readonly pageComponents: PageComponentsService,
    @Inject(DailySummaryService) private readonly dailySummaries: DailySummaryService,
  ) {}

  routes(router: ConnectRouter): void {
    router.service(MonitorService, monitorServiceImpl(this.monitors));
    router.service(StatusPageService, statusPageServiceImpl(this.statusPages, this.pageComponents, this.dailySummaries));
  }

  async register(app: NestFastifyApplication): Promise<void> {
    await app.register(
      (instance, _opts, done) => {
        void instance.register(fastifyConnectPlugin, {
          routes: (router) => this.routes(router),
          interceptors: [errorInterceptor(this.logger), authInterceptor(this.apiKeys)],
          jsonOptions: { ignoreUnknownFields: false },
          readMaxBytes: 4 * 1024 * 1024,
        });
        done();
      },
      { prefix: RPC_PREFIX },
    );
  }
}
