// The one HTTP client alert senders use. A POST bounded by the caller's deadline (AbortSignal: name
// resolution, connection, request and answer), the answer read up to a cap, no redirect followed, and
// the private-address rule for URLs users typed: such a URL is refused when its host is, or resolves
// to, a private, loopback, link-local or unique-local address, unless allowPrivateTargets. The check
// runs inside the connection's own name lookup, so the socket connects to exactly the address that
// was checked (DNS rebinding cannot swap it). Provider base URLs from configuration are trusted.
//
// It also turns an answer or a failure into a DeliveryResult: 2xx ok; 429 retryable after its
// Retry-After; 5xx, timeouts and network errors retryable; other statuses (4xx, a redirect) final.
// Messages name the host only, never the path or query (Slack, Discord and Telegram keep credentials
// there), and every credential the sender names is removed from the receiver's answer.
import {
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { addressProblem, checkedLookup, ipLiteralOf } from '../common/network-addresses';
import type { DeliveryResult } from './channels/delivery-result';

/** Bytes of an answer read at most; the rest is dropped. */
export const RESPONSE_READ_LIMIT = 16 * 1024;
/** Bytes of an answer kept in a DeliveryResult. */
export const RESPONSE_TEXT_LIMIT = 2048;
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
}

export class OutboundHttp {
  constructor(private readonly options: OutboundHttpOptions) {}

  /** POSTs the body; rejects with OutboundError when no answer arrived (any status is an answer). */
  post(request: OutboundRequest): Promise<OutboundResponse> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return Promise.reject(new OutboundError('invalid_url', 'the channel URL is not a valid URL'));
    }
    const host = url.host;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return Promise.reject(new OutboundError('invalid_url', `the channel URL must use http or https`));
    }
    const checked = request.userUrl && !this.options.allowPrivateTargets;
    if (checked) {
      // An address literal never reaches the lookup: check it here, before any connection.
      const literal = ipLiteralOf(url.hostname);
      const problem = literal ? addressProblem(literal, false) : null;
      if (problem) return Promise.reject(new OutboundError('refused', refusal(`the host ${problem}`)));
    }
    const { signal } = request;
    if (signal.aborted) return Promise.reject(timeout(host));
    const body = Buffer.from(request.body, 'utf8');
    const options: RequestOptions = {
      method: 'POST',
      headers: headersOf(request.headers, body.length),
      signal,
      // A fresh connection per send: its lookup runs the check, which a pooled socket would skip.
      agent: false,
      ...(checked ? { lookup: checkedLookup(false, (m) => new OutboundError('refused', refusal(m))) } : {}),
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
}

/** Header names lower-cased, so a channel's `User-Agent` replaces ours instead of doubling it. */
function headersOf(given: Record<string, string> | undefined, length: number): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': OUTBOUND_USER_AGENT };
  for (const [key, value] of Object.entries(given ?? {})) headers[key.toLowerCase()] = value;
  headers['content-length'] = String(length);
  return headers;
}

const refusal = (problem: string) =>
  `refused: ${problem}; set ALLOW_PRIVATE_TARGETS=true to send alerts into a private network`;

const timeout = (host: string) => new OutboundError('timeout', `${host} did not answer before the deadline`);

function networkReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code) return code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Milliseconds to wait from a Retry-After header: delay-seconds or an HTTP date (RFC 9110 §10.2.3);
 * null when absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** The text with every credential replaced by `[redacted]` (empty and very short values are ignored). */
export function redact(text: string, secrets: ReadonlyArray<string | null | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    out = out.split(secret).join('[redacted]');
    // As it appears in a URL or a form body a receiver may echo.
    const forms = new Set([encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]);
    for (const form of forms) if (form !== secret) out = out.split(form).join('[redacted]');
  }
  return out;
}

/** At most RESPONSE_TEXT_LIMIT bytes of UTF-8, cut on a character boundary. */
export function truncateText(text: string, limit = RESPONSE_TEXT_LIMIT): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return text;
  let end = limit;
  // Step back over continuation bytes so no character is cut in half.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

export interface ResultOptions {
  /** Credentials of the channel and the configuration, removed from the answer and the error. */
  secrets?: ReadonlyArray<string | null | undefined>;
  /** Delay a provider gives in its body instead of a header (Telegram, Discord), in ms. */
  retryAfterFromBody?: (body: string) => number | null;
  now?: number;
}

/** The DeliveryResult of an answer (see the file comment for the classification). */
export function resultOf(host: string, response: OutboundResponse, options: ResultOptions = {}): DeliveryResult {
  const { status } = response;
  const secrets = options.secrets ?? [];
  const text = truncateText(redact(response.body, secrets));
  const result = (ok: boolean, retryable: boolean, error: string | null, retryAfterMs: number | null = null) => ({
    ok,
    status,
    response: text,
    retryable,
    retryAfterMs,
    error: error === null ? null : redact(error, secrets),
  });
  if (status >= 200 && status < 300) return result(true, false, null);
  if (status === 429) {
    const retryAfterMs =
      parseRetryAfter(response.headers['retry-after'], options.now) ??
      options.retryAfterFromBody?.(response.body) ??
      null;
    return result(false, true, `${host} answered HTTP 429 (too many requests)`, retryAfterMs);
  }
  if (status >= 500) return result(false, true, `${host} answered HTTP ${status}`);
  if (status >= 300 && status < 400) {
    return result(false, false, `${host} answered a redirect (HTTP ${status}); redirects are not followed`);
  }
  return result(false, false, `${host} answered HTTP ${status}`);
}

/** The DeliveryResult of a send that got no answer. */
export function failureOf(error: unknown, secrets: ReadonlyArray<string | null | undefined> = []): DeliveryResult {
  const outbound = error instanceof OutboundError ? error : null;
  const retryable = outbound ? outbound.failure === 'timeout' || outbound.failure === 'network' : false;
  const message = outbound ? outbound.message : 'the alert could not be sent';
  return { ok: false, status: null, response: '', retryable, retryAfterMs: null, error: redact(message, secrets) };
}

/** Host of a URL for messages (no path, query or credentials); `the receiver` when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the receiver';
  }
}

/**
 * The credentials a channel URL carries: the whole URL (Slack, Discord and Grafana keep a token in the
 * path), each query value (Google Chat's key and token, a Teams workflow's signature) and a password.
 */
export function urlSecrets(url: string): string[] {
  const secrets = [url];
  try {
    const parsed = new URL(url);
    secrets.push(...parsed.searchParams.values());
    if (parsed.password) secrets.push(decodeURIComponent(parsed.password));
  } catch {
    // A URL that does not parse is never sent; nothing else to remove.
  }
  return secrets;
}

/** POSTs and classifies: what every HTTP sender calls. Never rejects. */
export async function deliver(
  http: OutboundHttp,
  request: OutboundRequest,
  options: ResultOptions = {},
): Promise<DeliveryResult> {
  try {
    const response = await http.post(request);
    return resultOf(hostOf(request.url), response, options);
  } catch (error) {
    return failureOf(error, options.secrets);
  }
}

/** `Content-Type: application/json` POST of a JSON body. */
export function postJson(
  http: OutboundHttp,
  url: string,
  payload: unknown,
  extra: { signal: AbortSignal; userUrl: boolean; headers?: Record<string, string> },
  options: ResultOptions = {},
): Promise<DeliveryResult> {
  return deliver(
    http,
    {
      url,
      body: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...extra.headers },
      userUrl: extra.userUrl,
      signal: extra.signal,
    },
    options,
  );
}
