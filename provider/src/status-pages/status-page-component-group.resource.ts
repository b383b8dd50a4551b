// service_status_page_component_group: a named group of components on a status page (SPEC 2.8).
// The page is fixed at creation: changing it replaces the group.
import type { ComponentGroup } from '@uptime/proto/gen/status_page/v1/status_page_service_pb.js';
import type { Api } from '../client/api';
import { apiError, isNotFound } from '../client/api';
import { model, type ModelType } from '../framework/model';
import { defineResource } from '../framework/resource';
import { ProviderError } from '../framework/types';
import { noControlCharacters, stringLength } from '../framework/validators';
import { rfc3339, splitImportId, trimmed } from '../framework/state-values';
import { requiresReplace, useStateForUnknown } from '../framework/plan-modifiers';

const TYPE = 'service_status_page_component_group';

export const groupModel = model((s) => ({
  id: s.string('id'),
  page_id: s.string('page_id'),
  name: s.string('name'),
  created_at: s.string('created_at'),
  updated_at: s.string('updated_at'),
}));

export type GroupModel = ModelType<typeof groupModel>;

/** The state of an API group. */
export function groupFromProto(api: ComponentGroup): GroupModel {
  return {
    id: api.id,
    page_id: api.pageId,
    name: api.name ?? '',
    created_at: rfc3339(api.createdAt),
    updated_at: rfc3339(api.updatedAt),
  };
}

async function fetchGroup(api: Api, id: string, pageId: string, action: string): Promise<GroupModel | null> {
  try {
    const { group } = await api.statusPages.getComponentGroup({ id, pageId });
    return group ? groupFromProto(group) : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw apiError(action, TYPE, err, 'group');
  }
}

export const statusPageComponentGroupResource = defineResource<Api, GroupModel>({
  typeName: TYPE,
  description:
    'Manages a group of components on a status page; components join it through their `group_id`. Import with `<page_id>/<group_id>`.',
  schema: {
    attributes: {
      id: {
        description: 'ID of the group, assigned by the service.',
        type: 'string',
        computed: true,
        planModifiers: [useStateForUnknown()],
      },
      page_id: {
        description: 'ID of the status page the group is on. Changing it forces replacement.',
        type: 'string',
        required: true,
        planModifiers: [requiresReplace()],
      },
      name: {
        description: 'Name of the group shown on the page, 1 to 256 characters.',
        type: 'string',
        required: true,
        validators: [stringLength(1, 256), noControlCharacters(), trimmed],
      },
      created_at: {
        description: 'When the group was created (RFC 3339).',
        type: 'string',
        computed: true,
        planModifiers: [useStateForUnknown()],
      },
      updated_at: {
        description: 'When the group was last changed (RFC 3339).',
        type: 'string',
        computed: true,
      },
    },
  },
  importId: '<page_id>/<group_id>',
  model: groupModel,

  async create(api, plan) {
    try {
      const { group } = await api.statusPages.createComponentGroup({
        group: { pageId: plan.page_id ?? '', name: plan.name ?? '' },
      });
      if (!group) throw new ProviderError(`Could not create ${TYPE}`, 'The service answered without the group.');
      return groupFromProto(group);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('create', TYPE, err, 'group');
    }
  },

  read(api, state) {
    return fetchGroup(api, state.id ?? '', state.page_id ?? '', 'read');
  },

  async update(api, plan, prior) {
    try {
      // The whole group is its name: the API has no update mask here.
      const { group } = await api.statusPages.updateComponentGroup({
        id: prior.id ?? '',
        group: { name: plan.name ?? '' },
      });
      if (!group) throw new ProviderError(`Could not update ${TYPE}`, 'The service answered without the group.');
      return groupFromProto(group);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('update', TYPE, err, 'group');
    }
  },

  async delete(api, state) {
    try {
      await api.statusPages.deleteComponentGroup({ id: state.id ?? '' });
    } catch (err) {
      if (!isNotFound(err)) throw apiError('delete', TYPE, err, 'group');
    }
  },

  async importState(api, importId) {
    const { pageId, id } = splitImportId(importId, TYPE, 'group');
    const state = await fetchGroup(api, id, pageId, 'import');
    if (!state) {
      throw new ProviderError(
        `Cannot import ${TYPE}`,
        `No component group with id "${id}" exists on status page "${pageId}".`,
      );
    }
    return state;
  },
});
