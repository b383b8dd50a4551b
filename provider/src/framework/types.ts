// The provider's own small framework: how a resource or data source declares its schema (the shape
// HashiCorp's terraform-plugin-framework uses: attributes with validators and plan modifiers, nested
// blocks) and the CRUD verbs the tfplugin6 server calls. One declaration feeds the schema served to
// terraform, provider-schema/schema.json, the docs and the CDKTF bindings. The framework knows no API
// client: a provider definition's `configure` makes one (`C`), and the server hands it to every verb.

/** A value not known until apply (cty's unknown); never reaches a resource's CRUD verbs as input state. */
export const UNKNOWN: unique symbol = Symbol('unknown');
export type Unknown = typeof UNKNOWN;

/**
 * A terraform value in JS form: null, unknown, a string, a number, a boolean, an array (list or set)
 * or a plain object (object, map or block).
 */
export type Value = null | Unknown | string | number | boolean | Value[] | { [key: string]: Value };
export type Obj = { [key: string]: Value };

/** The value as an object (object, map or block element), or null when it is none (null, unknown, a list, ...). */
export function objectOf(value: Value | undefined): Obj | null {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/** The value as a list or set, or null when it is none. */
export function listOf(value: Value | undefined): Value[] | null {
  return Array.isArray(value) ? value : null;
}

/** A cty type, in the shape terraform's JSON type encoding uses. */
export type CtyType =
  'string' | 'number' | 'bool' | ['list' | 'set' | 'map', CtyType] | ['object', Record<string, CtyType>];

/** A step of an attribute path: an attribute or block name, a list index or a map key. */
export type PathStep = string | number | { key: string };
export type Path = PathStep[];

/** Checks one known, non-null value; reports through diags with the given path. */
export type Validator = (value: Value, path: Path, diags: Diagnostics) => void;

/**
 * What a plan modifier sees of one attribute (terraform-plugin-framework's ModifyPlan request): its
 * value in the configuration, the prior state and the plan so far, and the objects holding it, so a
 * modifier can look at sibling attributes.
 */
export interface PlanModifierRequest {
  /** The attribute's path, e.g. ['headers', 0, 'key']. */
  path: Path;
  /** The attribute's type. */
  type: CtyType;
  /** The block (or nested attribute object) declaring the attribute, for its siblings' types. */
  block: Block;
  /** The configured value (null when left out, UNKNOWN until apply). */
  config: Value;
  /** The prior state's value (null also while the resource or its block element is being created). */
  prior: Value;
  /** The prior state's object holding the attribute; null while it is being created. */
  priorObject: Obj | null;
  /** The planned object holding the attribute (siblings as planned so far). */
  plannedObject: Obj;
}

/** What a plan modifier may change: the planned value, and whether a change needs a replacement. */
export interface PlanModifierResponse {
  planned: Value;
  requiresReplace: boolean;
}

/**
 * One rule of planning, declared on the attribute and run in the declared order after defaults and
 * unknowns are planned (e.g. `planModifiers: [useStateForUnknown(), requiresReplace()]`).
 */
export interface PlanModifier {
  /** What the modifier does, for readers of the schema and of test failures. */
  description: string;
  modify(request: PlanModifierRequest, response: PlanModifierResponse): void;
}

export interface Attribute {
  /** What a person reading the generated docs needs: meaning, bounds and default. */
  description: string;
  /** The attribute's type; exactly one of type and nested. */
  type?: CtyType;
  /** A nested attribute (protocol 6 nested_type), e.g. custom_theme. */
  nested?: { nesting: 'single' | 'list' | 'set'; attributes: Record<string, Attribute> };
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  /** Planned when the configuration leaves the attribute null (optional + computed attributes). */
  default?: Value;
  /**
   * Rules of planning, run in this order (see plan-modifiers.ts): `useStateForUnknown()`,
   * `requiresReplace()`, `recomputedWhen(...)`. Without any, a computed attribute the configuration
   * leaves null is unknown whenever the resource changes.
   */
  planModifiers?: PlanModifier[];
  /**
   * Write-only: the service stores it but never returns it. State keeps the configured value; a read
   * that gets no value back keeps the prior state's.
   */
  writeOnly?: boolean;
  validators?: Validator[];
}

export interface BlockType {
  nesting: 'list' | 'set' | 'single';
  minItems?: number;
  maxItems?: number;
  description?: string;
  block: Block;
  /** Checks on the whole list, set or object of blocks, with the block's path. */
  validators?: Validator[];
}

export interface Block {
  description?: string;
  attributes: Record<string, Attribute>;
  blocks?: Record<string, BlockType>;
}

export interface Diagnostic {
  severity: 'error' | 'warning';
  summary: string;
  detail?: string;
  path?: Path;
}

export class Diagnostics {
  readonly items: Diagnostic[] = [];

  error(summary: string, detail?: string, path?: Path): void {
    this.items.push({ severity: 'error', summary, detail, path });
  }

  warning(summary: string, detail?: string, path?: Path): void {
    this.items.push({ severity: 'warning', summary, detail, path });
  }

  hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }
}

/**
 * A managed resource, as the server calls it with `C`, the provider's API client. The server hands
 * each verb whole objects: every attribute of the schema is a key (null when absent), blocks are
 * arrays of objects ([] when absent), sets and lists are arrays, maps are plain objects. Verbs return
 * state with every value known. Resources declare themselves through a typed model (resource.ts),
 * which makes this form.
 */
export interface ResourceDefinition<C> {
  typeName: string;
  /** First line of the docs page: what the resource manages. */
  description: string;
  schema: Block;
  /** The import id form, for docs and errors, e.g. `<id>` or `<page_id>/<id>`. */
  importId: string;
  /** Rules across attributes (e.g. the provider block matching provider_type); values may be UNKNOWN. */
  validateConfig?(config: Obj, diags: Diagnostics): void;
  create(client: C, plan: Obj): Promise<Obj>;
  /** The resource as the service has it now, or null when it no longer exists. */
  read(client: C, state: Obj): Promise<Obj | null>;
  update(client: C, plan: Obj, prior: Obj): Promise<Obj>;
  delete(client: C, state: Obj): Promise<void>;
  /** State for an import id; throws ProviderError (e.g. wrong monitor kind, malformed id). */
  importState(client: C, id: string): Promise<Obj>;
}

export interface DataSourceDefinition<C> {
  typeName: string;
  description: string;
  schema: Block;
  validateConfig?(config: Obj, diags: Diagnostics): void;
  read(client: C, config: Obj): Promise<Obj>;
}

/**
 * The provider itself: its configuration block, how a configuration becomes the API client `C`
 * (null, with diagnostics, when it cannot), and what it serves.
 */
export interface ProviderDefinition<C> {
  schema: Block;
  configure(config: Obj, env: NodeJS.ProcessEnv, diags: Diagnostics): Promise<C | null>;
  resources: readonly ResourceDefinition<C>[];
  dataSources: readonly DataSourceDefinition<C>[];
}

/** An error a verb reports to terraform as one diagnostic, optionally on an attribute. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
    readonly path?: Path,
  ) {
    super(message);
  }
}
