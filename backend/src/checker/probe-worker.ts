// A probe worker thread: runs the checks the agent hands it, each at its slot, on an event loop that
// does nothing else, and sends back the outcomes. See check-executor.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { InlineExecutor, type FromWorker, type ProbeWorkerData, type ToWorker } from './check-executor';
import { createProbeRegistry } from './probe-registry';

const port = parentPort;
if (port) {
  const data = workerData as ProbeWorkerData;
  const executor = new InlineExecutor(createProbeRegistry(), data.run, data.maxActive);
  port.on('message', (message: ToWorker) => {
    if (message.type === 'abort') return executor.abort();
    executor.execute(message.monitor, message.startAt, message.grant).then(
      (result) => port.postMessage({ type: 'done', id: message.id, result } satisfies FromWorker),
      (error: unknown) =>
        port.postMessage({
          type: 'failed',
          id: message.id,
          message: error instanceof Error ? error.message : String(error),
        } satisfies FromWorker),
    );
  });
}
