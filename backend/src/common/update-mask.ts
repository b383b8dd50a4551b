// Partial updates with an optional field mask, one rule for every resource: without a mask the
// fields the patch gives change; with one exactly the named fields change, and a named field the
// patch lacks goes back to its default (or to undefined, so the resource's schema refuses it as
// required). Transports turn their own mask format into field names first (rpc-kit/field-mask.ts).

import { ValidationError } from './errors';

export interface MaskRule<P extends object, F extends keyof P & string> {
  /** The fields an update may change; any other named or given field is refused, naming it. */
  readonly fields: readonly F[];
  /** The refusal's words after the field name, e.g. `is not a field of private locations`. */
  readonly refusal: string;
  /** What a named field missing (or null) in the patch becomes; a field not listed becomes undefined. */
  readonly defaults?: { readonly [K in F]?: unknown };
  /** Patch keys that never count as given without a mask (checked by the caller, e.g. `pageId`). */
  readonly ignored?: readonly (keyof P & string)[];
  /** Without a mask, whether a value counts as given; default: anything but undefined. */
  readonly given?: (value: unknown) => boolean;
  /** How a given value meets the current one, when it is not a plain replacement (a nested block). */
  readonly merge?: { readonly [K in F]?: (given: NonNullable<P[K]>, current: unknown) => unknown };
}

/** The fields an update changes: the mask, or without one the fields the patch gives. */
export function fieldsToChange<P extends object, F extends keyof P & string>(
  patch: NoInfer<P>,
  mask: readonly NoInfer<F>[] | undefined,
  rule: MaskRule<P, F>,
): F[] {
  const isGiven = rule.given ?? ((value: unknown) => value !== undefined);
  const named =
    mask ??
    (Object.entries(patch) as [F, unknown][])
      .filter(([key, value]) => !rule.ignored?.includes(key) && isGiven(value))
      .map(([key]) => key);
  for (const field of named) {
    if (!rule.fields.includes(field)) throw ValidationError.field(field, rule.refusal);
  }
  return [...new Set(named)];
}

/** `current` with the update applied, as a new object; validating the result stays the caller's. */
export function applyMask<C extends object, P extends object, F extends keyof P & string>(
  current: C,
  patch: NoInfer<P>,
  mask: readonly NoInfer<F>[] | undefined,
  rule: MaskRule<P, F>,
): C {
  const next = { ...current } as Record<string, unknown>;
  for (const field of fieldsToChange(patch, mask, rule)) {
    const value = patch[field];
    const merge = rule.merge?.[field];
    // null and undefined alike mean "not given": every nullable field defaults to null.
    if (value === undefined || value === null) next[field] = rule.defaults?.[field];
    else next[field] = merge ? merge(value, next[field]) : value;
  }
  return next as C;
}
