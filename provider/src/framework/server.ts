// The tfplugin6 Provider service: decodes terraform's requests with the schema's types, runs the
// framework rules (validation, plan, state reconciliation) and calls the resource verbs with the API
// client the provider definition's `configure` made. Every failure becomes a diagnostic; nothing a
// verb throws reaches gRPC as an error.
import { create } from '@bufbuild/protobuf';
import {
  ApplyResourceChange_ResponseSchema,
  AttributePath_StepSchema,
  AttributePathSchema,
  ConfigureProvider_ResponseSchema,
  Diagnostic_Severity,
  DiagnosticSchema,
  DynamicValueSchema,
  GetMetadata_DataSourceMetadataSchema,
  GetMetadata_ResourceMetadataSchema,
  GetMetadata_ResponseSchema,
  GetProviderSchema_ResponseSchema,
  ImportResourceState_ImportedResourceSchema,
  ImportResourceState_ResponseSchema,
  PlanResourceChange_ResponseSchema,
  ReadDataSource_ResponseSchema,
  ReadResource_ResponseSchema,
  ServerCapabilitiesSchema,
  UpgradeResourceState_ResponseSchema,
  ValidateDataResourceConfig_ResponseSchema,
  ValidateProviderConfig_ResponseSchema,
  ValidateResourceConfig_ResponseSchema,
  type ApplyResourceChange_Request,
  type GetProviderSchema_Response,
  type ConfigureProvider_Request,
  type Diagnostic as ProtoDiagnostic,
  type DynamicValue,
  type ImportResourceState_Request,
  type PlanResourceChange_Request,
  type ReadDataSource_Request,
  type ReadResource_Request,
  type UpgradeResourceState_Request,
  type ValidateDataResourceConfig_Request,
  type ValidateProviderConfig_Request,
  type ValidateResourceConfig_Request,
} from '../gen/tfplugin6/tfplugin6_pb.js';
import { blockObjectType, blockType } from './cty';
import { decodeJson, decodeMsgpack, encodeMsgpack } from './codec';
import { mergeKnownObject, objectWithoutUnknowns, planChange, reconcileRead } from './plan';
import { toProtoSchema } from './schema';
import {
  Diagnostics,
  objectOf,
  ProviderError,
  type Block,
  type DataSourceDefinition,
  type Obj,
  type Path,
  type ProviderDefinition,
  type ResourceDefinition,
} from './types';
import { validateBlock } from './validate';

const SCHEMAS = new WeakMap<object, GetProviderSchema_Response>();

export class ProviderServer<C> {
  private readonly resources: Map<string, ResourceDefinition<C>>;
  private readonly dataSources: Map<string, DataSourceDefinition<C>>;
  private api: C | null = null;

  constructor(
    private readonly provider: ProviderDefinition<C>,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.resources = new Map(provider.resources.map((r) => [r.typeName, r]));
    this.dataSources = new Map(provider.dataSources.map((d) => [d.typeName, d]));
  }

  getMetadata() {
    return create(GetMetadata_ResponseSchema, {
      serverCapabilities: create(ServerCapabilitiesSchema, { getProviderSchemaOptional: true }),
      resources: [...this.resources.keys()].map((typeName) => create(GetMetadata_ResourceMetadataSchema, { typeName })),
      dataSources: [...this.dataSources.keys()].map((typeName) =>
        create(GetMetadata_DataSourceMetadataSchema, { typeName }),
      ),
    });
  }

  /** Built once: terraform asks for it several times per instance, and the daemon serves many. */
  getProviderSchema(): GetProviderSchema_Response {
    let schema = SCHEMAS.get(this.provider);
    if (!schema) {
      schema = this.buildProviderSchema();
      SCHEMAS.set(this.provider, schema);
    }
    return schema;
  }

  private buildProviderSchema() {
    const resourceSchemas: Record<string, ReturnType<typeof toProtoSchema>> = {};
    for (const [name, r] of this.resources)
      resourceSchemas[name] = toProtoSchema({ ...r.schema, description: r.description });
    const dataSourceSchemas: Record<string, ReturnType<typeof toProtoSchema>> = {};
    for (const [name, d] of this.dataSources)
      dataSourceSchemas[name] = toProtoSchema({ ...d.schema, description: d.description });
    return create(GetProviderSchema_ResponseSchema, {
      provider: toProtoSchema(this.provider.schema),
      resourceSchemas,
      dataSourceSchemas,
      serverCapabilities: create(ServerCapabilitiesSchema, { getProviderSchemaOptional: true }),
    });
  }

