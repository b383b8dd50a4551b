// Applied in this order. New migrations are generated with `npm run migration:generate -- Name`.
import { Initial1795307197237 } from './1795307197237-Initial';
import { CheckResultsPartitioned1795307209086 } from './1795307209086-CheckResultsPartitioned';
import { CheckScheduling1795310474852 } from './1795310474852-CheckScheduling';
import { CheckAggregates1795311515586 } from './1795311515586-CheckAggregates';
import { WidenRegionStatusRegion1795313281093 } from './1795313281093-WidenRegionStatusRegion';
import { AddSubscriberStatus1795317492748 } from './1795317492748-AddSubscriberStatus';
import { RateLimitWindows1795317842022 } from './1795317842022-RateLimitWindows';
import { CheckTriggersByMonitor1795318000000 } from './1795318000000-CheckTriggersByMonitor';
import { CredentialChangeNotify1795320000000 } from './1795320000000-CredentialChangeNotify';
import { MonitorChangeNotify1795330000000 } from './1795330000000-MonitorChangeNotify';
import { OAuthAuthorizationRequests1795340000000 } from './1795340000000-OAuthAuthorizationRequests';
import { DashboardSessions1795341000000 } from './1795341000000-DashboardSessions';
import { AlertOutbox1795350000000 } from './1795350000000-AlertOutbox';
import { MonitorAlertQuorum1795500481597 } from './1795500481597-MonitorAlertQuorum';
import { PageChangeNotify1795510000000 } from './1795510000000-PageChangeNotify';
import { SubscriberComponents1795520000000 } from './1795520000000-SubscriberComponents';
import { ViewerRole1795530000000 } from './1795530000000-ViewerRole';
import { MonitorTags1795840902093 } from './1795840902093-MonitorTags';
import { SubscriptionMailQuotas1795912345001 } from './1795912345001-SubscriptionMailQuotas';
import { StatusPageEmbedOrigins1795912345002 } from './1795912345002-StatusPageEmbedOrigins';
import { AlertEventIds1795912400000 } from './1795912400000-AlertEventIds';
import { AgentPresence1795912600000 } from './1795912600000-AgentPresence';
import { NotificationKinds1795912700000 } from './1795912700000-NotificationKinds';
import { MonitorChecks1795913000000 } from './1795913000000-MonitorChecks';
import { CertificateChecks1795913000100 } from './1795913000100-CertificateChecks';
import { Heartbeats1795913000200 } from './1795913000200-Heartbeats';
import { AlertPolicies1795913000400 } from './1795913000400-AlertPolicies';
import { EscalationPolicies1795913000500 } from './1795913000500-EscalationPolicies';
import { HeartbeatPingQueue1795913000300 } from './1795913000300-HeartbeatPingQueue';
import { AutoIncidents1795913000650 } from './1795913000650-AutoIncidents';
import { StatusPageUptimePeriod1795913000700 } from './1795913000700-StatusPageUptimePeriod';
import { ImportedResources1795913000750 } from './1795913000750-ImportedResources';

export const MIGRATIONS: Function[] = [
  Initial1795307197237,
  CheckResultsPartitioned1795307209086,
  CheckScheduling1795310474852,
  CheckAggregates1795311515586,
  WidenRegionStatusRegion1795313281093,
  AddSubscriberStatus1795317492748,
  RateLimitWindows1795317842022,
  CheckTriggersByMonitor1795318000000,
  CredentialChangeNotify1795320000000,
  MonitorChangeNotify1795330000000,
  OAuthAuthorizationRequests1795340000000,
  DashboardSessions1795341000000,
  AlertOutbox1795350000000,
  MonitorAlertQuorum1795500481597,
  PageChangeNotify1795510000000,
  SubscriberComponents1795520000000,
  ViewerRole1795530000000,
  MonitorTags1795840902093,
  SubscriptionMailQuotas1795912345001,
  StatusPageEmbedOrigins1795912345002,
  AlertEventIds1795912400000,
  AgentPresence1795912600000,
  NotificationKinds1795912700000,
  MonitorChecks1795913000000,
  CertificateChecks1795913000100,
  Heartbeats1795913000200,
  HeartbeatPingQueue1795913000300,
  AlertPolicies1795913000400,
  EscalationPolicies1795913000500,
  AutoIncidents1795913000650,
  StatusPageUptimePeriod1795913000700,
  ImportedResources1795913000750,
];
