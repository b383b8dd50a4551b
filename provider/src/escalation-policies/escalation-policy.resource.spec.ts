import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EscalationPolicySchema } from '@uptime/proto/gen/alert/v1/alert_service_pb.js';
import { Diagnostics, UNKNOWN, type Path, type Validator, type Value } from '../framework/types';
import { escalationPolicyFromProto, escalationPolicyToProto } from './escalation-policy.mapping';
import { escalationPolicyResource } from './escalation-policy.resource';

const schema = escalationPolicyResource.schema;
const step = schema.blocks!.step;

function check(validators: Validator[] | undefined, value: Value, path: Path): Diagnostics {
  const diags = new Diagnostics();
  for (const validate of validators ?? []) validate(value, path, diags);
  return diags;
}

describe('service_escalation_policy validators', () => {
  it('refuses a step not later than the one before, on that step’s after_minutes', () => {
    const steps = [0, 15, 15, 10].map((after_minutes) => ({ after_minutes, channel_ids: ['1'] }));
    const diags = check(step.validators, steps, ['step']);
    expect(diags.items.map((d) => [d.path, d.detail])).toEqual([
      [['step', 2, 'after_minutes'], "step[2].after_minutes must be greater than the previous step's (15); got 15."],
      [['step', 3, 'after_minutes'], "step[3].after_minutes must be greater than the previous step's (15); got 10."],
    ]);
    expect(check(step.validators, [{ after_minutes: UNKNOWN }, { after_minutes: 5 }], ['step']).items).toEqual([]);
    expect(
      check(
        step.validators,
        Array.from({ length: 11 }, (_, i) => ({ after_minutes: i })),
        ['step'],
      ).items[0]?.detail,
    ).toBe('step must have at most 10 entries; got 11.');
  });

  it('bounds after_minutes and channel_ids on their paths', () => {
    const { after_minutes, channel_ids } = step.block.attributes;
    expect(check(after_minutes.validators, 10_081, ['step', 0, 'after_minutes']).items[0]?.detail).toBe(
      'step[0].after_minutes must be a whole number from 0 to 10080; got 10081.',
    );
    expect(check(channel_ids.validators, [], ['step', 1, 'channel_ids']).items[0]?.detail).toBe(
      'step[1].channel_ids must have at least 1 entries; got 0.',
    );
    expect(check(channel_ids.validators, ['4', '4'], ['step', 1, 'channel_ids']).items[0]?.path).toEqual([
      'step',
      1,
      'channel_ids',
      1,
    ]);
  });
});

describe('service_escalation_policy mapping', () => {
  it('sends the steps in order and reads them back with the computed monitors', () => {
    const plan = {
      id: null,
      name: 'Night',
      step: [
        { after_minutes: 0, channel_ids: ['4'] },
        { after_minutes: 30, channel_ids: ['5', '4'] },
      ],
      monitor_ids: null,
      created_at: null,
      updated_at: null,
    };
    expect(escalationPolicyToProto(plan)).toEqual({
      name: 'Night',
      steps: [
        { afterMinutes: 0, channelIds: ['4'] },
        { afterMinutes: 30, channelIds: ['5', '4'] },
      ],
    });
    const at = timestampFromDate(new Date('2026-01-02T03:04:05.000Z'));
    const api = create(EscalationPolicySchema, {
      id: '7',
      ...escalationPolicyToProto(plan),
      monitorIds: ['9'],
      createdAt: at,
      updatedAt: at,
    });
    expect(escalationPolicyFromProto(api)).toEqual({
      ...plan,
      id: '7',
      monitor_ids: ['9'],
      created_at: '2026-01-02T03:04:05.000Z',
      updated_at: '2026-01-02T03:04:05.000Z',
    });
  });
});