  validateProviderConfig(req: ValidateProviderConfig_Request) {
    const diags = new Diagnostics();
    const config = decode(req.config, this.provider.schema);
    if (config) validateBlock(this.provider.schema, config, [], diags);
    return create(ValidateProviderConfig_ResponseSchema, { diagnostics: toProto(diags) });
  }

  async configureProvider(req: ConfigureProvider_Request) {
    const diags = new Diagnostics();
    const config = decode(req.config, this.provider.schema) ?? {};
    try {
      const api = await this.provider.configure(config, this.env, diags);
      if (api !== null) this.api = api;
    } catch (error) {
      report(diags, error, 'configure the provider');
    }
    return create(ConfigureProvider_ResponseSchema, { diagnostics: toProto(diags) });
  }

  validateResourceConfig(req: ValidateResourceConfig_Request) {
    const diags = new Diagnostics();
    const resource = this.resource(req.typeName, diags);
    const config = resource ? decode(req.config, resource.schema) : null;
    if (resource && config) {
      validateBlock(resource.schema, config, [], diags);
      resource.validateConfig?.(config, diags);
    }
    return create(ValidateResourceConfig_ResponseSchema, { diagnostics: toProto(diags) });
  }

  validateDataResourceConfig(req: ValidateDataResourceConfig_Request) {
    const diags = new Diagnostics();
    const dataSource = this.dataSource(req.typeName, diags);
    const config = dataSource ? decode(req.config, dataSource.schema) : null;
    if (dataSource && config) {
      validateBlock(dataSource.schema, config, [], diags);
      dataSource.validateConfig?.(config, diags);
    }
    return create(ValidateDataResourceConfig_ResponseSchema, { diagnostics: toProto(diags) });
  }

  upgradeResourceState(req: UpgradeResourceState_Request) {
    const diags = new Diagnostics();
    const resource = this.resource(req.typeName, diags);
    if (!resource) return create(UpgradeResourceState_ResponseSchema, { diagnostics: toProto(diags) });
    const type = blockType(resource.schema);
    const state = req.rawState?.json.length ? decodeJson(req.rawState.json, type) : null;
    return create(UpgradeResourceState_ResponseSchema, {
      upgradedState: create(DynamicValueSchema, { msgpack: encodeMsgpack(state, type) }),
      diagnostics: toProto(diags),
    });
  }

  async readResource(req: ReadResource_Request) {
    const diags = new Diagnostics();
    const resource = this.resource(req.typeName, diags);
    const api = this.configured(diags);
    const current = resource ? decode(req.currentState, resource.schema) : null;
    let next: Obj | null = current;
    if (resource && api && current) {
      try {
        const read = await resource.read(api, current);
        next = read === null ? null : reconcileRead(resource.schema, read, current);
      } catch (error) {
        report(diags, error, `read ${req.typeName}`);
      }
    }
    return create(ReadResource_ResponseSchema, {
      newState: resource ? encode(next, resource.schema) : undefined,
      private: req.private,
      diagnostics: toProto(diags),
    });
  }

  planResourceChange(req: PlanResourceChange_Request) {
    const diags = new Diagnostics();
    const resource = this.resource(req.typeName, diags);
    if (!resource) return create(PlanResourceChange_ResponseSchema, { diagnostics: toProto(diags) });
    const prior = decode(req.priorState, resource.schema);
    const proposed = decode(req.proposedNewState, resource.schema);
    const config = decode(req.config, resource.schema);
    if (proposed === null || config === null) {
      return create(PlanResourceChange_ResponseSchema, {
        plannedState: req.proposedNewState,
        plannedPrivate: req.priorPrivate,
      });
    }
    const { planned, requiresReplace } = planChange(resource.schema, prior, proposed, config);
    return create(PlanResourceChange_ResponseSchema, {
      plannedState: encode(planned, resource.schema),
      requiresReplace: requiresReplace.map(toProtoPath),
      plannedPrivate: req.priorPrivate,
      diagnostics: toProto(diags),
    });
  }

  async applyResourceChange(req: ApplyResourceChange_Request) {
    const diags = new Diagnostics();
    const resource = this.resource(req.typeName, diags);
    const api = this.configured(diags);
    if (!resource || !api)
      return create(ApplyResourceChange_ResponseSchema, { newState: req.priorState, diagnostics: toProto(diags) });
    const prior = decode(req.priorState, resource.schema);
    const planned = decode(req.plannedState, resource.schema);
    let next: Obj | null = prior;
    try {
      if (planned === null) {
        if (prior) await resource.delete(api, prior);
        next = null;
      } else {
        const plan = objectWithoutUnknowns(planned);
        const answer = prior === null ? await resource.create(api, plan) : await resource.update(api, plan, prior);
        next = mergeKnownObject(planned, answer, blockObjectType(resource.schema));
      }
    } catch (error) {
      report(diags, error, `${planned === null ? 'delete' : prior === null ? 'create' : 'update'} ${req.typeName}`);
    }
    return create(ApplyResourceChange_ResponseSchema, {
      newState: encode(next, resource.schema),
      private: req.plannedPrivate,
      diagnostics: toProto(diags),
    });
  }

