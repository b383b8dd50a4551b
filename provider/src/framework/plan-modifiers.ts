// Plan modifiers declared on an attribute, as terraform-plugin-framework's are
// (`planModifiers: [useStateForUnknown(), requiresReplace()]`). plan.ts runs them in the declared
// order, after it planned defaults and unknowns, on top-level attributes and on attributes of nested
// blocks and nested attributes alike (each element with its own prior element).
import { attributeType, blockTypeType } from './cty';
import { valuesEqual } from './codec';
import { UNKNOWN, type Block, type CtyType, type PlanModifier, type PlanModifierRequest } from './types';

/**
 * Computed: the prior state's value is planned instead of unknown, for values that do not change
 * after creation (ids, creation times). Does nothing on create, or when the value is configured.
 */
export function useStateForUnknown(): PlanModifier {
  return {
    description: 'The prior state value is planned instead of unknown.',
    modify(request, response) {
      if (request.priorObject === null || response.planned !== UNKNOWN || request.config === UNKNOWN) return;
      response.planned = request.prior;
    },
  };
}

/** A change of the value plans a replacement (the service cannot change it in place). */
export function requiresReplace(): PlanModifier {
  return {
    description: 'A change of the value replaces the resource.',
    modify(request, response) {
      if (request.priorObject === null) return;
      if (!valuesEqual(request.prior, response.planned, request.type)) response.requiresReplace = true;
    },
  };
}

/**
 * requiresReplace where `when` holds of the request (terraform-plugin-framework's RequiresReplaceIf),
 * e.g. only when the prior state knew the value at all.
 */
export function requiresReplaceIf(description: string, when: (request: PlanModifierRequest) => boolean): PlanModifier {
  const replace = requiresReplace();
  return {
    description,
    modify(request, response) {
      if (when(request)) replace.modify(request, response);
    },
  };
}

/**
 * Computed and left null in the configuration: unknown in the plan only when one of these sibling
 * attributes changes (the service derives the value from them), else the prior state's value.
 */
export function recomputedWhen(...siblings: string[]): PlanModifier {
  return {
    description: `Recomputed by the service when ${siblings.join(' or ')} changes.`,
    modify(request, response) {
      const prior = request.priorObject;
      if (prior === null || request.config !== null) return;
      const changed = siblings.some(
        (sibling) =>
          !valuesEqual(
            prior[sibling] ?? null,
            request.plannedObject[sibling] ?? null,
            siblingType(request.block, sibling),
          ),
      );
      response.planned = changed ? UNKNOWN : request.prior;
    },
  };
}

function siblingType(block: Block, name: string): CtyType {
  const attribute = block.attributes[name];
  if (attribute) return attributeType(attribute);
  const nested = block.blocks?.[name];
  if (nested) return blockTypeType(nested);
  throw new Error(`recomputedWhen names ${name}, which the block does not have`);
}
