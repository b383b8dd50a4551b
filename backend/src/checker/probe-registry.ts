// One probe per monitor kind, looked up by kind.
import type { MonitorKind } from '../checks/check-config';
import type { Probe } from './probe';
import { DnsProbe } from './probes/dns.probe';
import { GrpcProbe } from './probes/grpc.probe';
import { HttpProbe } from './probes/http.probe';
import { IcmpProbe } from './probes/icmp.probe';
import { TcpProbe } from './probes/tcp.probe';

export function createProbeRegistry(): Record<MonitorKind, Probe> {
  return {
    http: new HttpProbe(),
    tcp: new TcpProbe(),
    dns: new DnsProbe(),
    icmp: new IcmpProbe(),
    grpc: new GrpcProbe(),
  };
}
