// Small formatting helpers shared by the senders: length limits of the providers and colours.
import type { MessageKind } from './alert-message';

/** The text cut to `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** Colour of the alert kind as 0xRRGGBB: red, amber, green, blue, orange. */
export function colorOf(kind: MessageKind): number {
  switch (kind) {
    case 'down':
      return 0xd92d20;
    case 'degraded':
      return 0xf79009;
    case 'recovered':
      return 0x12b76a;
    case 'test':
      return 0x2e90fa;
    case 'certificate':
      return 0xdc6803;
  }
}

/** Seconds as milliseconds from a JSON field of a provider's 429 body (`retry_after`), or null. */
export function retryAfterField(read: (body: Record<string, unknown>) => unknown): (body: string) => number | null {
  return (body) => {
    try {
      const value = read(JSON.parse(body) as Record<string, unknown>);
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value * 1000) : null;
    } catch {
      return null;
    }
  };
}
