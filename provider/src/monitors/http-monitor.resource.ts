// service_http_monitor: an HTTP(S) request checked against status code, body and header assertions.
import type { Attribute, BlockType } from '../framework/types';
import { httpUrl, intBetween, noControlCharacters, oneOf, stringLength } from '../framework/validators';
import { HTTP_METHOD, NUMBER_COMPARATOR, STRING_COMPARATOR } from './monitor-enums';
import { httpFromProto, httpMonitorModel, httpToProto, UPDATE_MASK } from './monitor-mapping';
import { monitorResource } from './monitor-resource';
import * as s from './monitor-schema';

const stringComparator = (): Attribute => ({
  description: `How the value compares with \`target\`: one of ${s.quoted(STRING_COMPARATOR.words)}.`,
  type: 'string',
  required: true,
  validators: [oneOf(STRING_COMPARATOR.words)],
});

function assertions(description: string, attributes: BlockType['block']['attributes']): BlockType {
  return {
    nesting: 'list',
    maxItems: s.MAX_ASSERTIONS,
    description: `${description} At most ${s.MAX_ASSERTIONS}; every one must hold for a check to pass.`,
    block: { attributes },
  };
}

export const httpMonitorResource = monitorResource({
  kind: 'http',
  typeName: 'service_http_monitor',
  model: httpMonitorModel,
  description:
    'Manages an HTTP monitor: a request sent from each region on a schedule, checked against its assertions.',
  schema: {
    description: 'Manages an HTTP monitor.',
    attributes: {
      id: s.id,
      name: s.name,
      url: {
        description: 'URL to request: an absolute http or https URL of at most 2048 characters.',
        type: 'string',
        required: true,
        validators: [httpUrl(2048), noControlCharacters(), s.noOuterSpace],
      },
      periodicity: s.periodicity,
      method: {
        description: `HTTP method of the request: one of ${s.quoted(HTTP_METHOD.words)}. Default \`GET\`.`,
        type: 'string',
        optional: true,
        computed: true,
        default: 'GET',
        validators: [oneOf(HTTP_METHOD.words)],
      },
      body: {
        description: 'Request body, sent with POST, PUT and PATCH. Default `""` (none).',
        type: 'string',
        optional: true,
        computed: true,
        default: '',
        validators: [stringLength(0, 1_000_000), noControlCharacters(true)],
      },
      timeout: s.timeout(),
      retry: s.retry(),
      alert_quorum: s.alertQuorum,
      follow_redirects: {
        description: 'Whether redirects are followed; when false a 3xx answer is the result. Default `true`.',
        type: 'bool',
        optional: true,
        computed: true,
        default: true,
      },
      regions: s.regions,
      tags: s.tags,
      active: s.active,
      public: s.isPublic,
      degraded_at: s.degradedAt(),
      description: s.description,
      status: s.status,
      private_location_ids: s.privateLocationIds,
    },
    blocks: {
      headers: s.keyValueBlock('Request headers sent with each check.', 'Header value.'),
      status_code_assertions: assertions('Checks on the response status code.', {
        target: {
          description: 'Status code to compare with, 100 to 599.',
          type: 'number',
          required: true,
          validators: [intBetween(100, 599)],
        },
        comparator: {
          description: `How the status code compares with \`target\`: one of ${s.quoted(NUMBER_COMPARATOR.words)}.`,
          type: 'string',
          required: true,
          validators: [oneOf(NUMBER_COMPARATOR.words)],
        },
      }),
      body_assertions: assertions('Checks on the response body.', {
        target: {
          description: 'Text the body is compared with (ignored by `empty` and `not_empty`).',
          type: 'string',
          required: true,
          validators: [noControlCharacters(true)],
        },
        comparator: stringComparator(),
      }),
      header_assertions: assertions('Checks on a response header.', {
        key: {
          description: 'Name of the response header to check.',
          type: 'string',
          required: true,
          validators: [s.notEmpty, noControlCharacters()],
        },
        target: {
          description: 'Text the header value is compared with (ignored by `empty` and `not_empty`).',
          type: 'string',
          required: true,
          validators: [noControlCharacters()],
        },
        comparator: stringComparator(),
      }),
      open_telemetry: s.openTelemetry,
    },
  },
  async create(api, plan) {
    const res = await api.monitors.createHTTPMonitor({ monitor: httpToProto(plan) });
    return res.monitor && httpFromProto(res.monitor);
  },
  async update(api, id, plan) {
    const res = await api.monitors.updateHTTPMonitor({
      id,
      monitor: httpToProto(plan),
      updateMask: { paths: [...UPDATE_MASK.http] },
    });
    return res.monitor && httpFromProto(res.monitor);
  },
  fromMonitor: (m) => (m.config.case === 'http' ? httpFromProto(m.config.value) : undefined),
});
