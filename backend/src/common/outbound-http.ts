// The one HTTP client for URLs users typed: alert channels and OpenTelemetry export. A POST bounded by
// the caller's deadline (AbortSignal: name resolution, connection, request and answer), the answer read
// up to a cap, no redirect followed, and the private-address rule: such a URL is refused when its host
// is, or resolves to, a private, loopback, link-local or reserved address, unless allowPrivateTargets.
// The check runs inside the connection's own name lookup, so the socket connects to exactly the
// address that was checked (DNS rebinding cannot swap it). Operator-configured URLs are trusted.
import {
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { addressProblem, checkedLookup, ipLiteralOf } from './network-addresses';

/** Bytes of an answer read at most; the rest is dropped. */
export const RESPONSE_READ_LIMIT = 16 * 1024;
export const OUTBOUND_USER_AGENT = 'uptime-service-alerts/1';

export type OutboundFailure = 'invalid_url' | 'invalid_request' | 'refused' | 'timeout' | 'network';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  /** POST unless told: Matrix sends an event with an idempotent PUT. */
  method?: 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body: string;
  /** A URL a user typed into a channel: the private-address rule applies (unless allowPrivateTargets). */
  userUrl: boolean;
  signal: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** At most RESPONSE_READ_LIMIT bytes, as UTF-8. */
  body: string;
}

export interface OutboundHttpOptions {
  allowPrivateTargets: boolean;
  /** Extra trusted CAs (PEM) for https receivers. */
  ca?: string | Buffer;
  /** What a refusal tells the user to do, after `refused: <why>; ` (default: the alerts' advice). */
  refusalAdvice?: string;
  /** The User-Agent sent unless the request names one (default OUTBOUND_USER_AGENT). */
  userAgent?: string;
}

export class OutboundHttp {
  constructor(private readonly options: OutboundHttpOptions) {}

  /** POSTs (or PUTs) the body; rejects with OutboundError when no answer arrived (any status is an answer). */
  post(request: OutboundRequest): Promise<OutboundResponse> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return Promise.reject(new OutboundError('invalid_url', 'the URL is not a valid URL'));
    }
    const host = url.host;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return Promise.reject(new OutboundError('invalid_url', 'the URL must use http or https'));
    }
    const checked = request.userUrl && !this.options.allowPrivateTargets;
    if (checked) {
      // An address literal never reaches the lookup: check it here, before any connection.
      const literal = ipLiteralOf(url.hostname);
      const problem = literal ? addressProblem(literal, false) : null;
      if (problem) return Promise.reject(new OutboundError('refused', this.refusal(`the host ${problem}`)));
    }
    const { signal } = request;
    if (signal.aborted) return Promise.reject(timeout(host));
    const body = Buffer.from(request.body, 'utf8');
    const options: RequestOptions = {
      method: request.method ?? 'POST',
      headers: headersOf(this.options.userAgent ?? OUTBOUND_USER_AGENT, request.headers, body.length),
      signal,
      // A fresh connection per send: its lookup runs the check, which a pooled socket would skip.
      agent: false,
      ...(checked ? { lookup: checkedLookup(false, (m) => new OutboundError('refused', this.refusal(m))) } : {}),
      ...(this.options.ca && url.protocol === 'https:' ? { ca: this.options.ca } : {}),
    };
    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      const settle = (action: () => void) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        action();
      };
      const fail = (error: unknown) =>
        settle(() => {
          if (error instanceof OutboundError) reject(error);
          else if (signal.aborted) reject(timeout(host));
          else reject(new OutboundError('network', `could not reach ${host}: ${networkReason(error)}`));
        });
      const onAbort = () => {
        req.destroy();
        fail(timeout(host));
      };
      const onResponse = (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          settle(() =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        response.on('data', (chunk: Buffer) => {
          const room = RESPONSE_READ_LIMIT - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= RESPONSE_READ_LIMIT) {
            // Enough to show what the receiver said; the rest is not read.
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', fail);
        response.on('aborted', () => fail(new Error('the answer was cut off')));
      };
      let req: ClientRequest;
      try {
        req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, onResponse);
      } catch (error) {
        // Node refuses header names and values with characters HTTP does not allow before sending.
        const code = (error as NodeJS.ErrnoException).code ?? 'invalid';
        settle(() => reject(new OutboundError('invalid_request', `the request could not be built (${code})`)));
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      req.on('error', fail);
      req.end(body);
    });
  }

  private refusal(problem: string): string {
    return `refused: ${problem}; ${this.options.refusalAdvice ?? ALERT_REFUSAL_ADVICE}`;
  }
}

export const ALERT_REFUSAL_ADVICE = 'set ALLOW_PRIVATE_TARGETS=true to send alerts into a private network';

/** Header names lower-cased, so a channel's `User-Agent` replaces ours instead of doubling it. */
function headersOf(
  userAgent: string,
  given: Record<string, string> | undefined,
  length: number,
): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': userAgent };
  for (const [key, value] of Object.entries(given ?? {})) headers[key.toLowerCase()] = value;
  headers['content-length'] = String(length);
  return headers;
}

const timeout = (host: string) => new OutboundError('timeout', `${host} did not answer before the deadline`);

function networkReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code) return code;
  return error instanceof Error ? error.message : String(error);
}
