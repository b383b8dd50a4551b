import { dueSlot, firstSlot, offsetMs } from './slots';

describe('slots', () => {
  it('gives each monitor a stable offset inside its period, spread across ids', () => {
    expect(offsetMs('42', 60_000)).toBe(offsetMs('42', 60_000));
    const offsets = new Set(Array.from({ length: 100 }, (_, i) => offsetMs(String(i + 1), 60_000)));
    expect(offsets.size).toBeGreaterThan(90);
    for (const o of offsets) expect(o).toBeLessThan(60_000);
  });

  it('finds the first slot at or after now', () => {
    expect(firstSlot(1_000_000, 60_000, 5_000)).toBe(1_025_000);
    expect(firstSlot(1_025_000, 60_000, 5_000)).toBe(1_025_000);
    expect(firstSlot(1_025_001, 60_000, 5_000)).toBe(1_085_000);
  });

  it('skips missed slots instead of replaying them', () => {
    expect(dueSlot(1_000_000, 999_000, 60_000)).toBe(1_000_000);
    expect(dueSlot(1_000_000, 1_000_500, 60_000)).toBe(1_000_000);
    expect(dueSlot(1_000_000, 1_185_000, 60_000)).toBe(1_180_000);
  });
});
