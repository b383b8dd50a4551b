// Runs the validators declared on a schema over a configuration, with the attribute path of every
// value, before terraform plans anything: each attribute's validators, each block type's validators,
// and the same again inside nested blocks and nested attributes. Unknown values are left for apply time.
import {
  objectOf,
  UNKNOWN,
  type Attribute,
  type Block,
  type Diagnostics,
  type Obj,
  type Path,
  type Value,
} from './types';

export function validateBlock(block: Block, value: Obj, path: Path, diags: Diagnostics): void {
  for (const [name, attribute] of Object.entries(block.attributes))
    validateAttribute(attribute, value[name] ?? null, [...path, name], diags);
  for (const [name, nested] of Object.entries(block.blocks ?? {})) {
    const v = value[name] ?? null;
    if (v === null || v === UNKNOWN) continue;
    for (const validator of nested.validators ?? []) validator(v, [...path, name], diags);
    if (nested.nesting === 'single') {
      const object = objectOf(v);
      if (object) validateBlock(nested.block, object, [...path, name], diags);
    } else if (Array.isArray(v)) {
      if (nested.maxItems !== undefined && v.length > nested.maxItems) {
        diags.error(
          `Too many ${name} blocks`,
          `At most ${nested.maxItems} ${name} blocks are allowed; got ${v.length}.`,
          [...path, name],
        );
      }
      v.forEach((element, i) => {
        const object = objectOf(element);
        if (object) validateBlock(nested.block, object, [...path, name, i], diags);
      });
    }
  }
}

function validateAttribute(attribute: Attribute, value: Value, path: Path, diags: Diagnostics): void {
  if (value === null || value === UNKNOWN) return;
  for (const validator of attribute.validators ?? []) validator(value, path, diags);
  const nested = attribute.nested;
  if (!nested) return;
  const block: Block = { attributes: nested.attributes };
  const object = objectOf(value);
  if (nested.nesting === 'single') {
    if (object) validateBlock(block, object, path, diags);
  } else if (Array.isArray(value)) {
    value.forEach((element, i) => {
      const item = objectOf(element);
      if (item) validateBlock(block, item, nested.nesting === 'list' ? [...path, i] : path, diags);
    });
  }
}
