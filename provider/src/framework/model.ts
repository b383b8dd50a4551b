// Typed models: how a resource reads terraform's plan and state into a plain typed object, the way
// terraform-plugin-framework's `req.Plan.Get(ctx, &model)` does, and writes one back. A model is a
// reader over typed getters (`s.string('name')`, `s.blockList('headers', header)`): the model's type
// is what the reader returns, so mapping code needs no casts. Run over a recorder instead of a value,
// the same reader yields the names and types it reads; defineResource compares them with the schema,
// so a model and its schema cannot drift apart.
import { blockObjectType } from './cty';
import { listOf, objectOf, type Block, type CtyType, type Obj, type Value } from './types';

/** Typed getters for the attributes and blocks of one object; an unknown value reads as null. */
export interface Reader {
  string(name: string): string | null;
  number(name: string): number | null;
  bool(name: string): boolean | null;
  stringList(name: string): string[] | null;
  numberList(name: string): number[] | null;
  stringSet(name: string): string[] | null;
  stringMap(name: string): Record<string, string> | null;
  /** A single nested attribute or a single block. */
  object<M extends Obj>(name: string, read: (s: Reader) => M): M | null;
  /** A list nested attribute. */
  objectList<M extends Obj>(name: string, read: (s: Reader) => M): M[] | null;
  /** A list block: [] when absent. */
  blockList<M extends Obj>(name: string, read: (s: Reader) => M): M[];
}

export interface Model<M> {
  /** The model of a plan, a state or a configuration (unknown values read as null). */
  read(state: Obj): M;
  /** The model as state: a value for every attribute and block of the schema. */
  write(model: M): Obj;
  /** Names and types of what the model reads, for the check against the schema. */
  readonly types: Record<string, CtyType>;
}

export type ModelType<T> = T extends Model<infer M> ? M : never;

const strings = (value: Value | undefined): string[] | null =>
  listOf(value)?.filter((v): v is string => typeof v === 'string') ?? null;

function valueReader(object: Obj): Reader {
  return {
    string: (name) => {
      const value = object[name];
      return typeof value === 'string' ? value : null;
    },
    number: (name) => {
      const value = object[name];
      return typeof value === 'number' ? value : null;
    },
    bool: (name) => {
      const value = object[name];
      return typeof value === 'boolean' ? value : null;
    },
    stringList: (name) => strings(object[name]),
    numberList: (name) => listOf(object[name])?.filter((v): v is number => typeof v === 'number') ?? null,
    stringSet: (name) => strings(object[name]),
    stringMap: (name) => {
      const map = objectOf(object[name]);
      if (!map) return null;
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(map)) if (typeof value === 'string') out[key] = value;
      return out;
    },
    object: (name, read) => {
      const nested = objectOf(object[name]);
      return nested ? read(valueReader(nested)) : null;
    },
    objectList: (name, read) => objects(object[name], read),
    blockList: (name, read) => objects(object[name], read) ?? [],
  };
}

function objects<M>(value: Value | undefined, read: (s: Reader) => M): M[] | null {
  const list = listOf(value);
  if (!list) return null;
  const out: M[] = [];
  for (const element of list) {
    const object = objectOf(element);
    if (object) out.push(read(valueReader(object)));
  }
  return out;
}

/** Runs a reader over nothing, noting the name and type of every getter it calls. */
function recordTypes(read: (s: Reader) => unknown): Record<string, CtyType> {
  const types: Record<string, CtyType> = {};
  const note = <T>(name: string, type: CtyType, empty: T): T => {
    if (name in types) throw new Error(`the model reads ${name} twice`);
    types[name] = type;
    return empty;
  };
  const recorder: Reader = {
    string: (name) => note(name, 'string', null),
    number: (name) => note(name, 'number', null),
    bool: (name) => note(name, 'bool', null),
    stringList: (name) => note(name, ['list', 'string'], null),
    numberList: (name) => note(name, ['list', 'number'], null),
    stringSet: (name) => note(name, ['set', 'string'], null),
    stringMap: (name) => note(name, ['map', 'string'], null),
    object: (name, nested) => note(name, ['object', recordTypes(nested)], null),
    objectList: (name, nested) => note(name, ['list', ['object', recordTypes(nested)]], null),
    blockList: (name, nested) => note(name, ['list', ['object', recordTypes(nested)]], []),
  };
  read(recorder);
  return types;
}

/** A model whose type is state-shaped (every key an attribute or block): it is written as it is. */
export function model<M extends Obj>(read: (s: Reader) => M): Model<M> {
  return { read: (state) => read(valueReader(state)), write: (m) => m, types: recordTypes(read) };
}

/** A model shaped unlike the state (e.g. one of several blocks as one field), with its own writer. */
export function shapedModel<M>(read: (s: Reader) => M, write: (model: M) => Obj): Model<M> {
  return { read: (state) => read(valueReader(state)), write, types: recordTypes(read) };
}

/** Type text with object attributes in name order, to compare two types. */
function typeText(type: CtyType): string {
  if (typeof type === 'string') return type;
  const [kind, inner] = type;
  if (kind === 'object') {
    const attributes = Object.keys(inner)
      .sort()
      .map((name) => `${name}: ${typeText(inner[name])}`);
    return `object({${attributes.join(', ')}})`;
  }
  return `${kind}(${typeText(inner)})`;
}

/**
 * The differences between what a model reads and what the schema declares: a name the schema lacks,
 * an attribute or block the model leaves out, or a type that is not the declared one. Empty when they agree.
 */
export function modelDrift(schema: Block, model: Model<unknown>): string[] {
  const declared = blockObjectType(schema);
  const drift: string[] = [];
  for (const [name, type] of Object.entries(model.types)) {
    const want = declared[name];
    if (!want) drift.push(`the model reads ${name}, which the schema does not declare`);
    else if (typeText(want) !== typeText(type))
      drift.push(`the model reads ${name} as ${typeText(type)}; the schema declares ${typeText(want)}`);
  }
  for (const name of Object.keys(declared)) if (!(name in model.types)) drift.push(`the model does not read ${name}`);
  return drift;
}

/** Throws, naming every difference, when a model and its schema disagree (at definition, so at load). */
export function checkModel(typeName: string, schema: Block, model: Model<unknown>): void {
  const drift = modelDrift(schema, model);
  if (drift.length > 0) throw new Error(`${typeName}: ${drift.join('; ')}`);
}
