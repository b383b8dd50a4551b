// The plan and state rules of the provider, as pure functions over whole objects: what terraform-
// plugin-framework users know as defaults, UseStateForUnknown, RequiresReplace, and the rules that
// keep state consistent with the plan after apply and free of perpetual diffs after a read.
import { attributeType, blockTypeType } from './cty';
import { valuesEqual } from './codec';
import { UNKNOWN, type Attribute, type Block, type CtyType, type Obj, type Path, type Value } from './types';

export interface PlannedChange {
  planned: Obj;
  requiresReplace: Path[];
}

/** Attributes the user manages (not computed-only), which decide whether the plan changes anything. */
function isManaged(attribute: Attribute): boolean {
  return attribute.required === true || attribute.optional === true;
}

/**
 * The planned new state from terraform's proposal (config merged with prior state for computed
 * attributes). `prior` is null on create.
 */
export function planChange(block: Block, prior: Obj | null, proposed: Obj, config: Obj): PlannedChange {
  const planned: Obj = { ...proposed };
  const unknownOnAnyChange: string[] = [];
  const recomputed: [string, string[]][] = [];

  for (const [name, attribute] of Object.entries(block.attributes)) {
    if (!attribute.computed) continue;
    const configured = attribute.optional ? (config[name] ?? null) : null;
    if (configured !== null) continue;
    if (attribute.default !== undefined) planned[name] = attribute.default;
    else if (prior === null) planned[name] = UNKNOWN;
    else if (attribute.useStateForUnknown) planned[name] = prior[name] ?? null;
    else if (attribute.recomputedWhen) recomputed.push([name, attribute.recomputedWhen]);
    else unknownOnAnyChange.push(name);
  }

  if (prior !== null) {
    for (const [name, siblings] of recomputed) {
      const changed = siblings.some(
        (sibling) => !sameValue(block, sibling, prior[sibling] ?? null, planned[sibling] ?? null),
      );
      planned[name] = changed ? UNKNOWN : (prior[name] ?? null);
    }
    if (unknownOnAnyChange.length > 0 && differs(block, prior, planned))
      for (const name of unknownOnAnyChange) planned[name] = UNKNOWN;
  }

  const requiresReplace: Path[] = [];
  if (prior !== null) {
    for (const [name, attribute] of Object.entries(block.attributes)) {
      if (attribute.requiresReplace && !sameValue(block, name, prior[name] ?? null, planned[name] ?? null))
        requiresReplace.push([name]);
    }
  }
  return { planned, requiresReplace };
}

function typeOf(block: Block, name: string): CtyType {
  const attribute = block.attributes[name];
  if (attribute) return attributeType(attribute);
  const nested = block.blocks?.[name];
  if (nested) return blockTypeType(nested);
  throw new Error(`no attribute or block ${name}`);
}

function sameValue(block: Block, name: string, a: Value, b: Value): boolean {
  return valuesEqual(a, b, typeOf(block, name));
}

/** Whether a managed attribute or any block differs between prior state and plan. */
export function differs(block: Block, prior: Obj, planned: Obj): boolean {
  for (const [name, attribute] of Object.entries(block.attributes)) {
    if (isManaged(attribute) && !sameValue(block, name, prior[name] ?? null, planned[name] ?? null)) return true;
  }
  for (const name of Object.keys(block.blocks ?? {})) {
    if (!sameValue(block, name, prior[name] ?? null, planned[name] ?? null)) return true;
  }
  return false;
}

/** The plan as a resource verb sees it: unknown values as null ("not given"). */
export function withoutUnknowns(value: Value): Value {
  if (value === UNKNOWN) return null;
  if (Array.isArray(value)) return value.map(withoutUnknowns);
  if (value && typeof value === 'object') {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = withoutUnknowns(v);
    return out;
  }
  return value;
}

/**
 * The state after apply: every value that was known in the plan, as planned (terraform requires it);
 * what was unknown, from the service's answer.
 */
export function mergeKnown(planned: Value, actual: Value, type: CtyType): Value {
  if (planned === UNKNOWN) return actual;
  if (planned === null || typeof type === 'string') return planned;
  const [kind, inner] = type;
  switch (kind) {
    case 'object': {
      const p = planned as Obj;
      const a = actual && typeof actual === 'object' && !Array.isArray(actual) ? actual : {};
      const out: Obj = {};
      for (const [name, t] of Object.entries(inner)) out[name] = mergeKnown(p[name] ?? null, a[name] ?? null, t);
      return out;
    }
    case 'list': {
      const p = planned as Value[];
      const a = Array.isArray(actual) ? actual : [];
      return p.map((element, i) => mergeKnown(element, a[i] ?? null, inner));
    }
    case 'set':
    case 'map':
      return containsUnknown(planned) ? actual : planned;
  }
}

function containsUnknown(value: Value): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value && typeof value === 'object') return Object.values(value).some(containsUnknown);
  return false;
}

const isEmpty = (value: Value): boolean =>
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (value !== null && typeof value === 'object' && Object.keys(value).length === 0);

/**
 * The state after a read, against the prior state: write-only values the service never returns keep
 * the prior (configured) value, and an empty answer for an attribute the configuration left out
 * (prior null) stays null, so neither shows as a perpetual diff. Applies inside blocks element by element.
 */
export function reconcileRead(block: Block, read: Obj, prior: Obj | null): Obj {
  const out: Obj = { ...read };
  for (const [name, attribute] of Object.entries(block.attributes)) {
    const before = prior ? (prior[name] ?? null) : null;
    const now = out[name] ?? null;
    if (attribute.writeOnly && (now === null || now === '') && before !== null) out[name] = before;
    else if (!attribute.computed && before === null && now !== null && isEmpty(now)) out[name] = null;
  }
  for (const [name, nested] of Object.entries(block.blocks ?? {})) {
    const now = out[name] ?? null;
    const before = prior ? (prior[name] ?? null) : null;
    if (nested.nesting === 'single') {
      if (now && typeof now === 'object' && !Array.isArray(now)) {
        out[name] = reconcileRead(nested.block, now, before && typeof before === 'object' ? (before as Obj) : null);
      }
    } else if (Array.isArray(now)) {
      const priorList = Array.isArray(before) ? before : [];
      out[name] = now.map((element, i) =>
        reconcileRead(nested.block, element as Obj, (priorList[i] as Obj | undefined) ?? null),
      );
    }
  }
  return out;
}
