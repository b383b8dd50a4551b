// service_heartbeat_monitor: a cron-job (push) monitor. Nothing is probed: the job calls the secret
// ping URL, and the service judges lateness against the schedule and the grace.
//
// The ping URL is a credential the service shows once: the create answer carries it, and only a hash
// of its token is kept. State keeps it from that answer on (reads never return it); after an import
// it is null, as terraform cannot learn it. ping_token, a token to keep (e.g. a Healthchecks.io
// check's UUID), is create-only input the service never answers with.
import { requiresReplaceIf, useStateForUnknown } from '../framework/plan-modifiers';
import { describePath, intBetween, matches, noControlCharacters, oneOf, stringLength } from '../framework/validators';
import { UNKNOWN, type Diagnostics, type Obj, type Validator } from '../framework/types';
import { HEARTBEAT_SCHEDULE } from './monitor-enums';
import { heartbeatFromProto, heartbeatMonitorModel, heartbeatToProto, UPDATE_MASK } from './monitor-mapping';
import { monitorResource } from './monitor-resource';
import * as s from './monitor-schema';

/** 30 seconds to 31 days, as the service bounds the period (and the grace from 0). */
const MONTH_SECONDS = 31 * 86400;

/** The service's rule for a kept token: a UUID, or 16 to 64 URL-safe characters. */
const PING_TOKEN =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z0-9_-]{16,64})$/;

const timeZone: Validator = (value, path, diags) => {
  if (typeof value !== 'string') return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    diags.error(
      `Invalid ${describePath(path)}`,
      `${describePath(path)} must be an IANA time zone such as "UTC" or "Europe/Berlin"; got "${value}".`,
      path,
    );
  }
};

/** Five fields, or a nickname; croner on the service checks the fields themselves. */
const cronShape: Validator = (value, path, diags) => {
  if (typeof value !== 'string') return;
  const trimmed = value.trim();
  if (trimmed.startsWith('@') || trimmed.split(/\s+/).length === 5) return;
  diags.error(
    `Invalid ${describePath(path)}`,
    `${describePath(path)} must have five fields (minute hour day-of-month month day-of-week) or be a nickname such as "@daily"; got "${value}".`,
    path,
  );
};

/** `cron` goes with schedule "cron" and only with it; a left-out schedule is "period". */
function validateSchedule(config: Obj, diags: Diagnostics): void {
  const schedule = config.schedule ?? 'period';
  const cron = config.cron ?? null;
  if (typeof schedule !== 'string' || cron === UNKNOWN) return;
  if (schedule === 'cron' && cron === null)
    diags.error('Missing cron', 'cron is required with schedule = "cron".', ['cron']);
  if (schedule === 'period' && cron !== null)
    diags.error(
      'Invalid cron',
      'cron applies with schedule = "cron" only; set schedule = "cron", or remove cron to expect a ping every period_seconds.',
      ['cron'],
    );
}

