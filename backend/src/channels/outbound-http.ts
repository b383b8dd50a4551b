// How alert senders use the outbound HTTP client (common/outbound-http.ts): an answer or a failure
// becomes a DeliveryResult: 2xx ok; 429 retryable after its Retry-After; 5xx, timeouts and network
// errors retryable; other statuses (4xx, a redirect) final. Messages name the host only, never the
// path or query (Slack, Discord and Telegram keep credentials there), and every credential the sender
// names is removed from the receiver's answer.
import { OutboundError, OutboundHttp, type OutboundRequest, type OutboundResponse } from '../common/outbound-http';
import type { DeliveryResult } from './delivery-result';

export { OutboundError, OutboundHttp, type OutboundRequest, type OutboundResponse };

/** Bytes of an answer kept in a DeliveryResult. */
export const RESPONSE_TEXT_LIMIT = 2048;

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
