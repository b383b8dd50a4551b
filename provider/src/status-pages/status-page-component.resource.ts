// service_status_page_component: a component of a status page (SPEC 2.7), showing a monitor's
// status or a static entry. The page and the type are fixed at creation: changing either replaces it.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { PageComponent, PageComponentSchema } from '@uptime/proto/gen/status_page/v1/status_page_service_pb.js';
import type { Api } from '../client/api';
import { apiError, isNotFound } from '../client/api';
import { model, type ModelType } from '../framework/model';
import { defineResource } from '../framework/resource';
import { ProviderError, type Diagnostics, type Obj, type Validator } from '../framework/types';
import { describePath, intBetween, noControlCharacters, oneOf, stringLength } from '../framework/validators';
import { optionalText, rfc3339, splitImportId, trimmed } from '../framework/state-values';
import { requiresReplace, useStateForUnknown } from '../framework/plan-modifiers';

const TYPE = 'service_status_page_component';
const ORDER_BOUND = 1_000_000;

/** The service's auto-incident settings and their bounds (status-pages/page-component.entity.ts). */
const AUTO_INCIDENT_MODES = ['off', 'draft', 'published'];
const AUTO_INCIDENT_PLACEHOLDERS = ['component', 'monitor', 'since', 'page'];
export const AUTO_INCIDENT_DEFAULTS = {
  auto_incident: 'off',
  auto_incident_after_minutes: 5,
  auto_incident_notify: false,
  auto_incident_title: '{{component}} is down',
  auto_incident_message: 'We are investigating an outage of {{component}} since {{since}}.',
  auto_resolve: true,
};
const PLACEHOLDER_LIST = AUTO_INCIDENT_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ');

/** A template names only the placeholders the service fills in; the first other is reported. */
const knownPlaceholders: Validator = (value, path, diags) => {
  if (typeof value !== 'string') return;
  for (const [, name] of value.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
    if (AUTO_INCIDENT_PLACEHOLDERS.includes(name)) continue;
    diags.error(
      `Invalid ${describePath(path)}`,
      `${describePath(path)} has an unknown placeholder {{${name}}}; it may only use ${PLACEHOLDER_LIST}.`,
      path,
    );
    return;
  }
};

type ComponentInit = MessageInitShape<typeof PageComponentSchema>;

/** Every field an update may change; a field removed from the configuration is cleared. */
export const COMPONENT_MASK = [
  'monitor_id',
  'name',
  'description',
  'order',
  'group_id',
  'group_order',
  'auto_incident',
  'auto_incident_after_minutes',
  'auto_incident_notify',
  'auto_incident_title',
  'auto_incident_message',
  'auto_resolve',
];

export const componentModel = model((s) => ({
  id: s.string('id'),
  page_id: s.string('page_id'),
  type: s.string('type'),
  monitor_id: s.string('monitor_id'),
  name: s.string('name'),
  description: s.string('description'),
  order: s.number('order'),
  group_id: s.string('group_id'),
  group_order: s.number('group_order'),
  auto_incident: s.string('auto_incident'),
  auto_incident_after_minutes: s.number('auto_incident_after_minutes'),
  auto_incident_notify: s.bool('auto_incident_notify'),
  auto_incident_title: s.string('auto_incident_title'),
  auto_incident_message: s.string('auto_incident_message'),
  auto_resolve: s.bool('auto_resolve'),
  created_at: s.string('created_at'),
  updated_at: s.string('updated_at'),
}));

export type ComponentModel = ModelType<typeof componentModel>;

export function componentToProto(plan: ComponentModel): ComponentInit {
  return {
    pageId: plan.page_id ?? '',
    type: plan.type ?? '',
    monitorId: plan.monitor_id ?? '',
    name: plan.name ?? '',
    description: plan.description ?? '',
    order: plan.order ?? 0,
    groupId: plan.group_id ?? '',
    groupOrder: plan.group_order ?? 0,
    // Unset (never in a plan: the attributes have defaults) leaves the field out, which the masked
    // update reads as the service's default, the same value.
    autoIncident: plan.auto_incident ?? undefined,
    autoIncidentAfterMinutes: plan.auto_incident_after_minutes ?? undefined,
    autoIncidentNotify: plan.auto_incident_notify ?? undefined,
    autoIncidentTitle: plan.auto_incident_title ?? undefined,
    autoIncidentMessage: plan.auto_incident_message ?? undefined,
    autoResolve: plan.auto_resolve ?? undefined,
  };
}

