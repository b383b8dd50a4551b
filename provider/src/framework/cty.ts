// The cty type of a schema, as terraform sees it: an attribute's declared type, a nested attribute's
// object type, and a block's object type with its nested blocks as lists, sets or single objects.
import type { Attribute, Block, BlockType, CtyType } from './types';

export function attributeType(attribute: Attribute): CtyType {
  if (attribute.type) return attribute.type;
  if (!attribute.nested) throw new Error('attribute without type or nested');
  const object: CtyType = ['object', objectTypeOf(attribute.nested.attributes)];
  switch (attribute.nested.nesting) {
    case 'single':
      return object;
    case 'list':
      return ['list', object];
    case 'set':
      return ['set', object];
  }
}

function objectTypeOf(attributes: Record<string, Attribute>): Record<string, CtyType> {
  const types: Record<string, CtyType> = {};
  for (const [name, attribute] of Object.entries(attributes)) types[name] = attributeType(attribute);
  return types;
}

export function blockTypeType(blockType: BlockType): CtyType {
  const object = blockType_(blockType.block);
  switch (blockType.nesting) {
    case 'single':
      return object;
    case 'list':
      return ['list', object];
    case 'set':
      return ['set', object];
  }
}

function blockType_(block: Block): CtyType {
  return ['object', blockObjectType(block)];
}

/** The attribute and nested-block types of a block, by name. */
export function blockObjectType(block: Block): Record<string, CtyType> {
  const types = objectTypeOf(block.attributes);
  for (const [name, nested] of Object.entries(block.blocks ?? {})) types[name] = blockTypeType(nested);
  return types;
}

const TYPES = new WeakMap<Block, CtyType>();

/** A block's object type; remembered, since every request decodes and encodes with it. */
export function blockType(block: Block): CtyType {
  let type = TYPES.get(block);
  if (!type) {
    type = blockType_(block);
    TYPES.set(block, type);
  }
  return type;
}
