// Attributes and blocks the monitor resources share (SPEC 2.1, bounds of SPEC 8). Each
// resource file picks the ones of its kind; descriptions say what the generated docs need.
import type { Attribute, BlockType, Validator } from '../framework/types';
import {
  describePath,
  distinct,
  eachElement,
  httpUrl,
  intBetween,
  matches,
  noControlCharacters,
  oneOf,
  sizeAtLeast,
  sizeAtMost,
  stringLength,
} from '../framework/validators';
import {
  DEFAULT_CERTIFICATE_EXPIRY_DAYS,
  DEFAULT_REGIONS,
  MONITOR_STATUSES,
  PERIODICITY,
  REGION,
} from './monitor-enums';
import { recomputedWhen, useStateForUnknown } from '../framework/plan-modifiers';

export const MAX_HEADERS = 20;
export const MAX_ASSERTIONS = 10;

/** The service trims names and targets; a value with outer spaces would be stored changed and diff forever. */
export const noOuterSpace: Validator = (value, path, diags) => {
  if (typeof value === 'string' && value !== value.trim()) {
    diags.error(`Invalid ${describePath(path)}`, `${describePath(path)} must not start or end with spaces.`, path);
  }
};

export const quoted = (words: readonly string[]): string => words.map((w) => `\`${w}\``).join(', ');

/** A required string the service refuses when empty, with no length bound of its own. */
export const notEmpty: Validator = (value, path, diags) => {
  if (value === '') diags.error(`Invalid ${describePath(path)}`, `${describePath(path)} must not be empty.`, path);
};

export const id: Attribute = {
  description: 'The monitor id the service assigned (a number in a string). Used to import the monitor.',
  type: 'string',
  computed: true,
  planModifiers: [useStateForUnknown()],
};

export const name: Attribute = {
  description: 'Name of the monitor, as dashboards and status pages show it. At most 256 characters.',
  type: 'string',
  required: true,
  validators: [stringLength(1, 256), noControlCharacters(), noOuterSpace],
};

export const periodicity: Attribute = {
  description: `How often the monitor runs: one of ${quoted(PERIODICITY.words)}.`,
  type: 'string',
  required: true,
  validators: [oneOf(PERIODICITY.words)],
};

export function timeout(extra = ''): Attribute {
  return {
    description: `Time budget of a check in milliseconds, 0 to 120000${extra}; 0 gives the check the whole period. Default \`45000\`.`,
    type: 'number',
    optional: true,
    computed: true,
    default: 45000,
    validators: [intBetween(0, 120000)],
  };
}

export function retry(extra = ''): Attribute {
  return {
    description: `How many times a failed check is retried before it counts as failed, 0 to 10${extra}. Default \`3\`.`,
    type: 'number',
    optional: true,
    computed: true,
    default: 3,
    validators: [intBetween(0, 10)],
  };
}

export const alertQuorum: Attribute = {
  description:
    'How many of the locations (regions and private locations) must be in error for the monitor to alert ' +
    '`down`, or in error or degraded for it to alert `degraded`, 0 to 100. `0` means a strict majority of ' +
    'the locations that report; a number larger than the locations means all of them. Default `0`.',
  type: 'number',
  optional: true,
  computed: true,
  default: 0,
  validators: [intBetween(0, 100)],
};

/** A numeric monitor id, as the service assigns them (`id` of a monitor resource). */
export const monitorIdForm = matches(/^[1-9]\d{0,17}$/, 'a monitor id (a number in a string, e.g. "42")');
const escalationPolicyIdForm = matches(/^[1-9]\d{0,17}$/, 'an escalation policy id (a number in a string, e.g. "7")');

export const MAX_PARENT_MONITORS = 20;

/**
 * The alerting policy (issue 29), flat on every monitor resource and sent as one `alerting` message
 * on create and update: each attribute is neutral by default, so a monitor that sets none alerts as
 * before. Bounds are the service's (backend/src/monitors/monitor-alerting.ts). Each has a default, so
 * a plan never leaves one unknown (as alert_quorum): removing one from the configuration resets it.
 */
