// ICMP checks: three echo requests per check (SPEC §2.1), through the system `ping` program
// (iputils). Node has no raw sockets; `ping` works as root, and without root where the kernel allows
// unprivileged ping sockets (net.ipv4.ping_group_range) or ping has the cap_net_raw capability.
// The latency is the average round trip; losing some echoes degrades, losing all is an error.
import { spawn } from 'node:child_process';
import { budgetMs, type MonitorView } from '../../monitors/monitor.view';
import { elapsed, emptyResult, type Probe, type ProbeContext } from '../probe';
import { type ProbeResult } from '../../checks/check-types';
import { resolveTarget } from './target';

export const ECHO_COUNT = 3;

export interface PingSummary {
  transmitted: number;
  received: number;
  avgMs: number | null;
}

/** Reads iputils ping's summary lines. */
export function parsePing(output: string): PingSummary | null {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received/.exec(output);
  if (!counts) return null;
  const rtt = /= [\d.]+\/([\d.]+)\/[\d.]+\/[\d.]+ ms/.exec(output);
  return { transmitted: Number(counts[1]), received: Number(counts[2]), avgMs: rtt ? Number(rtt[1]) : null };
}

export class IcmpProbe implements Probe {
  readonly kind = 'icmp' as const;

  constructor(private readonly pingCommand = 'ping') {}

  async run(monitor: MonitorView, ctx: ProbeContext): Promise<ProbeResult> {
    const result = emptyResult();
    const started = performance.now();
    // Resolved here, like every probe's target, so the address rule and the configured resolver apply
    // and ping is handed the very address that was checked.
    const address = await resolveTarget(monitor.uri ?? '', ctx, result, started);
    if (address === null) return result;
    // The whole check must fit in the timeout: ping's deadline is the budget in whole seconds.
    const deadline = Math.max(1, Math.floor(budgetMs(monitor) / 1000));
    const args = ['-n', '-c', String(ECHO_COUNT), '-i', '0.2', '-w', String(deadline), address];
    let output = '';
    let spawnError: NodeJS.ErrnoException | null = null;
    await new Promise<void>((resolve) => {
      const child = spawn(this.pingCommand, args, { signal: ctx.signal, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', (error: NodeJS.ErrnoException) => {
        spawnError = error;
        resolve();
      });
      child.once('close', () => resolve());
    });
    result.latencyMs = elapsed(started);
    const failure = spawnError as NodeJS.ErrnoException | null;
    if (failure?.code === 'ENOENT') {
      result.error = {
        kind: 'unsupported',
        // Said as the monitor page shows it beside the location: the agent's machine lacks ping.
        message: 'ping is not installed on this agent (Debian/Ubuntu: apt-get install iputils-ping)',
      };
      return result;
    }
    if (ctx.signal.aborted) {
      result.error = { kind: 'timeout', message: 'the echoes did not finish within the timeout' };
      return result;
    }
    const summary = parsePing(output);
    if (!summary) {
      const line = output.trim().split('\n').pop() ?? '';
      result.error = { kind: 'protocol', message: `ping failed: ${line || 'no output'}` };
      return result;
    }
    const loss = 1 - summary.received / ECHO_COUNT;
    result.details = {
      transmitted: summary.transmitted,
      received: summary.received,
      packetLoss: Math.round(loss * 100) / 100,
    };
    if (summary.received === 0 || summary.avgMs === null) {
      result.error = { kind: 'timeout', message: `no echo reply from ${monitor.uri} (${ECHO_COUNT} sent)` };
      return result;
    }
    result.latencyMs = Math.round(summary.avgMs);
    result.timings = null;
    result.status = loss > 0 || result.latencyMs > monitor.degradedAt ? 'degraded' : 'success';
    return result;
  }
}
