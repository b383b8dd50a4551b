/** The entries whose value is not undefined: the fields a caller actually gave. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Each owner's items, in the order `items` come in; every id of `ownerIds` has an entry (empty when
 * it owns nothing), and items of other owners are left out. For the rows of a link or child table.
 */
export function groupByOwner<T, V>(
  ownerIds: readonly string[],
  items: readonly T[],
  ownerOf: (item: T) => string,
  valueOf: (item: T) => V,
): Map<string, V[]> {
  const byOwner = new Map<string, V[]>(ownerIds.map((id) => [id, []]));
  for (const item of items) byOwner.get(ownerOf(item))?.push(valueOf(item));
  return byOwner;
}
