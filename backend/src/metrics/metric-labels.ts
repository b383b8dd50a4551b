// The labels of the per-monitor series and their bounds. A Prometheus series is one set of label
// values, so every label here is bounded: free text is cut to a fixed length, tags become one label
// (sorted, so the same tags are the same series whatever their order), and the status and result
// labels take a fixed handful of values. README "Prometheus metrics" documents the same numbers.
import type { MonitorKind } from '../checks/check-config';

/** Characters of `monitor_name` kept; a longer name is cut and ends with `…`. */
export const NAME_LABEL_MAX = 64;
/** Characters of `tags` kept; longer lists are cut at a tag boundary and end with `,…`. */
export const TAGS_LABEL_MAX = 128;

export interface MonitorLabels {
  monitor_id: string;
  monitor_name: string;
  kind: MonitorKind;
  region: string;
  workspace: string;
  tags: string;
}

/** The name, cut to NAME_LABEL_MAX characters (code points, so a cut never splits a character). */
export function nameLabel(name: string): string {
  const chars = [...name];
  return chars.length <= NAME_LABEL_MAX ? name : `${chars.slice(0, NAME_LABEL_MAX - 1).join('')}…`;
}

/**
 * The tags as one label: distinct, sorted, joined with commas, and cut at the last whole tag that
 * fits in TAGS_LABEL_MAX characters (with `,…` saying tags were left out). Empty without tags.
 */
export function tagsLabel(tags: readonly string[]): string {
  const sorted = [...new Set(tags)].sort();
  const whole = sorted.join(',');
  if ([...whole].length <= TAGS_LABEL_MAX) return whole;
  let kept = '';
  for (const tag of sorted) {
    const next = kept ? `${kept},${tag}` : tag;
    if ([...next].length + 2 > TAGS_LABEL_MAX) break;
    kept = next;
  }
  return kept ? `${kept},…` : '…';
}
