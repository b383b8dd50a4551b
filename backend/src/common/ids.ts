/**
 * Entity ids are bigint identities shown as decimal strings. Anything else cannot name an entity,
 * so lookups answer "not found" without asking the database (and without a cast error).
 */
export function isEntityId(value: string): boolean {
  return /^[1-9]\d{0,17}$/.test(value);
}

/** The same ids in any order (each list free of repeats, as the schemas ensure). */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const sorted = [...b].sort();
  return a.length === b.length && [...a].sort().every((id, i) => id === sorted[i]);
}
