import type { Api } from '../client/api';
import type { DataSourceDefinition, ResourceDefinition } from '../framework/types';
import { privateLocationDataSource } from './private-location.data-source';
import { privateLocationResource } from './private-location.resource';
import { privateLocationsDataSource } from './private-locations.data-source';

export const privateLocationResources: ResourceDefinition<Api>[] = [privateLocationResource];
export const privateLocationDataSources: DataSourceDefinition<Api>[] = [
  privateLocationDataSource,
  privateLocationsDataSource,
];
