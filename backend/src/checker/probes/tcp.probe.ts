// TCP checks: connect to host:port; the latency is the connect time (after name resolution).
import { connect } from 'node:net';
import type { MonitorView } from '../../monitors/monitor.view';
import { elapsed, emptyResult, statusOf, type Probe, type ProbeContext } from '../probe';
import { type ProbeResult } from '../../checks/check-types';
import { resolveTarget, splitHostPort } from './target';

export class TcpProbe implements Probe {
  readonly kind = 'tcp' as const;

  async run(monitor: MonitorView, ctx: ProbeContext): Promise<ProbeResult> {
    const result = emptyResult();
    const { host, port } = splitHostPort(monitor.uri ?? '');
    const started = performance.now();
    const address = await resolveTarget(host, ctx, result, started);
    if (address === null) return result;
    const dns = elapsed(started);
    const connectStart = performance.now();
    try {
      await new Promise<void>((resolve, reject) => {
        const socket = connect({ host: address, port, signal: ctx.signal });
        socket.once('connect', () => {
          socket.destroy();
          resolve();
        });
        socket.once('error', reject);
      });
      const connectMs = elapsed(connectStart);
      result.latencyMs = connectMs;
      result.timings = { dns, connect: connectMs };
      result.status = statusOf([], connectMs, monitor.degradedAt);
    } catch (error) {
      result.latencyMs = elapsed(connectStart);
      const code = (error as NodeJS.ErrnoException).code ?? '';
      result.error = ctx.signal.aborted
        ? { kind: 'timeout', message: 'the connection did not open within the timeout' }
        : { kind: 'connect', message: `connection to ${host}:${port} failed: ${code || String(error)}` };
    }
    return result;
  }
}
