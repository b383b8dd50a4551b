import type { Api } from '../client/api';
import type { DataSourceDefinition, ResourceDefinition } from '../framework/types';
import { statusPageComponentGroupResource } from './status-page-component-group.resource';
import { statusPageComponentResource } from './status-page-component.resource';
import { statusPageDataSource } from './status-page.data-source';
import { statusPageResource } from './status-page.resource';

export const statusPageResources: ResourceDefinition<Api>[] = [
  statusPageResource,
  statusPageComponentResource,
  statusPageComponentGroupResource,
];
export const statusPageDataSources: DataSourceDefinition<Api>[] = [statusPageDataSource];
