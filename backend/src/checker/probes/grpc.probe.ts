// gRPC checks: the standard health check, grpc.health.v1.Health/Check, with @grpc/grpc-js, over
// plaintext or TLS, with the monitor's service name and metadata. The two health messages have one
// field each, so they are encoded here by hand rather than generated.
import { isIP, isIPv6, type Socket } from 'node:net';
import {
  CallCredentials,
  ChannelCredentials,
  Client,
  credentials,
  Metadata,
  status as GrpcStatus,
  type ServiceError,
} from '@grpc/grpc-js';
import type { CertificateInfo, GrpcConfig } from '../../checks/check-config';
import { budgetMs, type MonitorView } from '../../monitors/monitor.view';
import { elapsed, emptyResult, statusOf, type Probe, type ProbeContext } from '../probe';
import { type ProbeResult } from '../../checks/check-types';
import {
  connectTls,
  judgeCertificate,
  secureContextFor,
  type CertificateRejectedError,
  type TlsTarget,
} from './certificate';
import { resolveHost, splitHostPort, targetFailure } from './target';

export const HEALTH_CHECK_PATH = '/grpc.health.v1.Health/Check';
export const SERVING_STATUSES = ['UNKNOWN', 'SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN'] as const;
export type ServingStatus = (typeof SERVING_STATUSES)[number];

function varint(value: number): number[] {
  const bytes: number[] = [];
  let v = value;
  while (v > 0x7f) {
    bytes.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  bytes.push(v);
  return bytes;
}

export interface HealthCheckRequest {
  service: string;
}

/** HealthCheckRequest { string service = 1; } */
export function encodeHealthRequest({ service }: HealthCheckRequest): Buffer {
  if (!service) return Buffer.alloc(0);
  const text = Buffer.from(service, 'utf8');
  return Buffer.concat([Buffer.from([0x0a, ...varint(text.length)]), text]);
}

/** HealthCheckResponse { ServingStatus status = 1; }, skipping any other field. */
export function decodeHealthResponse(bytes: Buffer): ServingStatus {
  let offset = 0;
  let status = 0;
  const readVarint = (): number => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = bytes[offset++];
      result |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result >>> 0;
      shift += 7;
    }
  };
  while (offset < bytes.length) {
    const tag = readVarint();
    const wire = tag & 7;
    if (tag >>> 3 === 1 && wire === 0) status = readVarint();
    else if (wire === 0) readVarint();
    else if (wire === 2) offset += readVarint();
    else if (wire === 5) offset += 4;
    else if (wire === 1) offset += 8;
    else break;
  }
  return SERVING_STATUSES[status] ?? 'UNKNOWN';
}

export function encodeHealthResponse(status: ServingStatus): Buffer {
  const n = SERVING_STATUSES.indexOf(status);
  return n === 0 ? Buffer.alloc(0) : Buffer.from([0x08, ...varint(n)]);
}

export function decodeHealthRequest(bytes: Buffer): HealthCheckRequest {
  if (bytes.length === 0) return { service: '' };
  let offset = 1;
  let length = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[offset++];
    length |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
    shift += 7;
  }
  return { service: bytes.subarray(offset, offset + length).toString('utf8') };
}

type SecureConnector = ReturnType<ChannelCredentials['_createSecureConnector']>;

/**
 * TLS for one check's channel through connectTls, as HTTPS and `tls` checks make it: the certificate
 * is recorded whether or not it verifies, and tls_verify is applied here. (grpc-js's own TLS
 * credentials verify inside the library and report a failed handshake as an unavailable server,
 * without the certificate.) Equal only to itself, so no other channel shares its connections.
 */
class CertificateRecordingCredentials extends ChannelCredentials {
  certificate: CertificateInfo | null = null;
  rejection: CertificateRejectedError | null = null;

  constructor(
    private readonly target: Omit<TlsTarget, 'host' | 'port' | 'socket'>,
    private readonly verify: boolean,
  ) {
    super();
  }

  override _isSecure(): boolean {
    return true;
  }

  override _equals(other: ChannelCredentials): boolean {
    return other === this;
  }

