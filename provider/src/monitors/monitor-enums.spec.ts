import { HTTPMethod, MonitorStatus, Region, StringComparator } from '@uptime/proto/gen/monitor/v1/common_pb.js';
import { ProviderError } from '../framework/types';
import {
  ASSERTION_SEVERITY,
  HEARTBEAT_SCHEDULE,
  HTTP_METHOD,
  JSON_COMPARATOR,
  NUMBER_COMPARATOR,
  PERIODICITY,
  RECORD_COMPARATOR,
  REGION,
  STARTTLS,
  STRING_COMPARATOR,
  statusWord,
  TIMING_COMPARATOR,
  TIMING_PHASE,
} from './monitor-enums';

describe('monitor enum words', () => {
  it('has the 28 regions of SPEC 2.2 and the six periodicities', () => {
    expect(REGION.words).toHaveLength(28);
    expect(REGION.encode('railway-europe-west4')).toBe(Region.RAILWAY_EUROPE_WEST4);
    expect(PERIODICITY.words).toEqual(['30s', '1m', '5m', '10m', '30m', '1h']);
  });

  it('maps every proto value but UNSPECIFIED to exactly one word', () => {
    for (const words of [
      REGION,
      PERIODICITY,
      HTTP_METHOD,
      NUMBER_COMPARATOR,
      STRING_COMPARATOR,
      RECORD_COMPARATOR,
      JSON_COMPARATOR,
      TIMING_PHASE,
      TIMING_COMPARATOR,
      ASSERTION_SEVERITY,
      STARTTLS,
      HEARTBEAT_SCHEDULE,
    ]) {
      const values = words.words.map((w) => words.encode(w));
      expect(new Set(values).size).toBe(values.length);
      expect(values).not.toContain(0);
      for (const w of words.words) expect(words.decode(words.encode(w))).toBe(w);
    }
  });

  it('uses the lowercase comparator words of the SPEC 2.1 assertion table', () => {
    expect(STRING_COMPARATOR.words).toEqual([
      'contains',
      'not_contains',
      'eq',
      'neq',
      'empty',
      'not_empty',
      'gt',
      'gte',
      'lt',
      'lte',
      'matches',
      'not_matches',
    ]);
    expect(STRING_COMPARATOR.encode('not_empty')).toBe(StringComparator.NOT_EMPTY);
    expect(NUMBER_COMPARATOR.words).toEqual(['eq', 'neq', 'gt', 'gte', 'lt', 'lte']);
    expect(RECORD_COMPARATOR.words).toEqual(['eq', 'neq', 'contains', 'not_contains']);
    expect(JSON_COMPARATOR.words).toEqual([
      'eq',
      'neq',
      'contains',
      'not_contains',
      'gt',
      'gte',
      'lt',
      'lte',
      'exists',
      'not_exists',
      'matches',
    ]);
    expect(TIMING_PHASE.words).toEqual(['dns', 'connect', 'tls', 'ttfb', 'transfer', 'total']);
    expect(TIMING_COMPARATOR.words).toEqual(['lt', 'lte']);
    expect(HTTP_METHOD.decode(HTTPMethod.HTTP_METHOD_OPTIONS)).toBe('OPTIONS');
  });

  it('refuses an unknown word or value with a ProviderError', () => {
    expect(() => HTTP_METHOD.encode('get')).toThrow(ProviderError);
    expect(() => REGION.decode(Region.UNSPECIFIED)).toThrow(/unknown region/);
  });

  it('reads an unjudged status as unknown', () => {
    expect(statusWord(MonitorStatus.UNSPECIFIED)).toBe('unknown');
    expect(statusWord(MonitorStatus.DEGRADED)).toBe('degraded');
  });
});
