// The value vocabularies of OpenStatus's monitors-as-code file (openstatus.yaml, read by
// `openstatus monitors apply`) next to this service's: regions, frequencies and assertion comparators.
// Kept apart from the parser so the tables read as tables.
import { type NumberComparator, type Region, type StringComparator } from '../../checks/check-config';

/**
 * OpenStatus region codes that have a twin here. OpenStatus names Fly.io regions by their bare airport
 * code and Koyeb/Railway ones with an underscore (Railway's with the zone suffix too); the provider
 * prefix here is what tells them apart.
 */
export const OPENSTATUS_REGIONS: Readonly<Record<string, Region>> = {
  ams: 'fly-ams',
  arn: 'fly-arn',
  bom: 'fly-bom',
  cdg: 'fly-cdg',
  dfw: 'fly-dfw',
  ewr: 'fly-ewr',
  fra: 'fly-fra',
  gru: 'fly-gru',
  iad: 'fly-iad',
  jnb: 'fly-jnb',
  lax: 'fly-lax',
  lhr: 'fly-lhr',
  nrt: 'fly-nrt',
  ord: 'fly-ord',
  sjc: 'fly-sjc',
  sin: 'fly-sin',
  syd: 'fly-syd',
  yyz: 'fly-yyz',
  koyeb_fra: 'koyeb-fra',
  koyeb_par: 'koyeb-par',
  koyeb_sfo: 'koyeb-sfo',
  koyeb_sin: 'koyeb-sin',
  koyeb_tyo: 'koyeb-tyo',
  koyeb_was: 'koyeb-was',
  'railway_us-west2': 'railway-us-west2',
  'railway_us-east4-eqdc4a': 'railway-us-east4',
  'railway_europe-west4-drams3a': 'railway-europe-west4',
  'railway_asia-southeast1-eqsg3a': 'railway-asia-southeast1',
};

/**
 * Seconds of a frequency written as Go/OpenStatus durations (`30s`, `5m`, `1h`, `1h30m`) or a bare
 * number of seconds; null when it is neither.
 */
export function frequencySeconds(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (!/^(?:\d+(?:\.\d+)?(?:h|m|s|ms))+$/.test(text)) return null;
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    seconds += Number(amount) * { h: 3600, m: 60, s: 1, ms: 0.001 }[unit as 'h' | 'm' | 's' | 'ms'];
  }
  return seconds > 0 ? seconds : null;
}

export { nearestPeriodicity } from './source-periodicity';

/** OpenStatus's `compare` values on a status code: the six order relations (`not_eq` is our `neq`). */
export const NUMBER_COMPARES: Readonly<Record<string, NumberComparator>> = {
  eq: 'eq',
  not_eq: 'neq',
  gt: 'gt',
  gte: 'gte',
  lt: 'lt',
  lte: 'lte',
};

/** OpenStatus's `compare` values on a text body or header: all ten have a twin here. */
export const STRING_COMPARES: Readonly<Record<string, StringComparator>> = {
  ...NUMBER_COMPARES,
  contains: 'contains',
  not_contains: 'not_contains',
  empty: 'empty',
  not_empty: 'not_empty',
};
