// The plan and state rules of the provider, as pure functions over whole objects: defaults, the
// unknowns of computed attributes, the plan modifiers declared on each attribute (plan-modifiers.ts:
// UseStateForUnknown, RequiresReplace, ...), and the rules that keep state consistent with the plan
// after apply and free of perpetual diffs after a read.
import { attributeType, blockTypeType } from './cty';
import { valuesEqual } from './codec';
import {
  listOf,
  objectOf,
  UNKNOWN,
  type Attribute,
  type Block,
  type CtyType,
  type Obj,
  type Path,
  type PlanModifierRequest,
  type PlanModifierResponse,
  type Value,
} from './types';

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
 * attributes). `prior` is null on create. In the order terraform-plugin-framework plans: defaults
 * for what the configuration leaves null; then, when the resource changes at all, unknown for every
 * other computed attribute left null; then each attribute's plan modifiers, nested blocks included.
 */
export function planChange(block: Block, prior: Obj | null, proposed: Obj, config: Obj): PlannedChange {
  const withDefaults = applyDefaults(block, proposed, config);
  const changes = prior === null || differs(block, prior, withDefaults);
  const requiresReplace: Path[] = [];
  const planned = modifyBlock(block, prior, withDefaults, config, [], changes, requiresReplace);
  return { planned, requiresReplace };
}

/** A configured value of an optional attribute, or null (computed-only attributes are never configured). */
function configured(attribute: Attribute, config: Obj, name: string): Value {
  return attribute.optional ? (config[name] ?? null) : null;
}

/** A nested attribute as a block of its attributes, with its nesting; null for any other attribute. */
function nestedOf(attribute: Attribute): { nesting: 'single' | 'list' | 'set'; block: Block } | null {
  return attribute.nested
    ? { nesting: attribute.nested.nesting, block: { attributes: attribute.nested.attributes } }
    : null;
}

/** Each nested object of a block (or nested attribute) with its own prior and configured object. */
function eachNested(
  nesting: 'single' | 'list' | 'set',
  planned: Value,
  prior: Value,
  config: Value,
  visit: (planned: Obj, prior: Obj | null, config: Obj, step: number | null) => Obj,
): Value {
  if (nesting === 'single') {
    const object = objectOf(planned);
    return object ? visit(object, objectOf(prior), objectOf(config) ?? {}, null) : planned;
  }
  // Set elements have no stable position to pair them with their prior and configured elements: no
  // schema here nests a set, and planning inside one would need terraform's matching by value.
  const list = listOf(planned);
  if (nesting === 'set' || !list) return planned;
  const priorList = listOf(prior) ?? [];
  const configList = listOf(config) ?? [];
  return list.map((element, i) => {
    const object = objectOf(element);
    return object ? visit(object, objectOf(priorList[i]), objectOf(configList[i]) ?? {}, i) : element;
  });
}

function applyDefaults(block: Block, proposed: Obj, config: Obj): Obj {
  const planned: Obj = { ...proposed };
  for (const [name, attribute] of Object.entries(block.attributes)) {
    if (attribute.computed && attribute.default !== undefined && configured(attribute, config, name) === null)
      planned[name] = attribute.default;
    const nested = nestedOf(attribute);
    if (nested)
      planned[name] = eachNested(nested.nesting, planned[name] ?? null, null, config[name] ?? null, (p, _, c) =>
        applyDefaults(nested.block, p, c),
      );
  }
  for (const [name, nested] of Object.entries(block.blocks ?? {})) {
    planned[name] = eachNested(nested.nesting, planned[name] ?? null, null, config[name] ?? null, (p, _, c) =>
      applyDefaults(nested.block, p, c),
    );
  }
  return planned;
}

function modifyBlock(
  block: Block,
  prior: Obj | null,
  proposed: Obj,
  config: Obj,
  path: Path,
  changes: boolean,
  requiresReplace: Path[],
): Obj {
  const planned: Obj = { ...proposed };
  for (const [name, attribute] of Object.entries(block.attributes)) {
    if (
      changes &&
      attribute.computed &&
      attribute.default === undefined &&
      configured(attribute, config, name) === null
    )
      planned[name] = UNKNOWN;
  }
  for (const [name, attribute] of Object.entries(block.attributes)) {
    const at = [...path, name];
    const modifiers = attribute.planModifiers ?? [];
    if (modifiers.length > 0) {
      const request: PlanModifierRequest = {
        path: at,
        type: attributeType(attribute),
        block,
        config: config[name] ?? null,
        prior: prior ? (prior[name] ?? null) : null,
        priorObject: prior,
        plannedObject: planned,
      };
      const response: PlanModifierResponse = { planned: planned[name] ?? null, requiresReplace: false };
      for (const modifier of modifiers) modifier.modify(request, response);
      planned[name] = response.planned;
      if (response.requiresReplace) requiresReplace.push(at);
    }
    const nested = nestedOf(attribute);
    if (nested) {
      planned[name] = eachNested(
        nested.nesting,
        planned[name] ?? null,
        prior ? (prior[name] ?? null) : null,
        config[name] ?? null,
        (p, before, c, i) =>
          modifyBlock(nested.block, before, p, c, i === null ? at : [...at, i], changes, requiresReplace),
      );
    }
  }
  for (const [name, nested] of Object.entries(block.blocks ?? {})) {
    const at = [...path, name];
    planned[name] = eachNested(
      nested.nesting,
      planned[name] ?? null,
      prior ? (prior[name] ?? null) : null,
      config[name] ?? null,
      (p, before, c, i) =>
        modifyBlock(nested.block, before, p, c, i === null ? at : [...at, i], changes, requiresReplace),
    );
  }
  return planned;
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
  const object = objectOf(value);
  return object ? objectWithoutUnknowns(object) : value;
}

/** withoutUnknowns of a whole object (a plan or a configuration). */
export function objectWithoutUnknowns(value: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(value)) out[k] = withoutUnknowns(v);
  return out;
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
      const p = objectOf(planned);
      return p ? mergeKnownObject(p, objectOf(actual) ?? {}, inner) : planned;
    }
    case 'list': {
      const p = listOf(planned);
      const a = listOf(actual) ?? [];
      return p ? p.map((element, i) => mergeKnown(element, a[i] ?? null, inner)) : planned;
    }
    case 'set':
    case 'map':
      return containsUnknown(planned) ? actual : planned;
  }
}

/** mergeKnown for a whole object (the state of a resource) of the given attribute types. */
export function mergeKnownObject(planned: Obj, actual: Obj, types: Record<string, CtyType>): Obj {
  const out: Obj = {};
  for (const [name, t] of Object.entries(types)) out[name] = mergeKnown(planned[name] ?? null, actual[name] ?? null, t);
  return out;
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
      const object = objectOf(now);
      if (object) out[name] = reconcileRead(nested.block, object, objectOf(before));
    } else if (Array.isArray(now)) {
      const priorList = listOf(before) ?? [];
      out[name] = now.map((element, i) => {
        const object = objectOf(element);
        return object ? reconcileRead(nested.block, object, objectOf(priorList[i])) : element;
      });
    }
  }
  return out;
}
