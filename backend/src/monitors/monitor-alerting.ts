// A monitor's alerting policy (issue 29): thresholds, reminders, the escalation policy it uses and the
// monitors it depends on. Declared once here (input schema, view, defaults, columns); alerting
// (alerts/alert-policy.ts) applies it. Every field is neutral by default, so a monitor that never set
// one alerts as before: on the first confirmed transition, once, to its wired channels.
import { z } from 'zod';
import { required } from '../common/validation';
import { MONITOR_BOUNDS as B } from '../checks/check-config';
import { count, viewId, viewIds } from '../common/view-schema';
import { isEntityId } from '../common/ids';
import type { MonitorEntity } from './monitor.entity';

export interface AlertingPolicy {
  failureThreshold: number;
  failureSeconds: number;
  recoveryThreshold: number;
  reminderIntervalMinutes: number;
  reminderLimit: number;
  /** Null: the channels wired to the monitor. */
  escalationPolicyId: string | null;
  /** Ascending, no repeats. */
  parentMonitorIds: string[];
}

export const DEFAULT_ALERTING: AlertingPolicy = {
  failureThreshold: 1,
  failureSeconds: 0,
  recoveryThreshold: 1,
  reminderIntervalMinutes: 0,
  reminderLimit: 10,
  escalationPolicyId: null,
  parentMonitorIds: [],
};

const intIn = (min: number, max: number, what = `must be between ${min} and ${max}`) =>
  z.number(required).int({ error: 'must be an integer' }).min(min, { error: what }).max(max, { error: what });

const monitorId = z.string(required).refine(isEntityId, { error: 'must be a monitor id' });

/** The input: a whole policy (what is left out takes its default). */
export const alertingInput = z
  .object({
    failureThreshold: intIn(1, B.failureThresholdMax).optional(),
    failureSeconds: intIn(0, B.failureSecondsMax).optional(),
    recoveryThreshold: intIn(1, B.recoveryThresholdMax).optional(),
    reminderIntervalMinutes: intIn(
      0,
      B.reminderIntervalMinutesMax,
      `must be 0 (no reminders) or between 1 and ${B.reminderIntervalMinutesMax}`,
    ).optional(),
    reminderLimit: intIn(1, B.reminderLimitMax).optional(),
    escalationPolicyId: z
      .string(required)
      .refine((v) => v === '' || isEntityId(v), { error: 'must be an escalation policy id or empty' })
      .nullable()
      .optional(),
    parentMonitorIds: z
      .array(monitorId)
      .max(B.parentMonitors, { error: `must have at most ${B.parentMonitors} entries` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a monitor' })
      .optional(),
  })
  .strict();

export type AlertingInput = z.input<typeof alertingInput>;

/** The input with its defaults: what is stored. */
export function alertingOf(input: AlertingInput | null | undefined): AlertingPolicy {
  const given = input ?? {};
  return {
    failureThreshold: given.failureThreshold ?? DEFAULT_ALERTING.failureThreshold,
    failureSeconds: given.failureSeconds ?? DEFAULT_ALERTING.failureSeconds,
    recoveryThreshold: given.recoveryThreshold ?? DEFAULT_ALERTING.recoveryThreshold,
    reminderIntervalMinutes: given.reminderIntervalMinutes ?? DEFAULT_ALERTING.reminderIntervalMinutes,
    reminderLimit: given.reminderLimit ?? DEFAULT_ALERTING.reminderLimit,
    escalationPolicyId: given.escalationPolicyId ? given.escalationPolicyId : null,
    parentMonitorIds: [...(given.parentMonitorIds ?? [])].sort((a, b) => Number(BigInt(a) - BigInt(b))),
  };
}

export const alertingView = z.object({
  failureThreshold: count.describe('consecutive failing aggregate checks before down (1: the first)'),
  failureSeconds: count.describe('seconds of failing before down (0: none)'),
  recoveryThreshold: count.describe('consecutive healthy aggregate checks before up again'),
  reminderIntervalMinutes: count.describe('minutes between reminders while down and unacknowledged (0: none)'),
  reminderLimit: count.describe('most reminders per alert'),
  escalationPolicyId: viewId.nullable().describe('escalation policy in use; null: the wired channels'),
  parentMonitorIds: viewIds.describe('monitors this one depends on: their outage suppresses its alerts'),
});

export function alertingOfEntity(
  m: Pick<
    MonitorEntity,
    | 'failureThreshold'
    | 'failureSeconds'
    | 'recoveryThreshold'
    | 'reminderIntervalMinutes'
    | 'reminderLimit'
    | 'escalationPolicyId'
    | 'parentMonitorIds'
  >,
): AlertingPolicy {
  return {
    failureThreshold: m.failureThreshold,
    failureSeconds: m.failureSeconds,
    recoveryThreshold: m.recoveryThreshold,
    reminderIntervalMinutes: m.reminderIntervalMinutes,
    reminderLimit: m.reminderLimit,
    escalationPolicyId: m.escalationPolicyId,
    parentMonitorIds: [...m.parentMonitorIds],
  };
}

/** The columns that hold a policy. */
export function alertingColumns(p: AlertingPolicy): Partial<MonitorEntity> {
  return { ...p, parentMonitorIds: [...p.parentMonitorIds] };
}
