import type { DataSourceDefinition, ResourceDefinition } from '../framework/types';
import { notificationDataSource } from './notification.data-source';
import { notificationResource } from './notification.resource';

export const notificationResources: ResourceDefinition[] = [notificationResource];
export const notificationDataSources: DataSourceDefinition[] = [notificationDataSource];
