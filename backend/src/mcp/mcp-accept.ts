// Content negotiation for /mcp. The SDK transport answers 406 unless Accept lists both
// application/json and text/event-stream, which `Accept: */*` (curl, many HTTP libraries) and
// `Accept: application/json` do not. The endpoint reads Accept as RFC 9110 §12.5.1 does, picks the
// form of the answer, then hands the transport an Accept it takes.
import type { IncomingMessage } from 'node:http';

/** What the transport is given once the endpoint has chosen the form of the answer. */
export const ACCEPT_BOTH = 'application/json, text/event-stream';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function rangesOf(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const [type, subtype] = range.split('/');
    if (!type || !subtype) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    ranges.push({ type, subtype, q: Number.isNaN(weight) ? 1 : weight });
  }
  return ranges;
}

/** Whether `mime` is acceptable: the most specific range that matches it decides (q=0 refuses). */
function allows(ranges: MediaRange[], mime: string): boolean {
  const [type, subtype] = mime.split('/');
  const specificity = (r: MediaRange) =>
    r.type === type && r.subtype === subtype ? 3 : r.type === type && r.subtype === '*' ? 2 : r.type === '*' ? 1 : 0;
  let best: MediaRange | undefined;
  for (const r of ranges) {
    if (specificity(r) > 0 && (!best || specificity(r) > specificity(best))) best = r;
  }
  return best !== undefined && best.q > 0;
}

/**
 * The form of the answer an Accept header allows: JSON when it allows application/json (no header,
 * or one without any valid media range, allows anything), else an SSE stream when it allows
 * text/event-stream, else null (406).
 */
export function acceptedAnswer(accept: string | undefined): 'json' | 'sse' | null {
  const ranges = rangesOf(accept ?? '');
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
