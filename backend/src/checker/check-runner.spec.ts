import type { MonitorView } from '../monitors/monitor.view';
import { budgetMs } from '../monitors/monitor.view';
import { backoffMs, runCheck } from './check-runner';
import { emptyResult, type Probe } from './probe';
import { type ProbeResult } from '../checks/check-types';

/** A probe whose answers are scripted: a real Probe implementation, not a mock of a dependency. */
class ScriptedProbe implements Probe {
  readonly kind = 'tcp' as const;
  calls = 0;

  constructor(private readonly answers: Array<Partial<ProbeResult> | 'hang'>) {}

  run(_monitor: MonitorView, ctx: { signal: AbortSignal }): Promise<ProbeResult> {
    const answer = this.answers[Math.min(this.calls++, this.answers.length - 1)];
    if (answer === 'hang') {
      return new Promise((resolve) =>
        ctx.signal.addEventListener('abort', () =>
          resolve({ ...emptyResult(), error: { kind: 'timeout', message: 'late' } }),
        ),
      );
    }
    return Promise.resolve({ ...emptyResult(), ...answer });
  }
}

const monitor = (overrides: Partial<MonitorView>) =>
  ({ timeout: 2000, retry: 3, periodicity: '1m', ...overrides }) as MonitorView;
const ok: Partial<ProbeResult> = { status: 'success', latencyMs: 5 };
const fail: Partial<ProbeResult> = { status: 'error', error: { kind: 'connect', message: 'refused' } };

describe(runCheck.name, () => {
  it('returns at the first success', async () => {
    const probe = new ScriptedProbe([ok]);
    await expect(runCheck(monitor({}), probe)).resolves.toMatchObject({ status: 'success', attempts: 1 });
  });

  it('retries failures up to `retry` times and keeps the last result', async () => {
    const recovering = new ScriptedProbe([fail, fail, ok]);
    await expect(runCheck(monitor({ retry: 3 }), recovering)).resolves.toMatchObject({
      status: 'success',
      attempts: 3,
    });
    const broken = new ScriptedProbe([fail]);
    await expect(runCheck(monitor({ retry: 2 }), broken)).resolves.toMatchObject({ status: 'error', attempts: 3 });
    const noRetry = new ScriptedProbe([fail]);
    await expect(runCheck(monitor({ retry: 0 }), noRetry)).resolves.toMatchObject({ attempts: 1 });
  });

  it('does not retry a degraded check', async () => {
    const probe = new ScriptedProbe([{ status: 'degraded', latencyMs: 900 }]);
    await expect(runCheck(monitor({}), probe)).resolves.toMatchObject({ status: 'degraded', attempts: 1 });
  });

  it('keeps every attempt inside the timeout budget', async () => {
    const probe = new ScriptedProbe(['hang']);
    const started = Date.now();
    const result = await runCheck(monitor({ timeout: 150, retry: 10 }), probe);
    expect(result).toMatchObject({ status: 'error', error: { kind: 'timeout' }, attempts: 1 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await runCheck(monitor({ timeout: 10_000 }), new ScriptedProbe(['hang']), {
      signal: controller.signal,
    });
    expect(result.status).toBe('error');
  });
});

describe('budget and backoff', () => {
  it('uses the timeout, or the period when the timeout is 0', () => {
    expect(budgetMs(monitor({ timeout: 1234 }))).toBe(1234);
    expect(budgetMs(monitor({ timeout: 0, periodicity: '5m' }))).toBe(300_000);
  });

  it('backs off exponentially up to a second', () => {
    expect([0, 1, 2, 3, 4, 5].map(backoffMs)).toEqual([100, 200, 400, 800, 1000, 1000]);
  });
});
