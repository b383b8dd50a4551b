// The provider's only way to the service: the generated Connect clients of proto/gen over Node's
// own HTTP/1.1 client with keep-alive (@connectrpc/connect-node: a call costs a fraction of the CPU
// of one through fetch, which a plan of 50 resources felt), with the API token in `x-service-key` (SPEC 5.2). Errors of the API
// become ProviderErrors that name the resource and, when the service names one, the attribute.
import { Code, ConnectError, createClient, type Client, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { create } from '@bufbuild/protobuf';
import {
  GetMonitorResponseSchema,
  MonitorSchema,
  MonitorService,
  type Monitor,
} from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import { AlertService } from '@uptime/proto/gen/alert/v1/alert_service_pb.js';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb.js';
import { PrivateLocationService } from '@uptime/proto/gen/private_location/v1/private_location_service_pb.js';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb.js';
import { ProviderError, type Path } from '../framework/types';

export interface ApiOptions {
  /** Root of the RPC API, e.g. http://127.0.0.1:3000/rpc. */
  baseUrl: string;
  token: string;
  /** Per call; a service that does not answer becomes a clear error, not a hang. */
  timeoutMs?: number;
}

export interface Api {
  monitors: Client<typeof MonitorService>;
  notifications: Client<typeof NotificationService>;
  statusPages: Client<typeof StatusPageService>;
  privateLocations: Client<typeof PrivateLocationService>;
  /** Escalation policies (and alerts) of alert.v1.AlertService. */
  alerts: Client<typeof AlertService>;
  baseUrl: string;
}

export function createApi(options: ApiOptions): Api {
  const auth: Interceptor = (next) => (req) => {
    req.header.set('x-service-key', options.token);
    req.header.set('user-agent', 'terraform-provider-service/0.1');
    return next(req);
  };
  const transport = createConnectTransport({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    httpVersion: '1.1',
    useBinaryFormat: true,
    interceptors: [auth],
    defaultTimeoutMs: options.timeoutMs ?? 30_000,
  });
  return {
    monitors: batchedMonitorReads(createClient(MonitorService, transport)),
    notifications: createClient(NotificationService, transport),
    statusPages: createClient(StatusPageService, transport),
    privateLocations: createClient(PrivateLocationService, transport),
    alerts: createClient(AlertService, transport),
    baseUrl: options.baseUrl,
  };
}

type MonitorClient = Client<typeof MonitorService>;

/** Reads one at a time until this many; after that one listing answers them (see batchedMonitorReads). */
const DIRECT_READS = 4;
const LIST_PAGE = 100;
const MAX_LISTED = 1000;

/**
 * terraform refreshes every resource with its own ReadResource, so a plan of 50 monitors was 50
 * GetMonitor calls. Once a session has read a few, it lists the workspace's monitors (at most 1000, a
 * page of 100 per call) and answers the rest of its reads from that listing, taken during the same
 * refresh. Any write through the session drops the listing; an id the listing lacks is read directly.
 */
export function batchedMonitorReads(client: MonitorClient): MonitorClient {
  let reads = 0;
  let listing: Promise<Map<string, Monitor> | null> | null = null;
  const list = async (): Promise<Map<string, Monitor> | null> => {
    const byId = new Map<string, Monitor>();
    for (let offset = 0; offset < MAX_LISTED; offset += LIST_PAGE) {
      const page = await client.listMonitors({ limit: LIST_PAGE, offset });
      if (page.totalSize > MAX_LISTED) return null;
      const configs: Monitor['config'][] = [
        ...page.httpMonitors.map((value) => ({ case: 'http' as const, value })),
        ...page.tcpMonitors.map((value) => ({ case: 'tcp' as const, value })),
        ...page.dnsMonitors.map((value) => ({ case: 'dns' as const, value })),
        ...page.icmpMonitors.map((value) => ({ case: 'icmp' as const, value })),
        ...page.grpcMonitors.map((value) => ({ case: 'grpc' as const, value })),
        ...page.tlsMonitors.map((value) => ({ case: 'tls' as const, value })),
        ...page.heartbeatMonitors.map((value) => ({ case: 'heartbeat' as const, value })),
      ];
      for (const config of configs) if (config.value) byId.set(config.value.id, create(MonitorSchema, { config }));
      if (offset + LIST_PAGE >= page.totalSize) break;
    }
    return byId;
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'getMonitor') {
        const getMonitor: MonitorClient['getMonitor'] = async (request, options) => {
          reads += 1;
          if (reads > DIRECT_READS) {
            listing ??= list().catch(() => null);
            const found = (await listing)?.get(request.id ?? '');
            if (found) return create(GetMonitorResponseSchema, { monitor: found });
          }
          return target.getMonitor(request, options);
        };
        return getMonitor;
      }
      if (typeof property === 'string' && /^(create|update|delete|trigger|rotate)/.test(property)) {
        listing = null;
        reads = 0;
      }
      const member: unknown = Reflect.get(target, property, receiver);
      return member;
    },
  });
}

/** True for the error of a call whose target does not exist (or is in another workspace). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ConnectError && error.code === Code.NotFound;
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ConnectError && (error.code === Code.Unauthenticated || error.code === Code.PermissionDenied);
}

/** RPC field names of a message path (camelCase, dotted, indexed) as a terraform attribute path. */
export function attributePathOf(field: string): Path {
  return field
    .split('.')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)));
}

/**
 * An API error as the diagnostic terraform shows: what failed on which resource, the service's own
 * message, and the attribute when the message starts with a field path (`name: at most 256 ...`).
 * `stripPrefix` drops the request's wrapper field (e.g. `monitor.`) from that path.
 */
export function apiError(action: string, typeName: string, error: unknown, stripPrefix?: string): ProviderError {
  if (!(error instanceof ConnectError)) {
    const message = error instanceof Error ? error.message : String(error);
    return new ProviderError(`Could not ${action} ${typeName}`, `The service could not be reached: ${message}`);
  }
  // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- every other code is the service's own message
  switch (error.code) {
    case Code.Unauthenticated:
      return new ProviderError(
        `Could not ${action} ${typeName}: the service refused the API token`,
        `${error.rawMessage}. Check the provider's api_token (or SERVICE_API_TOKEN).`,
      );
    case Code.Unavailable:
    case Code.DeadlineExceeded:
    case Code.Unknown:
      return new ProviderError(
        `Could not ${action} ${typeName}: the service did not answer`,
        `${error.rawMessage}. Check that the service is running and the provider's base_url points at its /rpc.`,
      );
    default: {
      const match = /^([A-Za-z_][\w.]*): /.exec(error.rawMessage);
      let path: Path | undefined;
      if (match?.[1]) {
        const field =
          stripPrefix && match[1].startsWith(`${stripPrefix}.`) ? match[1].slice(stripPrefix.length + 1) : match[1];
        path = attributePathOf(field);
      }
      return new ProviderError(`Could not ${action} ${typeName}`, error.rawMessage, path);
    }
  }
}