  override _createSecureConnector(
    _channelTarget: unknown,
    _options: unknown,
    callCredentials?: CallCredentials,
  ): SecureConnector {
    return {
      connect: (socket: Socket) =>
        new Promise((resolve, reject) => {
          const tls = connectTls({ ...this.target, socket, ALPNProtocols: ['h2'] });
          tls.once('secureConnect', () => {
            const verdict = judgeCertificate(tls, this.verify);
            this.certificate = verdict.certificate;
            this.rejection = verdict.rejection;
            if (verdict.rejection) {
              tls.destroy();
              reject(verdict.rejection);
            } else resolve({ socket: tls, secure: true });
          });
          tls.on('error', reject);
        }),
      waitForReady: () => Promise.resolve(),
      getCallCredentials: () => callCredentials ?? CallCredentials.createEmpty(),
      destroy: () => undefined,
    };
  }
}

export class GrpcProbe implements Probe {
  readonly kind = 'grpc' as const;

  async run(monitor: MonitorView, ctx: ProbeContext): Promise<ProbeResult> {
    const result = emptyResult();
    const config: GrpcConfig = monitor.grpc ?? { service: '', tls: false, metadata: [], expectedStatus: 'SERVING' };
    const metadata = new Metadata();
    for (const { key, value } of config.metadata) metadata.add(key.toLowerCase(), value);
    const started = performance.now();
    const { host, port } = splitHostPort(monitor.uri ?? '');
    let client: Client;
    let secure: CertificateRecordingCredentials | null = null;
    try {
      // Resolved here, like every probe's target, so the deadline and the configured resolver apply;
      // the channel then dials the address and still names the host (authority, TLS server name).
      const address = await resolveHost(host, {
        signal: ctx.signal,
        server: ctx.dnsServer,
        privateTargets: ctx.privateTargets,
      });
      const servername = isIP(host) ? undefined : host;
      secure = config.tls
        ? new CertificateRecordingCredentials(
            { servername, identity: servername ?? address, secureContext: secureContextFor(ctx.ca) },
            monitor.tlsVerify ?? true,
          )
        : null;
      const options = servername ? { 'grpc.default_authority': servername } : {};
      client = new Client(
        isIPv6(address) ? `[${address}]:${port}` : `${address}:${port}`,
        secure ?? credentials.createInsecure(),
        options,
      );
    } catch (error) {
      result.latencyMs = elapsed(started);
      result.error = targetFailure(error, ctx.signal);
      return result;
    }
    try {
      const observed = await new Promise<ServingStatus>((resolve, reject) => {
        const call = client.makeUnaryRequest(
          HEALTH_CHECK_PATH,
          encodeHealthRequest,
          decodeHealthResponse,
          // An object, not the bare string: grpc-js sends no message for a falsy argument ('').
          { service: config.service },
          metadata,
          { deadline: Date.now() + budgetMs(monitor) },
          (error: ServiceError | null, value?: ServingStatus) => {
            if (error?.code === GrpcStatus.NOT_FOUND) resolve('SERVICE_UNKNOWN');
            else if (error) reject(error);
            else resolve(value ?? 'UNKNOWN');
          },
        );
        ctx.signal.addEventListener('abort', () => call.cancel(), { once: true });
      });
      result.latencyMs = elapsed(started);
      result.details = secure
        ? { servingStatus: observed, certificate: secure.certificate }
        : { servingStatus: observed };
      const passed = observed === config.expectedStatus;
      result.assertions = [
        { type: 'status_code', comparator: 'eq', target: config.expectedStatus, actual: observed, passed },
      ];
      result.status = statusOf(result.assertions, result.latencyMs, monitor.degradedAt);
      if (!passed)
        result.error = { kind: 'assertion', message: `serving status ${observed}, expected ${config.expectedStatus}` };
    } catch (error) {
      const e = error as ServiceError;
      result.latencyMs = elapsed(started);
      // A certificate that did not verify is recorded all the same (its expiry is still news).
      if (secure?.certificate) result.details = { certificate: secure.certificate };
      if (secure?.rejection) {
        // `tls`, as the HTTP and TLS probes say it: the certificate is the reason, not the network.
        result.error = { kind: 'tls', message: secure.rejection.message };
      } else if (ctx.signal.aborted || e.code === GrpcStatus.DEADLINE_EXCEEDED || e.code === GrpcStatus.CANCELLED) {
        result.error = { kind: 'timeout', message: 'the health check did not answer within the timeout' };
      } else if (e.code === GrpcStatus.UNAVAILABLE) {
        result.error = { kind: 'connect', message: `gRPC server unavailable: ${e.details}` };
      } else {
        result.error = {
          kind: 'protocol',
          message: `health check failed: ${GrpcStatus[e.code] ?? e.code} ${e.details ?? ''}`.trim(),
        };
      }
    } finally {
      client.close();
    }
    return result;
  }
}
