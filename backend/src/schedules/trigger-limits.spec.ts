import { TRIGGER_COOLDOWN_MS, triggerCooldownLeftMs, triggerCooldownMessage } from './trigger-limits';

describe(triggerCooldownLeftMs.name, () => {
  const last = new Date('2026-03-01T12:00:00.000Z');
  const after = (ms: number) => new Date(last.getTime() + ms);

  it('lets a monitor never triggered, or triggered at least the cooldown ago, be triggered', () => {
    expect(triggerCooldownLeftMs(null, last)).toBe(0);
    expect(triggerCooldownLeftMs(last, after(TRIGGER_COOLDOWN_MS))).toBe(0);
  });

  it('says how long is left inside the cooldown', () => {
    expect(triggerCooldownLeftMs(last, after(0))).toBe(TRIGGER_COOLDOWN_MS);
    expect(triggerCooldownLeftMs(last, after(TRIGGER_COOLDOWN_MS - 1))).toBe(1);
  });

  it('rounds the retry up to whole seconds, at least 1', () => {
    expect(triggerCooldownMessage('5', 1)).toBe('monitor "5" was triggered less than 10 s ago; retry in 1 s');
    expect(triggerCooldownMessage('5', 6_500)).toBe('monitor "5" was triggered less than 10 s ago; retry in 7 s');
  });
});
