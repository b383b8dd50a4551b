// How a resource or data source is declared: its schema, its typed model (model.ts) and its verbs
// over that model, the shape of terraform-plugin-framework's resources. defineResource checks the
// model against the schema and makes the object-level definition the server calls: each verb's input
// is read into the model, and its answer written back as state.
import { checkModel, type Model } from './model';
import type { Block, DataSourceDefinition, Diagnostics, Obj, ResourceDefinition } from './types';

export interface TypedResource<C, M> {
  typeName: string;
  /** First line of the docs page: what the resource manages. */
  description: string;
  schema: Block;
  /** The import id form, for docs and errors, e.g. `<id>` or `<page_id>/<id>`. */
  importId: string;
  model: Model<M>;
  /**
   * Rules across attributes (e.g. the provider block matching provider_type), over the configuration
   * as terraform sends it: values may still be UNKNOWN, which a model would read as null.
   */
  validateConfig?(config: Obj, diags: Diagnostics): void;
  create(client: C, plan: M): Promise<M>;
  /** The resource as the service has it now, or null when it no longer exists. */
  read(client: C, state: M): Promise<M | null>;
  update(client: C, plan: M, prior: M): Promise<M>;
  delete(client: C, state: M): Promise<void>;
  /** State for an import id; throws ProviderError (e.g. wrong monitor kind, malformed id). */
  importState(client: C, id: string): Promise<M>;
}

export interface TypedDataSource<C, M> {
  typeName: string;
  description: string;
  schema: Block;
  model: Model<M>;
  validateConfig?(config: Obj, diags: Diagnostics): void;
  /** The data source's state; the server keeps every configured value over what this answers. */
  read(client: C, config: M): Promise<M>;
}

export function defineResource<C, M>(resource: TypedResource<C, M>): ResourceDefinition<C> {
  const { model } = resource;
  checkModel(resource.typeName, resource.schema, model);
  const definition: ResourceDefinition<C> = {
    typeName: resource.typeName,
    description: resource.description,
    schema: resource.schema,
    importId: resource.importId,
    create: async (client, plan) => model.write(await resource.create(client, model.read(plan))),
    read: async (client, state) => {
      const read = await resource.read(client, model.read(state));
      return read === null ? null : model.write(read);
    },
    update: async (client, plan, prior) =>
      model.write(await resource.update(client, model.read(plan), model.read(prior))),
    delete: (client, state) => resource.delete(client, model.read(state)),
    importState: async (client, id) => model.write(await resource.importState(client, id)),
  };
  if (resource.validateConfig) definition.validateConfig = resource.validateConfig.bind(resource);
  return definition;
}

export function defineDataSource<C, M>(dataSource: TypedDataSource<C, M>): DataSourceDefinition<C> {
  const { model } = dataSource;
  checkModel(dataSource.typeName, dataSource.schema, model);
  const definition: DataSourceDefinition<C> = {
    typeName: dataSource.typeName,
    description: dataSource.description,
    schema: dataSource.schema,
    read: async (client, config) => model.write(await dataSource.read(client, model.read(config))),
  };
  if (dataSource.validateConfig) definition.validateConfig = dataSource.validateConfig.bind(dataSource);
  return definition;
}
