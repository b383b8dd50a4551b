// A schema declaration in the two forms terraform knows: the tfplugin6 Schema message the plugin
// serves, and the JSON of `terraform providers schema -json` that provider-schema/schema.json holds.
import { create } from '@bufbuild/protobuf';
import {
  Schema_AttributeSchema,
  Schema_BlockSchema,
  Schema_NestedBlock_NestingMode,
  Schema_NestedBlockSchema,
  Schema_Object_NestingMode,
  Schema_ObjectSchema,
  SchemaSchema,
  StringKind,
  type Schema,
  type Schema_Attribute,
  type Schema_Block,
} from '../gen/tfplugin6/tfplugin6_pb.js';
import type { Attribute, Block, BlockType } from './types';

const sorted = <T>(record: Record<string, T> | undefined): [string, T][] =>
  Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

export function toProtoSchema(block: Block, version = 0): Schema {
  return create(SchemaSchema, { version: BigInt(version), block: toProtoBlock(block) });
}

function toProtoBlock(block: Block): Schema_Block {
  return create(Schema_BlockSchema, {
    attributes: sorted(block.attributes).map(([name, attribute]) => toProtoAttribute(name, attribute)),
    blockTypes: sorted(block.blocks).map(([name, nested]) =>
      create(Schema_NestedBlockSchema, {
        typeName: name,
        block: toProtoBlock({ ...nested.block, description: nested.description ?? nested.block.description }),
        nesting: protoBlockNesting(nested),
        minItems: BigInt(nested.minItems ?? 0),
        maxItems: BigInt(nested.maxItems ?? 0),
      }),
    ),
    description: block.description ?? '',
    descriptionKind: StringKind.PLAIN,
  });
}

function protoBlockNesting(nested: BlockType): Schema_NestedBlock_NestingMode {
  switch (nested.nesting) {
    case 'single':
      return Schema_NestedBlock_NestingMode.SINGLE;
    case 'list':
      return Schema_NestedBlock_NestingMode.LIST;
    case 'set':
      return Schema_NestedBlock_NestingMode.SET;
  }
}

function toProtoAttribute(name: string, attribute: Attribute): Schema_Attribute {
  const flags = {
    name,
    description: attribute.description,
    descriptionKind: StringKind.PLAIN,
    required: attribute.required === true,
    optional: attribute.optional === true,
    computed: attribute.computed === true,
    sensitive: attribute.sensitive === true,
  };
  if (attribute.nested) {
    return create(Schema_AttributeSchema, {
      ...flags,
      nestedType: create(Schema_ObjectSchema, {
        attributes: sorted(attribute.nested.attributes).map(([n, a]) => toProtoAttribute(n, a)),
        nesting:
          attribute.nested.nesting === 'single'
            ? Schema_Object_NestingMode.SINGLE
            : attribute.nested.nesting === 'list'
              ? Schema_Object_NestingMode.LIST
              : Schema_Object_NestingMode.SET,
      }),
    });
  }
  return create(Schema_AttributeSchema, { ...flags, type: Buffer.from(JSON.stringify(attribute.type)) });
}

type Json = { [key: string]: unknown };

/** A block as `terraform providers schema -json` prints it (Go's omitempty: false and "" left out). */
export function toJsonBlock(block: Block): Json {
  const out: Json = {};
  const attributes = sorted(block.attributes);
  if (attributes.length > 0) out.attributes = Object.fromEntries(attributes.map(([n, a]) => [n, toJsonAttribute(a)]));
  const blocks = sorted(block.blocks);
  if (blocks.length > 0) {
    out.block_types = Object.fromEntries(
      blocks.map(([n, nested]) => {
        const entry: Json = {
          nesting_mode: nested.nesting,
          block: toJsonBlock({ ...nested.block, description: nested.description ?? nested.block.description }),
        };
        if (nested.minItems) entry.min_items = nested.minItems;
        if (nested.maxItems) entry.max_items = nested.maxItems;
        return [n, entry];
      }),
    );
  }
  if (block.description) out.description = block.description;
  out.description_kind = 'plain';
  return out;
}

function toJsonAttribute(attribute: Attribute): Json {
  const out: Json = {};
  if (attribute.type) out.type = attribute.type;
  if (attribute.nested) {
    out.nested_type = {
      attributes: Object.fromEntries(sorted(attribute.nested.attributes).map(([n, a]) => [n, toJsonAttribute(a)])),
      nesting_mode: attribute.nested.nesting,
    };
  }
  if (attribute.description) out.description = attribute.description;
  out.description_kind = 'plain';
  if (attribute.required) out.required = true;
  if (attribute.optional) out.optional = true;
  if (attribute.computed) out.computed = true;
  if (attribute.sensitive) out.sensitive = true;
  return out;
}
