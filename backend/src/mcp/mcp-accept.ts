// Content negotiation for /mcp. The SDK transport answers 406 unless Accept lists both
// application/json and text/event-stream, which `Accept: */*` (curl, many HTTP libraries) and
// `Accept: application/json` do not. The endpoint reads Accept as RFC 9110 §12.5.1 does, picks the
// form of the answer, then hands the transport an Accept it takes.
import type { IncomingMessage } from 'node:http';
import { mediaRanges, qualityOf, type MediaRange } from '../http/accept';

/** What the transport is given once the endpoint has chosen the form of the answer. */
export const ACCEPT_BOTH = 'application/json, text/event-stream';

/** Whether `mime` is acceptable: the most specific range that matches it decides (q=0 refuses). */
function allows(ranges: MediaRange[], mime: string): boolean {
  return qualityOf(ranges, mime) > 0;
}

/**
 * The form of the answer an Accept header allows: JSON when it allows application/json (no header,
 * or one without any valid media range, allows anything), else an SSE stream when it allows
 * text/event-stream, else null (406).
 */
export function acceptedAnswer(accept: string | undefined): 'json' | 'sse' | null {
  const ranges = mediaRanges(accept);
  if (!ranges.length) return 'json';
  if (allows(ranges, 'application/json')) return 'json';
  if (allows(ranges, 'text/event-stream')) return 'sse';
  return null;
}

/**
 * Sets the Accept the SDK transport reads. It builds a web Request from the raw header list
 * (`rawHeaders`), so both the parsed headers and that list are rewritten.
 */
export function replaceAccept(request: IncomingMessage, accept: string): void {
  request.headers.accept = accept;
  const raw: string[] = [];
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) {
    const [name, value] = [request.rawHeaders[i], request.rawHeaders[i + 1]];
    if (name.toLowerCase() !== 'accept') raw.push(name, value);
  }
  raw.push('Accept', accept);
  request.rawHeaders.splice(0, request.rawHeaders.length, ...raw);
}