/** The state of an API component; `prior` (plan, state, or null on import) tells null from empty. */
export function componentFromProto(api: PageComponent, prior: ComponentModel | null): ComponentModel {
  return {
    id: api.id,
    page_id: api.pageId,
    type: api.type,
    monitor_id: optionalText(api.monitorId, prior?.monitor_id),
    name: optionalText(api.name, prior?.name),
    description: optionalText(api.description, prior?.description),
    order: api.order ?? 0,
    group_id: optionalText(api.groupId, prior?.group_id),
    group_order: api.groupOrder ?? 0,
    auto_incident: api.autoIncident ?? AUTO_INCIDENT_DEFAULTS.auto_incident,
    auto_incident_after_minutes: api.autoIncidentAfterMinutes ?? AUTO_INCIDENT_DEFAULTS.auto_incident_after_minutes,
    auto_incident_notify: api.autoIncidentNotify ?? AUTO_INCIDENT_DEFAULTS.auto_incident_notify,
    auto_incident_title: api.autoIncidentTitle ?? AUTO_INCIDENT_DEFAULTS.auto_incident_title,
    auto_incident_message: api.autoIncidentMessage ?? AUTO_INCIDENT_DEFAULTS.auto_incident_message,
    auto_resolve: api.autoResolve ?? AUTO_INCIDENT_DEFAULTS.auto_resolve,
    created_at: rfc3339(api.createdAt),
    updated_at: rfc3339(api.updatedAt),
  };
}

/** monitor_id is required for a monitor component and not allowed for a static one. */
export function validateComponentConfig(config: Obj, diags: Diagnostics): void {
  if (config.type === 'monitor' && config.monitor_id === null) {
    diags.error('Missing monitor_id', 'monitor_id is required when type is "monitor".', ['monitor_id']);
  }
  if (config.type === 'static' && typeof config.monitor_id === 'string') {
    diags.error('Unexpected monitor_id', 'monitor_id must be left out when type is "static".', ['monitor_id']);
  }
  if (config.type === 'static' && typeof config.auto_incident === 'string' && config.auto_incident !== 'off') {
    diags.error(
      'Invalid auto_incident',
      'auto_incident must be "off" when type is "static" (only a monitor can open an incident).',
      ['auto_incident'],
    );
  }
}

async function fetchComponent(
  api: Api,
  id: string,
  pageId: string,
  prior: ComponentModel | null,
): Promise<ComponentModel | null> {
  try {
    const { component } = await api.statusPages.getPageComponent({ id, pageId });
    return component ? componentFromProto(component, prior) : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw apiError(prior ? 'read' : 'import', TYPE, err, 'component');
  }
}

const orderValidators = [intBetween(-ORDER_BOUND, ORDER_BOUND)];

