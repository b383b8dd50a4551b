// One probe per monitor kind, looked up by kind. Each probe's module (with its client library: undici
// for HTTP, grpc-js for gRPC) is loaded at its kind's first check, so a process that checks no
// monitor of a kind (an API node without the embedded agent, a test app) never loads it.
import type { MonitorKind } from '../checks/check-config';
import { emptyResult, type Probe } from './probe';

function loadedOnFirstRun(kind: MonitorKind, load: () => Promise<Probe>): Probe {
  let probe: Promise<Probe> | undefined;
  return {
    kind,
    async run(monitor, ctx) {
      probe ??= load();
      return (await probe).run(monitor, ctx);
    },
  };
}

/**
 * A kind no agent checks: heartbeat monitors are judged by the server from the pings they receive.
 * Should one ever be handed to an agent, the check says so instead of throwing.
 */
function neverProbed(kind: MonitorKind, why: string): Probe {
  return {
    kind,
    run: () => Promise.resolve({ ...emptyResult(), error: { kind: 'unsupported', message: why } }),
  };
}

export function createProbeRegistry(): Record<MonitorKind, Probe> {
  return {
    http: loadedOnFirstRun('http', async () => new (await import('./probes/http.probe')).HttpProbe()),
    tcp: loadedOnFirstRun('tcp', async () => new (await import('./probes/tcp.probe')).TcpProbe()),
    dns: loadedOnFirstRun('dns', async () => new (await import('./probes/dns.probe')).DnsProbe()),
    icmp: loadedOnFirstRun('icmp', async () => new (await import('./probes/icmp.probe')).IcmpProbe()),
    grpc: loadedOnFirstRun('grpc', async () => new (await import('./probes/grpc.probe')).GrpcProbe()),
    tls: loadedOnFirstRun('tls', async () => new (await import('./probes/tls.probe')).TlsProbe()),
    heartbeat: neverProbed(
      'heartbeat',
      'heartbeat monitors are not probed: the monitored job pings the service, which judges them',
    ),
  };
}
