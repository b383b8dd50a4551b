// The two ways an agent runs checks: inline, and on probe worker threads (the build's worker script,
// which `npm test` compiles first). Both wait for the slot, run the real probe and can be cut short.
import {
  createExecutor,
  InlineExecutor,
  probeWorkerScript,
  WorkerExecutor,
  type CheckExecutor,
} from '../../backend/src/checker/check-executor';
import { createProbeRegistry } from '../../backend/src/checker/probe-registry';
import { monitorView, startHttpTarget, type LoopbackServer } from '../support/loopback';

/** The targets are loopback servers: the grant of a private location's runs. */
const LOOPBACK = { privateTargets: true };

describe('check executors', () => {
  let http: LoopbackServer;
  const script = probeWorkerScript();

  beforeAll(async () => {
    http = await startHttpTarget();
  });

  afterAll(async () => {
    await http.close();
  });

  it('finds the compiled worker script (npm test builds before testing)', () => {
    expect(script).toMatch(/probe-worker\.js$/);
  });

  const kinds: Array<[string, () => CheckExecutor]> = [
    ['inline', () => new InlineExecutor(createProbeRegistry())],
    ['worker threads', () => new WorkerExecutor(script!, 2, { run: {}, maxActive: 10 })],
  ];

  describe.each(kinds)('%s', (_name, make) => {
    let sut: CheckExecutor;

    beforeEach(() => {
      sut = make();
    });

    afterEach(async () => {
      await sut.close();
    });

    it('starts a check at its slot and returns the real outcome', async () => {
      const startAt = Date.now() + 150;
      const monitor = monitorView({ url: `${http.url}/status/503`, retry: 1 });
      const done = await sut.execute(monitor, startAt, LOOPBACK);
      expect(done).not.toBeNull();
      expect(done!.startedAt).toBeInstanceOf(Date);
      expect(done!.startedAt.getTime()).toBeGreaterThanOrEqual(startAt);
      expect(done!.lateMs).toBeGreaterThanOrEqual(0);
      expect(done!.outcome).toMatchObject({
        status: 'error',
        statusCode: 503,
        attempts: 2,
        error: { kind: 'assertion' },
      });
    });

    it('runs many checks at once and keeps each answer with its monitor', async () => {
      const results = await Promise.all(
        [200, 404, 500, 201, 302].map((code) =>
          sut.execute(
            monitorView({
              url: `${http.url}/status/${code}`,
              followRedirects: false,
              statusCodeAssertions: [{ comparator: 'eq', target: code }],
            }),
            Date.now(),
            LOOPBACK,
          ),
        ),
      );
      expect(results.map((r) => [r?.outcome.statusCode, r?.outcome.status])).toEqual([
        [200, 'success'],
        [404, 'success'],
        [500, 'success'],
        [201, 'success'],
        [302, 'success'],
      ]);
    });

    it('abort cuts waiting and running checks short with no result', async () => {
      const waiting = sut.execute(monitorView({ url: `${http.url}/` }), Date.now() + 60_000, LOOPBACK);
      const running = sut.execute(
        monitorView({ url: `${http.url}/delay/5000`, timeout: 10_000 }),
        Date.now(),
        LOOPBACK,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const before = Date.now();
      sut.abort();
      expect(await waiting).toBeNull();
      expect(await running).toBeNull();
      expect(Date.now() - before).toBeLessThan(4000);
      expect(await sut.execute(monitorView({ url: `${http.url}/` }), Date.now(), LOOPBACK)).toBeNull();
    });
  });

  it('replaces a probe worker that dies, failing only the checks it was running', async () => {
    const sut = new WorkerExecutor(script!, 2, { run: {}, maxActive: 10 });
    try {
      const slots = (sut as unknown as { workers: Array<{ terminate(): Promise<number> }> }).workers;
      const running = sut.execute(monitorView({ url: `${http.url}/delay/2000` }), Date.now(), LOOPBACK);
      const onOther = sut.execute(monitorView({ url: `${http.url}/` }), Date.now(), LOOPBACK);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await slots[1].terminate();
      await expect(running).rejects.toThrow('probe worker exited');
      expect((await onOther)?.outcome.status).toBe('success');
      const after = await Promise.all(
        [1, 2, 3, 4].map(() => sut.execute(monitorView({ url: `${http.url}/` }), Date.now(), LOOPBACK)),
      );
      expect(after.map((r) => r?.outcome.status)).toEqual(['success', 'success', 'success', 'success']);
    } finally {
      await sut.close();
    }
  });

  it('queues checks beyond the active limit instead of running them starved', async () => {
    const sut = new InlineExecutor(createProbeRegistry(), {}, 1);
    try {
      const slot = Date.now();
      const [first, second] = await Promise.all([
        sut.execute(monitorView({ url: `${http.url}/delay/300` }), slot, LOOPBACK),
        sut.execute(monitorView({ url: `${http.url}/delay/300` }), slot, LOOPBACK),
      ]);
      // The second waited for the first and says so in its lateness; its latency is its own.
      expect(Math.max(first!.lateMs, second!.lateMs)).toBeGreaterThanOrEqual(250);
      expect(second!.outcome.latencyMs).toBeLessThan(first!.outcome.latencyMs + 250);
      expect(second!.outcome.status).toBe('success');
    } finally {
      await sut.close();
    }
  });

  it('createExecutor uses worker threads when asked and inline with 0 workers', async () => {
    const threaded = createExecutor({ workers: 1, run: {}, probes: createProbeRegistry });
    const inline = createExecutor({ workers: 0, run: {}, probes: createProbeRegistry });
    try {
      expect(threaded).toBeInstanceOf(WorkerExecutor);
      expect(inline).toBeInstanceOf(InlineExecutor);
    } finally {
      await threaded.close();
      await inline.close();
    }
  });
});