export const statusPageComponentResource = defineResource<Api, ComponentModel>({
  typeName: TYPE,
  description:
    'Manages a component of a status page: a monitor whose status the page shows, or a static entry. Import with `<page_id>/<component_id>`.',
  schema: {
    attributes: {
      id: {
        description: 'ID of the component, assigned by the service.',
        type: 'string',
        computed: true,
        planModifiers: [useStateForUnknown()],
      },
      page_id: {
        description: 'ID of the status page the component is on. Changing it forces replacement.',
        type: 'string',
        required: true,
        planModifiers: [requiresReplace()],
      },
      type: {
        description:
          '`monitor` (shows the status of `monitor_id`) or `static` (a fixed entry). Changing it forces replacement.',
        type: 'string',
        required: true,
        planModifiers: [requiresReplace()],
        validators: [oneOf(['monitor', 'static'])],
      },
      monitor_id: {
        description:
          'ID of the monitor the component shows; required when `type` is `monitor`, not allowed when `static`.',
        type: 'string',
        optional: true,
      },
      name: {
        description:
          "Name shown on the page, at most 256 characters; a monitor component without one shows the monitor's name.",
        type: 'string',
        optional: true,
        validators: [stringLength(0, 256), noControlCharacters(), trimmed],
      },
      description: {
        description: 'Text shown with the component, at most 1024 characters.',
        type: 'string',
        optional: true,
        validators: [stringLength(0, 1024), noControlCharacters(true), trimmed],
      },
      order: {
        description: `Display order on the page (lower first), from -${ORDER_BOUND} to ${ORDER_BOUND}. Default 0.`,
        type: 'number',
        optional: true,
        computed: true,
        default: 0,
        validators: orderValidators,
      },
      group_id: {
        description: 'ID of a component group on the same page that holds the component.',
        type: 'string',
        optional: true,
      },
      group_order: {
        description: `Display order within the group (lower first), from -${ORDER_BOUND} to ${ORDER_BOUND}. Default 0.`,
        type: 'number',
        optional: true,
        computed: true,
        default: 0,
        validators: orderValidators,
      },
      auto_incident: {
        description:
          'Incidents opened by the monitor: `off` (default), `draft` or `published`. When the monitor has been down `auto_incident_after_minutes`, a status report affecting this component is opened on the page (a draft is not public until a person publishes it); a report already open on the component is not duplicated. Only for `type` `monitor`.',
        type: 'string',
        optional: true,
        computed: true,
        default: AUTO_INCIDENT_DEFAULTS.auto_incident,
        validators: [oneOf(AUTO_INCIDENT_MODES)],
      },
      auto_incident_after_minutes: {
        description:
          'How long the monitor must have been down before the incident opens, 1 to 1440 minutes. Default 5.',
        type: 'number',
        optional: true,
        computed: true,
        default: AUTO_INCIDENT_DEFAULTS.auto_incident_after_minutes,
        validators: [intBetween(1, 1440)],
      },
      auto_incident_notify: {
        description:
          "Whether a published incident and its resolution are sent to the page's subscribers. Default `false`.",
        type: 'bool',
        optional: true,
        computed: true,
        default: AUTO_INCIDENT_DEFAULTS.auto_incident_notify,
      },
      auto_incident_title: {
        description: `The incident's title, 1 to 256 characters; placeholders ${AUTO_INCIDENT_PLACEHOLDERS.map((p) => `\`{{${p}}}\``).join(', ')}. Default \`${AUTO_INCIDENT_DEFAULTS.auto_incident_title}\`.`,
        type: 'string',
        optional: true,
        computed: true,
        default: AUTO_INCIDENT_DEFAULTS.auto_incident_title,
        validators: [stringLength(1, 256), noControlCharacters(), trimmed, knownPlaceholders],
      },
      auto_incident_message: {
        description: `The incident's first update, 1 to 2000 characters; the placeholders of \`auto_incident_title\`. Default \`${AUTO_INCIDENT_DEFAULTS.auto_incident_message}\`.`,
        type: 'string',
        optional: true,
        computed: true,
        default: AUTO_INCIDENT_DEFAULTS.auto_incident_message,
        validators: [stringLength(1, 2000), noControlCharacters(true), trimmed, knownPlaceholders],
      },
      auto_resolve: {
        description:
          'When the monitor recovers, post the `resolved` update to the incident it opened (default `true`); `false` leaves the incident for a person.',
        type: 'bool',
        optional: true,
        computed: true,
        default: AUTO_INCIDENT_DEFAULTS.auto_resolve,
      },
      created_at: {
        description: 'When the component was created (RFC 3339).',
        type: 'string',
        computed: true,
        planModifiers: [useStateForUnknown()],
      },
      updated_at: {
        description: 'When the component was last changed (RFC 3339).',
        type: 'string',
        computed: true,
      },
    },
  },
  importId: '<page_id>/<component_id>',
  model: componentModel,

  validateConfig: validateComponentConfig,

  async create(api, plan) {
    try {
      const { component } = await api.statusPages.createPageComponent({ component: componentToProto(plan) });
      if (!component)
        throw new ProviderError(`Could not create ${TYPE}`, 'The service answered without the component.');
      return componentFromProto(component, plan);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('create', TYPE, err, 'component');
    }
  },

  read(api, state) {
    return fetchComponent(api, state.id ?? '', state.page_id ?? '', state);
  },

  async update(api, plan, prior) {
    try {
      const { component } = await api.statusPages.updatePageComponent({
        id: prior.id ?? '',
        component: componentToProto(plan),
        updateMask: { paths: COMPONENT_MASK },
      });
      if (!component)
        throw new ProviderError(`Could not update ${TYPE}`, 'The service answered without the component.');
      return componentFromProto(component, plan);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('update', TYPE, err, 'component');
    }
  },

  async delete(api, state) {
    try {
      await api.statusPages.deletePageComponent({ id: state.id ?? '' });
    } catch (err) {
      if (!isNotFound(err)) throw apiError('delete', TYPE, err, 'component');
    }
  },

  async importState(api, importId) {
    const { pageId, id } = splitImportId(importId, TYPE, 'component');
    const state = await fetchComponent(api, id, pageId, null);
    if (!state) {
      throw new ProviderError(
        `Cannot import ${TYPE}`,
        `No component with id "${id}" exists on status page "${pageId}".`,
      );
    }
    return state;
  },
});
