import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { EscalationPoliciesModule } from '../escalation-policies/escalation-policies.module';
import { HeartbeatsModule } from '../heartbeats/heartbeats.module';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PrivateLocationsModule } from '../private-locations/private-locations.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { StatusReportsModule } from '../status-reports/status-reports.module';
import { SlaModule } from '../sla/sla.module';
import { ImportsModule } from '../imports/imports.module';
import { ExportsModule } from '../exports/exports.module';
import { SubscribersModule } from '../subscribers/subscribers.module';
import { RpcServer } from './rpc.server';

@Module({
  imports: [
    AlertsModule,
    ApiKeysModule,
    MonitorsModule,
    HeartbeatsModule,
    StatusPagesModule,
    StatusReportsModule,
    MaintenancesModule,
    NotificationsModule,
    PrivateLocationsModule,
    EscalationPoliciesModule,
    SubscribersModule,
    SlaModule,
    ImportsModule,
    ExportsModule,
  ],
  providers: [RpcServer],
  exports: [RpcServer],
})
export class RpcModule {}
