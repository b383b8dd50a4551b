import { Periodicity, PeriodicitySchema } from '@uptime/proto/gen/monitor/v1/common_pb';
import { EnumCodec } from './enum-codec';

describe(EnumCodec.name, () => {
  it('strips the prefix and lower-cases the rest, unless told how to spell it', () => {
    expect(new EnumCodec(PeriodicitySchema, 'PERIODICITY_').decode('p', Periodicity.PERIODICITY_1M)).toBe('1m');
    const sut = new EnumCodec(PeriodicitySchema, 'PERIODICITY_', (name) => `every ${name}`);
    expect(sut.decode('p', Periodicity.PERIODICITY_1H)).toBe('every 1H');
    expect(sut.encode('every 30S')).toBe(Periodicity.PERIODICITY_30S);
  });

  it('refuses a prefix the values do not start with when it is built', () => {
    expect(() => new EnumCodec(PeriodicitySchema, 'PERIOD_')).toThrow('PERIODICITY_30S does not start with PERIOD_');
  });
});
