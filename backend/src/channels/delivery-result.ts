// What one attempt to deliver an alert through a channel came to, as every sender reports it.

export interface DeliveryResult {
  ok: boolean;
  /** HTTP status of the receiver's answer (null for e-mail and when none arrived). */
  status: number | null;
  /** The receiver's answer, at most 2 KiB, credentials of the channel removed. */
  response: string;
  /** Transient: 5xx, 429, timeout, network. 4xx, refused targets and missing configuration are final. */
  retryable: boolean;
  /** From a 429's Retry-After (or the provider's own field); null when none was given. */
  retryAfterMs: number | null;
  /** Why the delivery failed, without credentials; null when ok. */
  error: string | null;
}

/** A result that never reached a receiver: configuration missing or the target refused. */
export function finalFailure(error: string): DeliveryResult {
  return { ok: false, status: null, response: '', retryable: false, retryAfterMs: null, error };
}
