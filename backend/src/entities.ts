// Every entity of the domain model, registered with the data source in one place.
import { AgentPresenceEntity } from './agent-presence/agent-presence.entity';
import {
  AlertDeliveryEntity,
  AlertEntity,
  AlertTransitionEntity,
  CertificateAlertEntity,
  MonitorAlertStateEntity,
} from './alerts/alert.entities';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { AuditLogEntity } from './audit/audit-log.entity';
import { AutoIncidentEntity } from './auto-incidents/auto-incident.entity';
import { EscalationPolicyEntity } from './escalation-policies/escalation-policy.entity';
import { ImportedResourceEntity } from './imports/imported-resource.entity';
import { MaintenanceComponentEntity, MaintenanceEntity } from './maintenances/maintenance.entity';
import { CheckAggregateEntity } from './check-results/check-aggregate.entity';
import { CheckResultEntity } from './check-results/check-result.entity';
import { MonitorRegionStatusEntity } from './check-results/monitor-region-status.entity';
import { DashboardSessionEntity, SignInLinkEntity } from './dashboard/sessions/session.entity';
import { CheckTriggerEntity, MonitorScheduleEntity } from './schedules/monitor-schedule.entity';
import { MonitorEntity } from './monitors/monitor.entity';
import { HeartbeatPingEntity, HeartbeatStateEntity } from './heartbeats/heartbeat.entities';
import {
  NotificationChannelEntity,
  NotificationChannelMonitorEntity,
} from './notifications/notification-channel.entity';
import {
  OAuthAuthorizationCodeEntity,
  OAuthAuthorizationRequestEntity,
  OAuthClientEntity,
  OAuthGrantEntity,
  OAuthTokenEntity,
} from './oauth/oauth.entities';
import { PrivateLocationEntity, PrivateLocationMonitorEntity } from './private-locations/private-location.entity';
import { RateLimitWindowEntity } from './rate-limit/rate-limit-window.entity';
import { ComponentGroupEntity } from './status-pages/component-group.entity';
import { PageComponentEntity } from './status-pages/page-component.entity';
import { PageSubscriberEntity } from './subscribers/page-subscriber.entity';
import { PageSubscriberComponentEntity } from './subscribers/page-subscriber-component.entity';
import { SubscriptionMailQuotaEntity } from './subscribers/subscription-mail-quota.entity';
import { StatusPageEntity } from './status-pages/status-page.entity';
import {
  StatusReportComponentEntity,
  StatusReportEntity,
  StatusReportUpdateEntity,
} from './status-reports/status-report.entity';
import { MembershipEntity } from './users/membership.entity';
import { UserEntity } from './users/user.entity';
import { WorkspaceEntity } from './workspaces/workspace.entity';

export const ENTITIES = [
  WorkspaceEntity,
  UserEntity,
  MembershipEntity,
  ApiKeyEntity,
  MonitorEntity,
  MonitorRegionStatusEntity,
  MonitorScheduleEntity,
  CheckTriggerEntity,
  CheckResultEntity,
  CheckAggregateEntity,
  StatusPageEntity,
  ComponentGroupEntity,
  PageComponentEntity,
  PageSubscriberEntity,
  PageSubscriberComponentEntity,
  SubscriptionMailQuotaEntity,
  StatusReportEntity,
  StatusReportUpdateEntity,
  StatusReportComponentEntity,
  AutoIncidentEntity,
  MaintenanceEntity,
  MaintenanceComponentEntity,
  NotificationChannelEntity,
  NotificationChannelMonitorEntity,
  PrivateLocationEntity,
  PrivateLocationMonitorEntity,
  EscalationPolicyEntity,
  ImportedResourceEntity,
  AuditLogEntity,
  OAuthClientEntity,
  OAuthGrantEntity,
  OAuthAuthorizationCodeEntity,
  OAuthTokenEntity,
  OAuthAuthorizationRequestEntity,
  RateLimitWindowEntity,
  DashboardSessionEntity,
  SignInLinkEntity,
  MonitorAlertStateEntity,
  AlertTransitionEntity,
  CertificateAlertEntity,
  AlertDeliveryEntity,
  AlertEntity,
  AgentPresenceEntity,
  HeartbeatStateEntity,
  HeartbeatPingEntity,
];
