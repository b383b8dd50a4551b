import type { Api } from '../client/api';
import type { DataSourceDefinition, ResourceDefinition } from '../framework/types';
import { notificationDataSource } from './notification.data-source';
import { notificationResource } from './notification.resource';

export const notificationResources: ResourceDefinition<Api>[] = [notificationResource];
export const notificationDataSources: DataSourceDefinition<Api>[] = [notificationDataSource];
