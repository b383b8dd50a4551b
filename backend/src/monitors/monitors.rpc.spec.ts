import { Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { ValidationError } from '../common/errors';
import { PERIODICITIES, REGIONS } from '../checks/check-config';
import { codecs } from './monitors.rpc';

describe('monitor enum codecs', () => {
  it('map all 28 regions both ways', () => {
    for (const region of REGIONS) {
      const number = codecs.region.encode(region);
      expect(number).toBeGreaterThan(0);
      expect(codecs.region.decode('regions', number)).toBe(region);
    }
    expect(codecs.region.encode('railway-us-west2')).toBe(Region.RAILWAY_US_WEST2);
    expect(codecs.region.decode('regions', Region.FLY_AMS)).toBe('fly-ams');
  });

  it('map every periodicity', () => {
    expect(PERIODICITIES.map((p) => codecs.periodicity.encode(p))).toEqual([
      Periodicity.PERIODICITY_30S,
      Periodicity.PERIODICITY_1M,
      Periodicity.PERIODICITY_5M,
      Periodicity.PERIODICITY_10M,
      Periodicity.PERIODICITY_30M,
      Periodicity.PERIODICITY_1H,
    ]);
  });

  it('treat UNSPECIFIED as not given and reject unknown numbers by field', () => {
    expect(codecs.periodicity.decode('periodicity', 0)).toBeUndefined();
    expect(() => codecs.region.decode('regions.2', 99)).toThrow(new ValidationError('regions.2: unknown value 99'));
  });

  it('map comparators to the spec vocabulary', () => {
    expect(codecs.number.decode('c', codecs.number.encode('gte'))).toBe('gte');
    expect(codecs.string.encode('not_empty')).toBeGreaterThan(0);
    expect(codecs.record.decode('c', codecs.record.encode('contains'))).toBe('contains');
  });
});
