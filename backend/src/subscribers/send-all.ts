// Sends many messages with a bounded number in flight. One failure never stops the others: every
// item is attempted, and the caller gets the count sent and every failure.

/** Messages handed to the SMTP pool at once (the pool itself opens at most a few connections). */
export const SEND_CONCURRENCY = 10;

export interface SendOutcome {
  sent: number;
  failures: Error[];
}

export async function sendAll<T>(
  items: readonly T[],
  send: (item: T) => Promise<void>,
  concurrency = SEND_CONCURRENCY,
): Promise<SendOutcome> {
  let next = 0;
  let sent = 0;
  const failures: Error[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await send(item);
        sent += 1;
      } catch (error) {
        failures.push(error instanceof Error ? error : new Error(String(error)));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return { sent, failures };
}
