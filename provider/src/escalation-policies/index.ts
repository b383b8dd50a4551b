import type { Api } from '../client/api';
import type { DataSourceDefinition, ResourceDefinition } from '../framework/types';
import { escalationPolicyDataSource } from './escalation-policy.data-source';
import { escalationPolicyResource } from './escalation-policy.resource';

export const escalationPolicyResources: ResourceDefinition<Api>[] = [escalationPolicyResource];
export const escalationPolicyDataSources: DataSourceDefinition<Api>[] = [escalationPolicyDataSource];
