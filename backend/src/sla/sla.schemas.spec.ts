import { ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import { periodOf, slaQuerySchema, type SlaQuery } from './sla.schemas';

const now = new Date('2026-11-28T12:00:00.000Z');
const parse = (q: Partial<SlaQuery>) => parseInput(slaQuerySchema, { scope: 'monitor', id: '1', ...q });
const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
  throw new Error('not refused');
};

describe('sla schemas', () => {
  it('resolves a month and a quarter in UTC', () => {
    expect(periodOf(parse({ month: '2026-02' }), now)).toMatchObject({
      from: new Date('2026-02-01T00:00:00.000Z'),
      to: new Date('2026-03-01T00:00:00.000Z'),
    });
    expect(periodOf(parse({ quarter: '2026-Q1' }), now)).toMatchObject({
      from: new Date('2026-01-01T00:00:00.000Z'),
      to: new Date('2026-04-01T00:00:00.000Z'),
    });
  });

  it('names the field and the bound of a bad period or target', () => {
    expect(refusal(() => parse({}))).toContain('period: is required');
    expect(refusal(() => parse({ month: '2026-13' }))).toContain('month: must be a month as YYYY-MM');
    expect(refusal(() => parse({ quarter: '2026-Q5' }))).toContain('quarter: must be a quarter as YYYY-Qn');
    expect(refusal(() => parse({ month: '2026-01', quarter: '2026-Q1' }))).toContain('period: give only one');
    expect(refusal(() => parse({ from: '2026-01-01T00:00:00Z' }))).toContain('to: is required');
    expect(refusal(() => parse({ month: '2026-01', target: 100 }))).toContain('target: must be less than 100');
    expect(refusal(() => parse({ month: '2026-01', target: 0 }))).toContain('target: must be greater than 0');
    expect(refusal(() => parse({ month: '2026-01', target: 99.9991 }))).toContain(
      'target: must have at most 3 decimals',
    );
    expect(parse({ month: '2026-01', target: 99.999 }).target).toBe(99.999);
    const custom = (from: string, to: string) => () => periodOf(parse({ from, to }), now);
    expect(refusal(custom('2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z'))).toBe('to: must be after from');
    expect(refusal(custom('2025-10-01T00:00:00Z', '2026-11-06T00:00:00Z'))).toBe(
      'to: the range must be at most 400 days',
    );
    expect(refusal(() => periodOf(parse({ month: '2025-10' }), now))).toMatch(
      /^month: must not start before 2025-10-24T00:00:00.000Z/,
    );
    expect(refusal(() => periodOf(parse({ quarter: '2027-Q1' }), now))).toBe('quarter: must not start in the future');
    expect(refusal(() => periodOf(parse({ quarter: '2025-Q4' }), now))).toMatch(/^quarter: must not start before/);
  });
});
