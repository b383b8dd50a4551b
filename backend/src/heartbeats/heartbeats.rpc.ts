// The heartbeat methods of monitor.v1.MonitorService that read pings: mapped to HeartbeatsService's
// verbs. The RPC server serves them with the rest of the service (rpc/rpc.server.ts), so the monitors
// module, which heartbeats read through its port, never imports this one. No rule lives here.
import type { ServiceImpl } from '@connectrpc/connect';
import { HeartbeatPingKindSchema, type MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { serviceContext } from '../rpc-kit/call-context';
import { EnumCodec } from '../rpc-kit/enum-codec';
import type { HeartbeatsService } from './heartbeats.service';
import type { PingKind } from './ping-kinds';

const pingKind = new EnumCodec<PingKind>(HeartbeatPingKindSchema, 'HEARTBEAT_PING_KIND_');

export function heartbeatRpcMethods(
  heartbeats: HeartbeatsService,
): Pick<ServiceImpl<typeof MonitorService>, 'listHeartbeatPings'> {
  return {
    async listHeartbeatPings(req, ctx) {
      const pings = await heartbeats.listPings(serviceContext(ctx), req.id, { limit: req.limit });
      return {
        pings: pings.map((p) => ({
          timestamp: BigInt(p.receivedAt.getTime()),
          kind: pingKind.encode(p.kind),
          exitCode: p.exitCode ?? undefined,
          duration: p.durationMs === null ? undefined : BigInt(p.durationMs),
          method: p.method,
          source: p.source,
          userAgent: p.userAgent,
          body: p.body,
        })),
      };
    },
  };
}