  async importResourceState(req: ImportResourceState_Request) {
    const diags = new Diagnostics();
    const resource = this.resource(req.typeName, diags);
    const api = this.configured(diags);
    const imported = [];
    if (resource && api) {
      try {
        // As after a read: empty answers for attributes a configuration leaves out are null.
        const state = reconcileRead(resource.schema, await resource.importState(api, req.id), null);
        imported.push(
          create(ImportResourceState_ImportedResourceSchema, {
            typeName: req.typeName,
            state: encode(state, resource.schema),
          }),
        );
      } catch (error) {
        report(diags, error, `import ${req.typeName} "${req.id}"`);
      }
    }
    return create(ImportResourceState_ResponseSchema, { importedResources: imported, diagnostics: toProto(diags) });
  }

  async readDataSource(req: ReadDataSource_Request) {
    const diags = new Diagnostics();
    const dataSource = this.dataSource(req.typeName, diags);
    const api = this.configured(diags);
    if (!dataSource || !api) return create(ReadDataSource_ResponseSchema, { diagnostics: toProto(diags) });
    const config = decode(req.config, dataSource.schema) ?? {};
    let state: Obj = config;
    try {
      const read = await dataSource.read(api, objectWithoutUnknowns(config));
      state = {};
      for (const name of [
        ...Object.keys(dataSource.schema.attributes),
        ...Object.keys(dataSource.schema.blocks ?? {}),
      ]) {
        state[name] = config[name] !== null && config[name] !== undefined ? config[name] : (read[name] ?? null);
      }
    } catch (error) {
      report(diags, error, `read data source ${req.typeName}`);
    }
    return create(ReadDataSource_ResponseSchema, {
      state: encode(state, dataSource.schema),
      diagnostics: toProto(diags),
    });
  }

  private resource(typeName: string, diags: Diagnostics): ResourceDefinition<C> | null {
    const resource = this.resources.get(typeName);
    if (!resource) diags.error(`Unknown resource type ${typeName}`, 'This provider does not serve it.');
    return resource ?? null;
  }

  private dataSource(typeName: string, diags: Diagnostics): DataSourceDefinition<C> | null {
    const dataSource = this.dataSources.get(typeName);
    if (!dataSource) diags.error(`Unknown data source ${typeName}`, 'This provider does not serve it.');
    return dataSource ?? null;
  }

  private configured(diags: Diagnostics): C | null {
    if (!this.api)
      diags.error(
        'Provider not configured',
        'terraform called the provider before configuring it (or configuration failed).',
      );
    return this.api;
  }
}

function decode(value: DynamicValue | undefined, block: Block): Obj | null {
  if (!value) return null;
  const type = blockType(block);
  const decoded = value.msgpack.length > 0 ? decodeMsgpack(value.msgpack, type) : decodeJson(value.json, type);
  return objectOf(decoded);
}

function encode(value: Obj | null, block: Block) {
  return create(DynamicValueSchema, { msgpack: encodeMsgpack(value, blockType(block)) });
}

function report(diags: Diagnostics, error: unknown, action: string): void {
  if (error instanceof ProviderError) diags.error(error.message, error.detail, error.path);
  else diags.error(`Could not ${action}`, error instanceof Error ? error.message : String(error));
}

export function toProtoPath(path: Path) {
  return create(AttributePathSchema, {
    steps: path.map((step) =>
      create(AttributePath_StepSchema, {
        selector:
          typeof step === 'number'
            ? { case: 'elementKeyInt', value: BigInt(step) }
            : typeof step === 'string'
              ? { case: 'attributeName', value: step }
              : { case: 'elementKeyString', value: step.key },
      }),
    ),
  });
}

function toProto(diags: Diagnostics): ProtoDiagnostic[] {
  return diags.items.map((d) =>
    create(DiagnosticSchema, {
      severity: d.severity === 'error' ? Diagnostic_Severity.ERROR : Diagnostic_Severity.WARNING,
      summary: d.summary,
      detail: d.detail ?? '',
      attribute: d.path && d.path.length > 0 ? toProtoPath(d.path) : undefined,
    }),
  );
}
