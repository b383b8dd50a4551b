// service_http_monitor: an HTTP(S) request checked against status code, body, header, JSON and timing
// assertions.
import type { Attribute, BlockType } from '../framework/types';
import { httpUrl, intBetween, noControlCharacters, oneOf, stringLength } from '../framework/validators';
import {
  ASSERTION_SEVERITY,
  HTTP_METHOD,
  JSON_COMPARATOR,
  NUMBER_COMPARATOR,
  STRING_COMPARATOR,
  TIMING_COMPARATOR,
  TIMING_PHASE,
} from './monitor-enums';
import { httpFromProto, httpMonitorModel, httpToProto, UPDATE_MASK } from './monitor-mapping';
import { monitorResource } from './monitor-resource';
import * as s from './monitor-schema';

const stringComparator = (): Attribute => ({
  description:
    `How the value compares with \`target\`: one of ${s.quoted(STRING_COMPARATOR.words)}. With \`matches\` ` +
    'and `not_matches` the target is an RE2 regular expression (linear time: no backreferences or ' +
    'lookaround) that must find a match anywhere in the value, or none.',
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
      ...s.alerting,
      follow_redirects: {
        description: 'Whether redirects are followed; when false a 3xx answer is the result. Default `true`.',
        type: 'bool',
        optional: true,
        computed: true,
        default: true,
      },
      tls_verify: s.tlsVerify('the certificate of an https URL'),
      certificate_expiry_days: s.certificateExpiryDays,
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
      json_assertions: assertions('Checks on a value of the JSON response body. A body that is not JSON fails them.', {
        path: {
          description:
            'RFC 9535 JSONPath of the value to check, e.g. `$.status` or `$.items[0].id`; at most 1024 characters. ' +
            'The filter functions `match()` and `search()` are refused: select the value and use `matches`.',
          type: 'string',
          required: true,
          validators: [stringLength(1, 1024), noControlCharacters()],
        },
        comparator: {
          description:
            `How the value compares with \`target\`: one of ${s.quoted(JSON_COMPARATOR.words)}. Numbers compare as ` +
            'numbers; `exists` and `not_exists` ignore the target; with `matches` the target is an RE2 regular expression.',
          type: 'string',
          required: true,
          validators: [oneOf(JSON_COMPARATOR.words)],
        },
        target: {
          description: 'Value to compare with, as text (`"42"`, `"ok"`, `"true"`). Default `""`.',
          type: 'string',
          optional: true,
          computed: true,
          default: '',
          validators: [noControlCharacters()],
        },
      }),
      timing_assertions: assertions(
        'Bounds on the duration of a phase of the request; they extend `degraded_at` to each phase.',
        {
          phase: {
            description: `Phase to bound: one of ${s.quoted(TIMING_PHASE.words)} (\`total\` is the whole check).`,
            type: 'string',
            required: true,
            validators: [oneOf(TIMING_PHASE.words)],
          },
          comparator: {
            description: `The phase must take less than (\`lt\`) or at most (\`lte\`) \`target\`: one of ${s.quoted(TIMING_COMPARATOR.words)}.`,
            type: 'string',
            required: true,
            validators: [oneOf(TIMING_COMPARATOR.words)],
          },
          target: {
            description: 'Milliseconds, 0 to 120000.',
            type: 'number',
            required: true,
            validators: [intBetween(0, 120000)],
          },
          severity: {
            description: `What a check that breaks the bound is: one of ${s.quoted(ASSERTION_SEVERITY.words)}. Default \`error\`.`,
            type: 'string',
            optional: true,
            computed: true,
            default: 'error',
            validators: [oneOf(ASSERTION_SEVERITY.words)],
          },
        },
      ),
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
