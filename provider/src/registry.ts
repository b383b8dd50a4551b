// Every resource and data source the provider serves, in the order the docs list them.
import type { DataSourceDefinition, ResourceDefinition } from './framework/types';
import { monitorDataSources, monitorResources } from './monitors';
import { notificationDataSources, notificationResources } from './notifications';
import { privateLocationDataSources, privateLocationResources } from './private-locations';
import { statusPageDataSources, statusPageResources } from './status-pages';

export const RESOURCES: readonly ResourceDefinition[] = [
  ...monitorResources,
  ...notificationResources,
  ...statusPageResources,
  ...privateLocationResources,
];

export const DATA_SOURCES: readonly DataSourceDefinition[] = [
  ...monitorDataSources,
  ...notificationDataSources,
  ...statusPageDataSources,
  ...privateLocationDataSources,
];