export const alerting: Record<
  | 'failure_threshold'
  | 'failure_seconds'
  | 'recovery_threshold'
  | 'reminder_interval_minutes'
  | 'reminder_limit'
  | 'escalation_policy_id'
  | 'parent_monitor_ids',
  Attribute
> = {
  failure_threshold: {
    description:
      'Consecutive failing checks (aggregate checks, after the `alert_quorum` of the locations) before the ' +
      'monitor is down or degraded and alerts, 1 to 100. Default `1`: the first one.',
    type: 'number',
    optional: true,
    computed: true,
    default: 1,
    validators: [intBetween(1, 100)],
  },
  failure_seconds: {
    description:
      'Seconds the monitor must have been failing before it is down, 0 to 86400; with `failure_threshold` ' +
      'also set, both must hold. Judged at the next check, or within about 5 seconds. Default `0`: no duration.',
    type: 'number',
    optional: true,
    computed: true,
    default: 0,
    validators: [intBetween(0, 86400)],
  },
  recovery_threshold: {
    description:
      'Consecutive healthy checks before a down monitor is up again and its recovery is sent, 1 to 100. Default `1`.',
    type: 'number',
    optional: true,
    computed: true,
    default: 1,
    validators: [intBetween(1, 100)],
  },
  reminder_interval_minutes: {
    description:
      'While the monitor is still down and the alert not acknowledged, notify again every this many minutes: ' +
      '0 (no reminders) or 1 to 10080 (a week). Default `0`.',
    type: 'number',
    optional: true,
    computed: true,
    default: 0,
    validators: [intBetween(0, 10080)],
  },
  reminder_limit: {
    description: 'At most this many reminders per alert, 1 to 1000. Default `10`.',
    type: 'number',
    optional: true,
    computed: true,
    default: 10,
    validators: [intBetween(1, 1000)],
  },
  escalation_policy_id: {
    description:
      'Id of an escalation policy of the same workspace (`service_escalation_policy`): its steps say whom to ' +
      "notify and when, instead of the channels wired to the monitor. Leave it out to use the monitor's channels.",
    type: 'string',
    optional: true,
    validators: [escalationPolicyIdForm],
  },
  parent_monitor_ids: {
    description:
      `Ids of monitors of the same workspace this one depends on (a set, at most ${MAX_PARENT_MONITORS}; not ` +
      "itself, and no cycles). While any of them is down, this monitor's down and degraded alerts are recorded " +
      'as suppressed, not sent; its recoveries and its own status still flow. Default none.',
    type: ['set', 'string'],
    optional: true,
    computed: true,
    default: [],
    validators: [sizeAtMost(MAX_PARENT_MONITORS), eachElement(monitorIdForm)],
  },
};

export const regions: Attribute = {
  description:
    `Regions the monitor runs from, at least one of the 28 public regions (${quoted(REGION.words)}). ` +
    `When left out the service picks ${quoted(DEFAULT_REGIONS)}.`,
  type: ['set', 'string'],
  optional: true,
  computed: true,
  validators: [sizeAtLeast(1), eachElement(oneOf(REGION.words))],
};

export const MAX_TAGS = 20;

export const tags: Attribute = {
  description:
    `Labels to group and filter monitors by (the dashboard's overview filters by tag), at most ${MAX_TAGS}, ` +
    'each 1 to 64 characters without control characters or surrounding spaces. Case is kept. Default none.',
  type: ['set', 'string'],
  optional: true,
  computed: true,
  default: [],
  validators: [
    sizeAtMost(MAX_TAGS),
    eachElement(stringLength(1, 64)),
    eachElement(noControlCharacters()),
    eachElement(noOuterSpace),
  ],
};

export const active: Attribute = {
  description: 'Whether the monitor runs: checks are scheduled only while it is active. Default `false`.',
  type: 'bool',
  optional: true,
  computed: true,
  default: false,
};

export const isPublic: Attribute = {
  description: 'Whether a public status page may show the monitor. Default `false`.',
  type: 'bool',
  optional: true,
  computed: true,
  default: false,
};

