// Runs the validators declared on a schema over a configuration, with the attribute path of every
// value, before terraform plans anything. Unknown values are left for apply time.
import { UNKNOWN, type Attribute, type Block, type Diagnostics, type Obj, type Path, type Value } from './types';

export function validateBlock(block: Block, value: Obj, path: Path, diags: Diagnostics): void {
  for (const [name, attribute] of Object.entries(block.attributes))
    validateAttribute(attribute, value[name] ?? null, [...path, name], diags);
  for (const [name, nested] of Object.entries(block.blocks ?? {})) {
    const v = value[name] ?? null;
    if (v === null || v === UNKNOWN) continue;
    if (nested.nesting === 'single') validateBlock(nested.block, v as Obj, [...path, name], diags);
    else if (Array.isArray(v)) {
      if (nested.maxItems !== undefined && v.length > nested.maxItems) {
        diags.error(
          `Too many ${name} blocks`,
          `At most ${nested.maxItems} ${name} blocks are allowed; got ${v.length}.`,
          [...path, name],
        );
      }
      v.forEach((element, i) => {
        if (element !== null && element !== UNKNOWN)
          validateBlock(nested.block, element as Obj, [...path, name, i], diags);
      });
    }
  }
}

function validateAttribute(attribute: Attribute, value: Value, path: Path, diags: Diagnostics): void {
  if (value === null || value === UNKNOWN) return;
  for (const validator of attribute.validators ?? []) validator(value, path, diags);
  const nested = attribute.nested;
  if (!nested) return;
  if (nested.nesting === 'single') validateBlock({ attributes: nested.attributes }, value as Obj, path, diags);
  else if (Array.isArray(value)) {
    value.forEach((element, i) => {
      if (element !== null && element !== UNKNOWN)
        validateBlock(
          { attributes: nested.attributes },
          element as Obj,
          nested.nesting === 'list' ? [...path, i] : path,
          diags,
        );
    });
  }
}
