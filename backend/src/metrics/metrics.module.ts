import { Global, Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { CheckResultsModule } from '../check-results/check-results.module';
import { SERVICE_METRICS } from '../common/service-metrics';
import { MetricsRoutes } from './metrics.routes';
import { MetricsService } from './metrics.service';
import { ServiceMetrics } from './service-metrics';

/**
 * GET /metrics (Prometheus) in the server. Global so that modules below it record into the service's
 * metrics through SERVICE_METRICS (common/service-metrics.ts) without importing this folder.
 */
@Global()
@Module({
  imports: [ApiKeysModule, CheckResultsModule, AlertsModule],
  providers: [ServiceMetrics, { provide: SERVICE_METRICS, useExisting: ServiceMetrics }, MetricsService, MetricsRoutes],
  exports: [SERVICE_METRICS, MetricsService],
})
export class MetricsModule {}
