import { clip, intersect, subtract, total, union } from './sla-intervals';

const i = (start: number, end: number) => ({ start, end });

describe('sla intervals', () => {
  it('merges overlapping and touching spans and drops empty ones', () => {
    expect(union([i(5, 8), i(0, 2), i(2, 3), i(7, 10), i(4, 4)])).toEqual([i(0, 3), i(5, 10)]);
  });

  it('clips to the range', () => {
    expect(clip([i(-5, 2), i(4, 6), i(9, 20)], i(0, 10))).toEqual([i(0, 2), i(4, 6), i(9, 10)]);
    expect(clip([i(-5, -1)], i(0, 10))).toEqual([]);
  });

  it('subtracts windows inside, across either end, covering and outside a span', () => {
    expect(subtract([i(0, 10)], [i(2, 3), i(5, 7)])).toEqual([i(0, 2), i(3, 5), i(7, 10)]);
    expect(subtract([i(0, 10)], [i(-5, 2), i(8, 15)])).toEqual([i(2, 8)]);
    expect(subtract([i(0, 10)], [i(-1, 11)])).toEqual([]);
    expect(subtract([i(0, 10)], [i(20, 30)])).toEqual([i(0, 10)]);
    expect(subtract([i(0, 4), i(6, 10)], [i(3, 7)])).toEqual([i(0, 3), i(7, 10)]);
  });

  it('intersects and totals without counting an overlap twice', () => {
    expect(intersect([i(0, 10)], [i(5, 15), i(-3, 1)])).toEqual([i(0, 1), i(5, 10)]);
    expect(total([i(0, 10), i(5, 15)])).toBe(15);
  });
});
