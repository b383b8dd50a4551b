// HTTP(S) checks with undici. Each check opens a fresh connection through our own connector, so the
// phases are measured from real events: DNS lookup, TCP connect, TLS handshake, first response byte
// (ttfb) and the body (transfer). Redirects are followed by hand (at most 10) when asked.
import { connect as netConnect, isIP, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Client, type Dispatcher } from 'undici';
import { isCredentialHeader } from '../../common/credential-headers';
import { judgeHttp, judgeJson, judgeTiming } from '../assertions';
import { elapsed, emptyResult, failedAssertionMessage, statusOf, type Probe, type ProbeContext } from '../probe';
import { type ProbeResult } from '../../checks/check-types';
import type { CertificateInfo } from '../../checks/check-config';
import type { MonitorView } from '../../monitors/monitor.view';
import { CertificateRejectedError, connectTls, judgeCertificate, secureContextFor } from './certificate';
import { NameResolutionError, resolveHost, TargetRefusedError } from './target';

/** Bytes of the body kept for body assertions; the rest is read and discarded. */
export const BODY_CAP_BYTES = 256 * 1024;
export const MAX_REDIRECTS = 10;

/**
 * What a finished check's client is destroyed with. Without one, undici makes a ClientDestroyedError
 * per check, and its stack trace cost ~5% of a fresh HTTPS check's CPU; no request is pending then,
 * so nothing ever reports it.
 */
const CHECK_DONE = Object.assign(new Error('the check is over'), { code: 'CHECK_DONE' });

/** Response headers as a result records them: lower-case names, credential values hidden. */
export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const name = key.toLowerCase();
    out[name] = isCredentialHeader(name) ? '[redacted]' : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

interface Hop {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  timings: { dns: number; connect: number; tls: number; ttfb: number; transfer: number };
  /** The leaf certificate of an HTTPS hop; null over plain HTTP. */
  certificate: CertificateInfo | null;
}

function classify(
  error: unknown,
  signal: AbortSignal,
): { kind: 'dns' | 'connect' | 'tls' | 'timeout' | 'http' | 'refused'; message: string } {
  const e = error as NodeJS.ErrnoException & { code?: string };
  if (error instanceof TargetRefusedError) return { kind: 'refused', message: error.message };
  if (error instanceof CertificateRejectedError) return { kind: 'tls', message: error.message };
  if (signal.aborted) return { kind: 'timeout', message: 'the check did not finish within its timeout' };
  const code = e?.code ?? '';
  if (error instanceof NameResolutionError) return { kind: 'dns', message: error.message };
  if (
    code.startsWith('ERR_TLS') ||
    code.includes('CERT') ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    code === 'SELF_SIGNED_CERT_IN_CHAIN'
  ) {
    return { kind: 'tls', message: `TLS failed: ${e.message}` };
  }
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return { kind: 'connect', message: `connection failed: ${code}` };
  }
  return { kind: 'http', message: e?.message ?? String(error) };
}

async function requestOnce(url: URL, method: string, monitor: MonitorView, ctx: ProbeContext): Promise<Hop> {
  const https = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (https ? 443 : 80));
  const start = performance.now();
  const address = await resolveHost(host, {
    signal: ctx.signal,
    server: ctx.dnsServer,
    privateTargets: ctx.privateTargets,
  });
  const dns = elapsed(start);
  let connectAt = 0;
  let tlsAt = 0;
  let certificate: CertificateInfo | null = null;
  const verify = monitor.tlsVerify ?? true;

  const client = new Client(url.origin, {
    pipelining: 0,
    connect: (_options, callback) => {
      let socket: Socket | TLSSocket;
      const fail = (error: Error) => callback(error, null);
      if (https) {
        const servername = isIP(host) ? undefined : host;
        const tls = connectTls({
          host: address,
          port,
          servername,
          identity: servername ?? address,
          secureContext: secureContextFor(ctx.ca),
          ALPNProtocols: ['http/1.1'],
        });
        tls.once('connect', () => (connectAt = performance.now()));
        tls.once('secureConnect', () => {
          tlsAt = performance.now();
          const verdict = judgeCertificate(tls, verify);
          certificate = verdict.certificate;
          if (verdict.rejection) {
            tls.destroy();
            return fail(verdict.rejection);
          }
          // From here on the connection is undici's, and so are its errors.
          tls.off('error', fail);
          callback(null, tls);
        });
        socket = tls;
      } else {
        socket = netConnect({ host: address, port });
        socket.once('connect', () => {
          connectAt = performance.now();
          socket.off('error', fail);
          callback(null, socket);
        });
      }
      socket.once('error', fail);
      socket.setNoDelay(true);
    },
  });
  try {
    const response = await exchange(
      client,
      {
        path: `${url.pathname}${url.search}`,
        method: method,
        headers: Object.fromEntries(monitor.headers.map((h) => [h.key, h.value])),
        body: ['GET', 'HEAD'].includes(method) || monitor.body === '' ? undefined : monitor.body,
      },
      ctx.signal,
    );
    const connectStart = start + dns;
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
      certificate,
      timings: {
        dns,
        connect: Math.max(0, Math.round(connectAt - connectStart)),
        tls: https ? Math.max(0, Math.round(tlsAt - connectAt)) : 0,
        ttfb: Math.max(0, Math.round(response.headersAt - (https ? tlsAt : connectAt))),
        transfer: Math.max(0, Math.round(response.endAt - response.headersAt)),
      },
    };
  } finally {
    await client.destroy(CHECK_DONE).catch(() => undefined);
  }
}

