/**
 * Entity ids are bigint identities shown as decimal strings. Anything else cannot name an entity,
 * so lookups answer "not found" without asking the database (and without a cast error).
 */
export function isEntityId(value: string): boolean {
  return /^[1-9]\d{0,17}$/.test(value);
}