export const heartbeatMonitorResource = monitorResource({
  kind: 'heartbeat',
  typeName: 'service_heartbeat_monitor',
  model: heartbeatMonitorModel,
  description:
    'Manages a heartbeat (cron job) monitor: nothing is probed; the job calls its secret ping URL, and the ' +
    'monitor goes down when a ping is late beyond the grace, when the job reports a failure, or when a ' +
    'started run does not finish within the grace.',
  schema: {
    description: 'Manages a heartbeat monitor.',
    attributes: {
      id: s.id,
      name: s.name,
      schedule: {
        description:
          `How pings are expected: one of ${s.quoted(HEARTBEAT_SCHEDULE.words)}. \`period\`: one every ` +
          '`period_seconds`; `cron`: on the `cron` expression in `time_zone`. Default `period`.',
        type: 'string',
        optional: true,
        computed: true,
        default: 'period',
        validators: [oneOf(HEARTBEAT_SCHEDULE.words)],
      },
      period_seconds: {
        description: `With schedule \`period\`: seconds between pings, 30 to ${MONTH_SECONDS} (31 days). Default \`86400\`.`,
        type: 'number',
        optional: true,
        computed: true,
        default: 86400,
        validators: [intBetween(30, MONTH_SECONDS)],
      },
      cron: {
        description:
          'With schedule `cron` (and required then): when the job runs, five fields (minute hour day-of-month ' +
          'month day-of-week, e.g. `"0 3 * * *"`) or a nickname such as `@daily`; at most 256 characters.',
        type: 'string',
        optional: true,
        validators: [stringLength(1, 256), noControlCharacters(), s.noOuterSpace, cronShape],
      },
      time_zone: {
        description: 'IANA time zone the `cron` expression is read in, e.g. `Europe/Berlin`. Default `UTC`.',
        type: 'string',
        optional: true,
        computed: true,
        default: 'UTC',
        validators: [stringLength(1, 64), timeZone],
      },
      grace_seconds: {
        description:
          `Seconds a ping may be late, and a started run (\`/start\`) may take, before the monitor is down: 0 to ${MONTH_SECONDS}. ` +
          'Default `3600`.',
        type: 'number',
        optional: true,
        computed: true,
        default: 3600,
        validators: [intBetween(0, MONTH_SECONDS)],
      },
      tags: s.tags,
      active: {
        description:
          'Whether lateness is judged: while inactive, pings are recorded but a missing one alerts no one. Default `false`.',
        type: 'bool',
        optional: true,
        computed: true,
        default: false,
      },
      public: s.isPublic,
      description: s.description,
      status: s.status,
      ...s.alerting,
      ping_token: {
        description:
          'A token to keep instead of a new random one, so existing cron lines keep working: a UUID (such as a ' +
          "Healthchecks.io check's) or 16 to 64 letters, digits, `-` and `_`. Sent on create only, and never " +
          'read back: changing or removing it replaces the monitor (a new monitor, a new ping URL). After an ' +
          'import the configured token is recorded as it is, unchecked.',
        type: 'string',
        optional: true,
        sensitive: true,
        writeOnly: true,
        validators: [matches(PING_TOKEN, 'a UUID or 16 to 64 letters, digits, - and _')],
        // An imported monitor's state knows neither token nor URL: taking the configured token into
        // state then is no change of the monitor, so it must not replace it.
        planModifiers: [
          requiresReplaceIf(
            'A change of the token replaces the monitor, unless the state came from an import (no ping_url).',
            (request) => (request.priorObject?.ping_url ?? null) !== null,
          ),
        ],
      },
      ping_url: {
        description:
          "The secret URL the job calls: the service's public URL, `/ping/` and the token, with the suffixes " +
          '`/start`, `/fail`, `/<exit-code>` and `/log` (GET, POST or HEAD; no API key). The service shows it ' +
          'only when the monitor is created, so state keeps it from then on; after `terraform import` it is ' +
          'null. Replacing the monitor gives a new URL; rotating the token through the API does too, and the ' +
          'URL in state then no longer works (terraform cannot read the new one).',
        type: 'string',
        computed: true,
        sensitive: true,
        planModifiers: [useStateForUnknown()],
      },
    },
  },
  validateConfig: validateSchedule,
  async create(api, plan) {
    const res = await api.monitors.createHeartbeatMonitor({ monitor: heartbeatToProto(plan, 'create') });
    return res.monitor && heartbeatFromProto(res.monitor, plan);
  },
  async update(api, id, plan) {
    const res = await api.monitors.updateHeartbeatMonitor({
      id,
      monitor: heartbeatToProto(plan, 'update'),
      updateMask: { paths: [...UPDATE_MASK.heartbeat] },
    });
    return res.monitor && heartbeatFromProto(res.monitor, plan);
  },
  fromMonitor: (m, prior) => (m.config.case === 'heartbeat' ? heartbeatFromProto(m.config.value, prior) : undefined),
});
