// Every resource and data source the provider serves, in the order the docs list them, and the
// provider definition the plugin sessions serve.
import type { Api } from './client/api';
import type { DataSourceDefinition, ProviderDefinition, ResourceDefinition } from './framework/types';
import { escalationPolicyDataSources, escalationPolicyResources } from './escalation-policies';
import { monitorDataSources, monitorResources } from './monitors';
import { notificationDataSources, notificationResources } from './notifications';
import { privateLocationDataSources, privateLocationResources } from './private-locations';
import { configureApi, PROVIDER_SCHEMA } from './provider-config';
import { statusPageDataSources, statusPageResources } from './status-pages';

export const RESOURCES: readonly ResourceDefinition<Api>[] = [
  ...monitorResources,
  ...notificationResources,
  ...escalationPolicyResources,
  ...statusPageResources,
  ...privateLocationResources,
];

export const DATA_SOURCES: readonly DataSourceDefinition<Api>[] = [
  ...monitorDataSources,
  ...notificationDataSources,
  ...escalationPolicyDataSources,
  ...statusPageDataSources,
  ...privateLocationDataSources,
];

export const PROVIDER: ProviderDefinition<Api> = {
  schema: PROVIDER_SCHEMA,
  configure: configureApi,
  resources: RESOURCES,
  dataSources: DATA_SOURCES,
};
