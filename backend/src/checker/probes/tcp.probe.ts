// TCP checks: connect to host:port; the latency is the connect time (after name resolution).
import { connect } from 'node:net';
import type { MonitorView } from '../../monitors/monitor.view';
import { elapsed, emptyResult, statusOf, type Probe, type ProbeContext } from '../probe';
import { type ProbeResult } from '../../checks/check-types';
import { resolveHost, splitHostPort, targetFailure } from './target';

export class TcpProbe implements Probe {
  readonly kind = 'tcp' as const;

  async run(monitor: MonitorView, ctx: ProbeContext): Promise<ProbeResult> {
    const result = emptyResult();
    const { host, port } = splitHostPort(monitor.uri ?? '');
    const started = performance.now();
    let address: string;
    try {
      address = await resolveHost(host, {
        signal: ctx.signal,
        server: ctx.dnsServer,
        privateTargets: ctx.privateTargets,
      });
    } catch (error) {
      result.error = targetFailure(error, ctx.signal);
      result.latencyMs = elapsed(started);
      return result;
    }
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
