// SVG status badges of a page ("status | operational") and of a component ("<name> | <status>"), in
// the look READMEs expect: a grey label and a coloured value. Text is escaped, and the width comes
// from a per-character width table (Verdana 11px, the font badges are drawn with), so no font
// metrics are needed at run time.
import type { ComponentStatus, OverallStatus } from '../public-page.types';
import { escapeXml } from './feeds';

export const BADGE_STYLES = ['flat', 'flat-square'] as const;
export type BadgeStyle = (typeof BADGE_STYLES)[number];

/** Characters of a `?label=` override at most; a badge is one short line. */
export const BADGE_LABEL_MAX = 40;

const STATUS_TEXT: Record<OverallStatus | ComponentStatus, string> = {
  operational: 'operational',
  degraded: 'degraded',
  partial_outage: 'partial outage',
  major_outage: 'major outage',
  outage: 'outage',
  maintenance: 'maintenance',
  unknown: 'unknown',
};

const STATUS_COLOUR: Record<OverallStatus | ComponentStatus, string> = {
  operational: '#2e8540',
  degraded: '#a36a00',
  partial_outage: '#c2410c',
  major_outage: '#c53030',
  outage: '#c53030',
  maintenance: '#2b6cb0',
  unknown: '#6b7280',
};

const LABEL_COLOUR = '#555';

// Approximate advance widths in pixels of Verdana at 11px, by character class. Characters not
// listed (accents, other scripts) take the width of a wide lowercase letter, so text never overflows.
const WIDTHS: Array<[string, number]> = [
  ["il.,:;!|'", 3.2],
  ['fjtI()[]', 4.2],
  [' r-/', 4.8],
  ['abcdeghknopqsuvxyz?', 6.8],
  ['0123456789$#*+<=>^_~', 7],
  ['ABCEFJKLPRSTXYZ&', 7.6],
  ['DGHNOQUV', 8.4],
  ['mMw', 10.4],
  ['W%@', 11.6],
];
const WIDTH_OF = new Map<string, number>(WIDTHS.flatMap(([chars, width]) => [...chars].map((c) => [c, width])));
const DEFAULT_WIDTH = 7.4;

export function textWidth(text: string): number {
  let width = 0;
  for (const c of text) width += WIDTH_OF.get(c) ?? DEFAULT_WIDTH;
  return Math.ceil(width);
}

/**
 * A `?label=` value made fit for a badge: one line, no control characters, trimmed, at most
 * BADGE_LABEL_MAX characters; null when nothing usable is left (the default label is used).
 */
export function sanitizeLabel(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const bounded = [...cleaned].slice(0, BADGE_LABEL_MAX).join('').trim();
  return bounded || null;
}

export function badgeStyle(value: unknown): BadgeStyle {
  return value === 'flat-square' ? 'flat-square' : 'flat';
}

export interface BadgeInput {
  label: string;
  status: OverallStatus | ComponentStatus;
  style: BadgeStyle;
}

export function statusText(status: OverallStatus | ComponentStatus): string {
  return STATUS_TEXT[status];
}

export function renderBadge({ label, status, style }: BadgeInput): string {
  const value = STATUS_TEXT[status];
  const padding = 6;
  const labelWidth = textWidth(label) + 2 * padding;
  const valueWidth = textWidth(value) + 2 * padding;
  const width = labelWidth + valueWidth;
  const radius = style === 'flat' ? 3 : 0;
  const title = escapeXml(`${label}: ${value}`);
  const gradient =
    style === 'flat'
      ? `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`
      : '';
  const shine = style === 'flat' ? `<rect width="${width}" height="20" fill="url(#s)"/>` : '';
  const text = (x: number, t: string) =>
    `<text x="${x}" y="15" fill="#010101" fill-opacity=".3">${escapeXml(t)}</text><text x="${x}" y="14">${escapeXml(t)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${title}">
<title>${title}</title>
${gradient}<clipPath id="r"><rect width="${width}" height="20" rx="${radius}" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${labelWidth}" height="20" fill="${LABEL_COLOUR}"/><rect x="${labelWidth}" width="${valueWidth}" height="20" fill="${STATUS_COLOUR[status]}"/>${shine}</g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">${text(labelWidth / 2, label)}${text(labelWidth + valueWidth / 2, value)}</g>
</svg>
`;
}
