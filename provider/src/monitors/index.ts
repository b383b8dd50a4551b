// The monitor resources (one per kind the provider manages) and the monitor data sources.
import type { Api } from '../client/api';
import type { DataSourceDefinition, ResourceDefinition } from '../framework/types';
import { dnsMonitorResource } from './dns-monitor.resource';
import { heartbeatMonitorResource } from './heartbeat-monitor.resource';
import { httpMonitorResource } from './http-monitor.resource';
import { icmpMonitorResource } from './icmp-monitor.resource';
import { monitorDataSource } from './monitor.data-source';
import { monitorsDataSource } from './monitors.data-source';
import { tcpMonitorResource } from './tcp-monitor.resource';
import { tlsMonitorResource } from './tls-monitor.resource';

export const monitorResources: ResourceDefinition<Api>[] = [
  httpMonitorResource,
  tcpMonitorResource,
  dnsMonitorResource,
  icmpMonitorResource,
  tlsMonitorResource,
  heartbeatMonitorResource,
];
export const monitorDataSources: DataSourceDefinition<Api>[] = [monitorDataSource, monitorsDataSource];
