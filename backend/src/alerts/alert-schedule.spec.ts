import { dueAt, firstSchedule, nextDue } from './alert-schedule';

const MINUTE = 60_000;
const start = new Date(Date.UTC(2026, 0, 1));
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const steps = [
  { afterMinutes: 0, channelIds: ['1'] },
  { afterMinutes: 0, channelIds: ['2', '1'] },
  { afterMinutes: 15, channelIds: ['3'] },
  { afterMinutes: 30, channelIds: ['4'] },
];

describe('alert schedule', () => {
  it('sends the steps due at once with the transition and looks again at the next one', () => {
    expect(firstSchedule({ reminderIntervalMinutes: 0, reminderLimit: 10 }, steps, start)).toEqual({
      firstStepChannels: ['1', '2'],
      escalationStep: 2,
      nextDueAt: at(15),
    });
  });

  it('without a policy or reminders schedules nothing', () => {
    expect(firstSchedule({ reminderIntervalMinutes: 0, reminderLimit: 10 }, null, start)).toEqual({
      firstStepChannels: [],
      escalationStep: 0,
      nextDueAt: null,
    });
  });

  it('takes the earlier of the next reminder and the next step', () => {
    const policy = { reminderIntervalMinutes: 10, reminderLimit: 3 };
    expect(nextDue(policy, steps, start, 0, 2)).toEqual(at(10));
    expect(nextDue(policy, steps, start, 1, 2)).toEqual(at(15));
    expect(nextDue(policy, steps, start, 3, 3)).toEqual(at(30));
    expect(nextDue(policy, steps, start, 3, 4)).toBeNull();
  });

  it('answers what is due: the latest reminder only, and every step reached', () => {
    const policy = { reminderIntervalMinutes: 10, reminderLimit: 3 };
    expect(dueAt(policy, steps, start, 0, 2, at(9))).toEqual({ reminder: null, steps: [] });
    expect(dueAt(policy, steps, start, 0, 2, at(10))).toEqual({ reminder: 1, steps: [] });
    // A clock that was stopped for 40 minutes sends one reminder (the third) and both steps.
    expect(dueAt(policy, steps, start, 0, 2, at(40))).toEqual({ reminder: 3, steps: [3, 4] });
    // At the limit, no more reminders.
    expect(dueAt(policy, steps, start, 3, 4, at(500))).toEqual({ reminder: null, steps: [] });
  });
});
