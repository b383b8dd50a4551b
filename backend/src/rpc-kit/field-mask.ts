// An RPC update_mask (proto field names) turned into the domain fields the service verbs take
// (common/update-mask.ts applies them).

import type { FieldMask } from '@bufbuild/protobuf/wkt';
import { ValidationError } from '../common/errors';

/** Proto path -> domain field: a table, or a function for paths a table cannot list (nested ones). */
export type MaskPaths<F extends string> = Readonly<Record<string, F>> | ((path: string) => F | undefined);

/**
 * Resolves an update mask, each field once; undefined when none was sent (then the fields present
 * change). A path that names no updatable field is refused, naming it.
 */
export function maskFields<F extends string>(mask: FieldMask | undefined, paths: MaskPaths<F>): F[] | undefined {
  if (!mask || mask.paths.length === 0) return undefined;
  const resolve =
    typeof paths === 'function' ? paths : (path: string) => (Object.hasOwn(paths, path) ? paths[path] : undefined);
  const fields = new Set<F>();
  for (const path of mask.paths) {
    const field = resolve(path);
    if (field === undefined) throw ValidationError.field('updateMask', `${path} is not an updatable field`);
    fields.add(field);
  }
  return [...fields];
}
