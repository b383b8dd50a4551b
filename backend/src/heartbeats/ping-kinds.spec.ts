import { pingSignalOf } from './ping-kinds';

describe(pingSignalOf.name, () => {
  it('reads the suffixes of Healthchecks.io', () => {
    expect(pingSignalOf(undefined)).toEqual({ kind: 'success', exitCode: null });
    expect(pingSignalOf('start')).toEqual({ kind: 'start', exitCode: null });
    expect(pingSignalOf('fail')).toEqual({ kind: 'fail', exitCode: null });
    expect(pingSignalOf('log')).toEqual({ kind: 'log', exitCode: null });
  });

  it('takes exit code 0 as success and 1 to 255 as failure', () => {
    expect(pingSignalOf('0')).toEqual({ kind: 'success', exitCode: 0 });
    expect(pingSignalOf('1')).toEqual({ kind: 'fail', exitCode: 1 });
    expect(pingSignalOf('255')).toEqual({ kind: 'fail', exitCode: 255 });
  });

  it('refuses anything else', () => {
    for (const suffix of ['256', '-1', '00', '01', '1.5', 'START', 'finish', ' 1', '1000']) {
      expect(pingSignalOf(suffix)).toBeNull();
    }
  });
});
