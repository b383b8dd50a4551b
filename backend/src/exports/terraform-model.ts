// A workspace as infrastructure as code (issue 30), before it is written as HCL or as a CDKTF stack:
// one model, two writers (terraform-hcl.ts, terraform-cdktf.ts), so both describe the same resources,
// the same import ids, the same references and the same variables, and plan the same.
//
// Values are what the provider's schema (provider-schema/schema.json) takes: attributes by their
// Terraform names (snake_case), nested blocks as lists of objects. A value may be a reference to another
// exported resource's attribute (written `service_http_monitor.api.id` in HCL, `api.id` in TypeScript)
// or a variable (a secret the export never writes: `var.slack_ops_webhook_url`).

/** Another exported resource's attribute, e.g. the id of the monitor a component shows. */
export interface TfReference {
  ref: { type: string; name: string; attribute: string };
}

/** A declared input variable (secrets): the value is never exported. */
export interface TfVariableUse {
  variable: string;
}

export type TfValue =
  string | number | boolean | null | TfReference | TfVariableUse | TfValue[] | { [key: string]: TfValue };

/** A resource's body: attributes, and nested blocks (each a list, in the order the service returns them). */
export interface TfBody {
  attributes: Record<string, TfValue>;
  blocks: Record<string, TfBody[]>;
}

export interface TfResource {
  /** The provider's resource type, e.g. `service_http_monitor`. */
  type: string;
  /** A valid, stable, readable Terraform name, unique per type: `api_health`, `api_health_2`. */
  name: string;
  /** The id `terraform import` takes for it (the provider's ImportResourceState format). */
  importId: string;
  body: TfBody;
}

export interface TfVariable {
  name: string;
  description: string;
  sensitive: boolean;
}

export interface TerraformExport {
  /** Workspace the export was taken of (for the header comment). */
  workspace: { slug: string; name: string };
  resources: TfResource[];
  variables: TfVariable[];
  /** What exists in the workspace but has no resource in the provider (e.g. gRPC monitors, maintenances). */
  notes: string[];
}

/** A written file: path relative to the output folder, and its text. */
export interface ExportedFile {
  path: string;
  content: string;
}

export const isReference = (value: TfValue): value is TfReference =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'ref' in value;
export const isVariableUse = (value: TfValue): value is TfVariableUse =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'variable' in value;
