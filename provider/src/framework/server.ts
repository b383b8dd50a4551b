// The tfplugin6 Provider service: decodes terraform's requests with the schema's types, runs the
// framework rules (validation, plan, state reconciliation) and calls the resource verbs. Every
// failure becomes a diagnostic; nothing a verb throws reaches gRPC as an error.
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
import { apiError, createApi, isUnauthenticated, type Api } from '../client/api';
import { PROVIDER_SCHEMA, providerSettings } from '../provider-config';
import { blockType } from './cty';
import { decodeJson, decodeMsgpack, encodeMsgpack } from './codec';
import { mergeKnown, planChange, reconcileRead, withoutUnknowns } from './plan';
import { toProtoSchema } from './schema';
import {
  Diagnostics,
  ProviderError,
  type Block,
  type DataSourceDefinition,
  type Obj,
  type Path,
  type ResourceDefinition,
} from './types';
import { validateBlock } from './validate';

const SCHEMAS = new WeakMap<readonly ResourceDefinition[], GetProviderSchema_Response>();

export class ProviderServer {
  private readonly resources: Map<string, ResourceDefinition>;
  private readonly dataSources: Map<string, DataSourceDefinition>;
  private api: Api | null = null;
  private readonly definitions: readonly ResourceDefinition[];

  constructor(
    resources: readonly ResourceDefinition[],
    dataSources: readonly DataSourceDefinition[],
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.definitions = resources;
    this.resources = new Map(resources.map((r) => [r.typeName, r]));
    this.dataSources = new Map(dataSources.map((d) => [d.typeName, d]));
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
    let schema = SCHEMAS.get(this.definitions);
    if (!schema) {
      schema = this.buildProviderSchema();
      SCHEMAS.set(this.definitions, schema);
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
      provider: toProtoSchema(PROVIDER_SCHEMA),
      resourceSchemas,
      dataSourceSchemas,
      serverCapabilities: create(ServerCapabilitiesSchema, { getProviderSchemaOptional: true }),
    });
  }

  validateProviderConfig(req: ValidateProviderConfig_Request) {
    const diags = new Diagnostics();
    const config = decode(req.config, PROVIDER_SCHEMA);
    if (config) validateBlock(PROVIDER_SCHEMA, config, [], diags);
    return create(ValidateProviderConfig_ResponseSchema, { diagnostics: toProto(diags) });
  }

  /**
   * Checks the token and the URL with one cheap call, so a wrong token or a service that is down is
   * one clear diagnostic at the start, not one per resource.
   */
  async configureProvider(req: ConfigureProvider_Request) {
    const diags = new Diagnostics();
    const config = decode(req.config, PROVIDER_SCHEMA) ?? {};
    const settings = providerSettings(config, this.env, diags);
    if (settings) {
      const api = createApi(settings);
      try {
        await api.monitors.listMonitors({ limit: 1 });
        this.api = api;
      } catch (error) {
        if (isUnauthenticated(error)) {
          diags.error(
            'The service refused the API token',
            `${settings.baseUrl} answered: ${(error as Error).message}. Set api_token (or SERVICE_API_TOKEN) to an API key of the workspace with write access.`,
            ['api_token'],
          );
        } else {
          const failure = apiError('reach', `the service at ${settings.baseUrl}`, error);
          diags.error(`Cannot reach the service at ${settings.baseUrl}`, failure.detail);
        }
      }
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
    const type = blockType(resource.schema);
    let next: Obj | null = prior;
    try {
      if (planned === null) {
        if (prior) await resource.delete(api, prior);
        next = null;
      } else {
        const plan = withoutUnknowns(planned) as Obj;
        const answer = prior === null ? await resource.create(api, plan) : await resource.update(api, plan, prior);
        next = mergeKnown(planned, answer, type) as Obj;
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
      const read = await dataSource.read(api, withoutUnknowns(config) as Obj);
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

  private resource(typeName: string, diags: Diagnostics): ResourceDefinition | null {
    const resource = this.resources.get(typeName);
    if (!resource) diags.error(`Unknown resource type ${typeName}`, 'This provider does not serve it.');
    return resource ?? null;
  }

  private dataSource(typeName: string, diags: Diagnostics): DataSourceDefinition | null {
    const dataSource = this.dataSources.get(typeName);
    if (!dataSource) diags.error(`Unknown data source ${typeName}`, 'This provider does not serve it.');
    return dataSource ?? null;
  }

  private configured(diags: Diagnostics): Api | null {
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
  return decoded as Obj | null;
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
