import { sendAll } from './send-all';

describe(sendAll.name, () => {
  it('attempts every item with at most `concurrency` in flight and collects failures', async () => {
    let inFlight = 0;
    let most = 0;
    const attempted: number[] = [];
    const outcome = await sendAll(
      Array.from({ length: 23 }, (_, i) => i),
      async (i) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        attempted.push(i);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        if (i % 10 === 3) throw new Error(`no ${i}`);
      },
      4,
    );
    expect(attempted.sort((a, b) => a - b)).toEqual(Array.from({ length: 23 }, (_, i) => i));
    expect(most).toBe(4);
    expect(outcome.sent).toBe(21);
    expect(outcome.failures.map((e) => e.message).sort()).toEqual(['no 13', 'no 3']);
  });
});