interface Exchange {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  headersAt: number;
  endAt: number;
}

/**
 * One request through undici's handler interface (no response stream objects: cheaper, which counts
 * at a thousand fresh connections a second). Keeps the first BODY_CAP_BYTES of the body; the signal
 * aborts the request wherever it is.
 */
function exchange(client: Client, options: Dispatcher.DispatchOptions, signal: AbortSignal): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    let statusCode = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    let headersAt = 0;
    const chunks: Buffer[] = [];
    let kept = 0;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) return reject(error);
      resolve({
        statusCode,
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        headersAt,
        endAt: performance.now(),
      });
    };
    function onAbort(): void {
      finish(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      void client.destroy().catch(() => undefined);
    }
    signal.addEventListener('abort', onAbort, { once: true });
    client.dispatch(options, {
      // Its presence selects undici's controller-style handler interface.
      onRequestStart() {},
      onResponseStart(_controller, code, responseHeaders) {
        headersAt = performance.now();
        statusCode = code;
        headers = responseHeaders;
      },
      onResponseData(_controller, chunk) {
        if (kept >= BODY_CAP_BYTES) return;
        const part = chunk.subarray(0, BODY_CAP_BYTES - kept);
        chunks.push(part);
        kept += part.length;
      },
      onResponseEnd: () => finish(null),
      onResponseError: (_controller, error) => finish(error),
    });
  });
}

export class HttpProbe implements Probe {
  readonly kind = 'http' as const;

  async run(monitor: MonitorView, ctx: ProbeContext): Promise<ProbeResult> {
    const result = emptyResult();
    const start = performance.now();
    let url = new URL(monitor.url ?? '');
    let method = monitor.method;
    try {
      for (let hop = 0; ; hop++) {
        const response = await requestOnce(url, method, monitor, ctx);
        const location = response.headers.location;
        if (
          monitor.followRedirects &&
          response.statusCode >= 300 &&
          response.statusCode < 400 &&
          typeof location === 'string'
        ) {
          if (hop >= MAX_REDIRECTS)
            throw Object.assign(new Error(`more than ${MAX_REDIRECTS} redirects`), { code: 'ETOOMANYREDIRECTS' });
          url = new URL(location, url);
          if (
            response.statusCode === 303 ||
            ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
          )
            method = 'GET';
          continue;
        }
        result.latencyMs = elapsed(start);
        result.statusCode = response.statusCode;
        result.timings = response.timings;
        result.headers = redactHeaders(response.headers);
        result.url = url.toString();
        result.details = {
          certificate: response.certificate,
          // Kept beside `certificate` for readers of results stored before it.
          certificateValidTo: response.certificate?.notAfter ?? null,
          redirects: hop,
        };
        // Assertions see the real header values; what is kept of them is redacted like the headers.
        const realHeaders = Object.fromEntries(
          Object.entries(response.headers).map(([k, v]) => [
            k.toLowerCase(),
            Array.isArray(v) ? v.join(', ') : (v ?? ''),
          ]),
        );
        result.assertions = judgeHttp(
          { statusCode: response.statusCode, headers: realHeaders, body: response.body },
          { statusCode: monitor.statusCodeAssertions, body: monitor.bodyAssertions, header: monitor.headerAssertions },
        )
          .map((a) =>
            a.type === 'header' && a.key && isCredentialHeader(a.key) && a.actual !== null
              ? { ...a, actual: '[redacted]' }
              : a,
          )
          .concat(
            judgeJson(response.body, monitor.jsonAssertions ?? [], BODY_CAP_BYTES),
            // The phases are the last request's; `total` is the whole check, redirects included.
            judgeTiming({ timings: response.timings, latencyMs: result.latencyMs }, monitor.timingAssertions ?? []),
          );
        result.status = statusOf(result.assertions, result.latencyMs, monitor.degradedAt);
        if (result.status === 'error')
          result.error = { kind: 'assertion', message: failedAssertionMessage(result.assertions) };
        return result;
      }
    } catch (error) {
      result.latencyMs = elapsed(start);
      result.url = url.toString();
      result.error = classify(error, ctx.signal);
      result.status = 'error';
      // A certificate that did not verify is recorded all the same (its expiry is still news).
      if (error instanceof CertificateRejectedError && error.certificate)
        result.details = { certificate: error.certificate, certificateValidTo: error.certificate.notAfter };
      return result;
    }
  }
}
