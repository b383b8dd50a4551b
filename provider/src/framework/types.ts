// The provider's own small framework: how a resource or data source declares its schema (the shape
// HashiCorp's terraform-plugin-framework uses: attributes with validators and plan modifiers, nested
// blocks) and the CRUD verbs the tfplugin6 server calls. One declaration feeds the schema served to
// terraform, provider-schema/schema.json, the docs and the CDKTF bindings.
import type { Api } from '../client/api';

/** A value not known until apply (cty's unknown); never reaches a resource's CRUD verbs as input state. */
export const UNKNOWN: unique symbol = Symbol('unknown');
export type Unknown = typeof UNKNOWN;

/**
 * A terraform value in JS form: null, unknown, a string, a number, a boolean, an array (list or set)
 * or a plain object (object, map or block).
 */
export type Value = null | Unknown | string | number | boolean | Value[] | { [key: string]: Value };
export type Obj = { [key: string]: Value };

/** A cty type, in the shape terraform's JSON type encoding uses. */
export type CtyType =
  'string' | 'number' | 'bool' | ['list' | 'set' | 'map', CtyType] | ['object', Record<string, CtyType>];

/** A step of an attribute path: an attribute or block name, a list index or a map key. */
export type PathStep = string | number | { key: string };
export type Path = PathStep[];

/** Checks one known, non-null value; reports through diags with the given path. */
export type Validator = (value: Value, path: Path, diags: Diagnostics) => void;

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
  /** A change plans a replacement. */
  requiresReplace?: boolean;
  /** Computed: the prior state's value is planned instead of unknown (it does not change on update). */
  useStateForUnknown?: boolean;
  /** Computed and left null in config: unknown in the plan only when one of these sibling attributes changes. */
  recomputedWhen?: string[];
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
 * A managed resource. The server hands each verb whole objects: every attribute of the schema is a
 * key (null when absent), blocks are arrays of objects ([] when absent), sets and lists are arrays,
 * maps are plain objects. Verbs return state with every value known.
 */
export interface ResourceDefinition {
  typeName: string;
  /** First line of the docs page: what the resource manages. */
  description: string;
  schema: Block;
  /** The import id form, for docs and errors, e.g. `<id>` or `<page_id>/<id>`. */
  importId: string;
  /** Rules across attributes (e.g. the provider block matching provider_type); values may be UNKNOWN. */
  validateConfig?(config: Obj, diags: Diagnostics): void;
  create(api: Api, plan: Obj): Promise<Obj>;
  /** The resource as the service has it now, or null when it no longer exists. */
  read(api: Api, state: Obj): Promise<Obj | null>;
  update(api: Api, plan: Obj, prior: Obj): Promise<Obj>;
  delete(api: Api, state: Obj): Promise<void>;
  /** State for an import id; throws ProviderError (e.g. wrong monitor kind, malformed id). */
  importState(api: Api, id: string): Promise<Obj>;
}

export interface DataSourceDefinition {
  typeName: string;
  description: string;
  schema: Block;
  validateConfig?(config: Obj, diags: Diagnostics): void;
  read(api: Api, config: Obj): Promise<Obj>;
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