export function degradedAt(extra = ''): Attribute {
  return {
    description:
      `Latency in milliseconds above which a successful check counts as degraded, 0 to 120000${extra}. ` +
      'When left out the service computes it from the timeout (half of it, at most 30000).',
    type: 'number',
    optional: true,
    computed: true,
    planModifiers: [recomputedWhen('timeout')],
    validators: [intBetween(0, 120000)],
  };
}

export function tlsVerify(what: string): Attribute {
  return {
    description:
      `Whether ${what} must verify (chain and host name). \`false\` accepts self-signed and otherwise ` +
      'unverifiable certificates; their expiry is still recorded and alerted. Default `true`.',
    type: 'bool',
    optional: true,
    computed: true,
    default: true,
  };
}

export const MAX_EXPIRY_THRESHOLDS = 10;

export const certificateExpiryDays: Attribute = {
  description:
    'Days before the certificate expires at which a `certificate.expiring` alert is sent through the ' +
    `monitor's notifications, once per certificate and threshold: at most ${MAX_EXPIRY_THRESHOLDS} numbers, ` +
    'each 1 to 365, no repeats. It does not change the up/down status. Default `[14, 7, 1]`; an empty ' +
    'list `[]` sends none.',
  type: ['list', 'number'],
  optional: true,
  computed: true,
  default: [...DEFAULT_CERTIFICATE_EXPIRY_DAYS],
  validators: [sizeAtMost(MAX_EXPIRY_THRESHOLDS), eachElement(intBetween(1, 365)), distinct()],
};

export const description: Attribute = {
  description: 'Free text about the monitor. At most 1024 characters; several lines allowed.',
  type: 'string',
  optional: true,
  validators: [stringLength(0, 1024), noControlCharacters(true)],
};

export const status: Attribute = {
  description: `The monitor's status as the service judges it: one of ${quoted(MONITOR_STATUSES)} (\`unknown\` until a check has been judged).`,
  type: 'string',
  computed: true,
  planModifiers: [useStateForUnknown()],
};

export const privateLocationIds: Attribute = {
  description:
    'Ids of the private locations that run this monitor. Read-only here: set it with `monitor_ids` of `service_private_location`.',
  type: ['set', 'string'],
  computed: true,
  planModifiers: [useStateForUnknown()],
};

/** The `uri` of a TCP, DNS or ICMP monitor, in the form `what` describes. */
export function uri(what: string, form: Validator): Attribute {
  return {
    description: `${what}. At most 2048 characters.`,
    type: 'string',
    required: true,
    validators: [stringLength(1, 2048), noControlCharacters(), noOuterSpace, form],
  };
}

/** `{key, value}` entries: request headers and OpenTelemetry export headers. */
export function keyValueBlock(blockDescription: string, valueDescription: string): BlockType {
  return {
    nesting: 'list',
    maxItems: MAX_HEADERS,
    description: `${blockDescription} At most ${MAX_HEADERS}.`,
    block: {
      attributes: {
        key: {
          description: 'Header name. At most 256 characters.',
          type: 'string',
          required: true,
          validators: [stringLength(1, 256), noControlCharacters()],
        },
        value: {
          description: `${valueDescription} At most 8192 characters; sensitive, as header values often carry credentials.`,
          type: 'string',
          required: true,
          sensitive: true,
          validators: [stringLength(1, 8192), noControlCharacters()],
        },
      },
    },
  };
}

export const openTelemetry: BlockType = {
  nesting: 'single',
  description: 'Where each check exports its metrics over OTLP/HTTP. Leave the block out to export nothing.',
  block: {
    attributes: {
      endpoint: {
        description: 'OTLP metrics endpoint: an http or https URL of at most 2048 characters.',
        type: 'string',
        optional: true,
        validators: [httpUrl(2048), noControlCharacters()],
      },
    },
    blocks: {
      headers: keyValueBlock(
        "Headers sent with each export, e.g. the collector's API key.",
        'Header value; the service stores it sealed.',
      ),
    },
  },
};
