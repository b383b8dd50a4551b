// The verbs the monitor resources share: read, delete and import go through GetMonitor and
// DeleteMonitor whatever the kind; only create and update call the kind's own RPC. Each resource
// file supplies those two calls, its schema, its typed model and its message mapping.
import type { Monitor } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import { apiError, isNotFound, type Api } from '../client/api';
import type { Model } from '../framework/model';
import { reconcileRead } from '../framework/plan';
import { defineResource } from '../framework/resource';
import { ProviderError, type Block, type Diagnostics, type Obj, type ResourceDefinition } from '../framework/types';
import { KIND_LABEL, kindOf, type MonitorKind } from './monitor-mapping';

/** What every monitor resource's model has: the id (heartbeat monitors have little else in common). */
interface MonitorModel {
  id: string | null;
}

export interface MonitorKindSpec<M extends MonitorModel> {
  kind: MonitorKind;
  typeName: string;
  description: string;
  schema: Block;
  model: Model<M>;
  /** Rules across attributes, over the configuration as terraform sends it (values may be UNKNOWN). */
  validateConfig?: (config: Obj, diags: Diagnostics) => void;
  /** Create<Kind>Monitor with the planned values; the service's answer as state. */
  create(api: Api, plan: M): Promise<M | undefined>;
  /** Update<Kind>Monitor with the whole desired monitor and the kind's full update mask. */
  update(api: Api, id: string, plan: M): Promise<M | undefined>;
  /**
   * State from a GetMonitor answer of this kind; undefined for any other kind. `prior` is the state
   * being refreshed (null on import), for what the service never answers with (a heartbeat's ping URL).
   */
  fromMonitor(monitor: Monitor, prior: M | null): M | undefined;
}

/** The id in state: a string, always known once the monitor exists. */
const idOf = (state: MonitorModel): string => state.id ?? '';

/** The resource a monitor of `kind` is managed by, for messages. */
export function resourceTypeOf(kind: string): string {
  return `service_${kind}_monitor`;
}

/** The error for a monitor id of another kind than the resource manages, naming the right resource. */
export function wrongKind(
  id: string,
  spec: { kind: MonitorKind; typeName: string },
  found: Monitor | undefined,
  importing: boolean,
): ProviderError {
  const kind = kindOf(found);
  if (kind === undefined) return new ProviderError(`The service returned no monitor for id ${id}`);
  const label = KIND_LABEL[kind];
  const advice =
    kind === 'grpc'
      ? 'gRPC monitors have no Terraform resource; manage them through the RPC API'
      : `${importing ? 'import it' : 'manage it'} as ${resourceTypeOf(kind)}`;
  // Said aloud: "an HTTP", "an ICMP", "a TCP", "a DNS", "a gRPC", "a TLS", "a heartbeat".
  const article = kind === 'http' || kind === 'icmp' ? 'an' : 'a';
  return new ProviderError(
    `monitor ${id} is ${article} ${label} monitor; ${advice}`,
    `${spec.typeName} manages ${KIND_LABEL[spec.kind]} monitors only.`,
  );
}

async function getMonitor(api: Api, typeName: string, id: string, action: string): Promise<Monitor | null> {
  try {
    const res = await api.monitors.getMonitor({ id });
    return res.monitor ?? null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw apiError(action, typeName, err, 'monitor');
  }
}

function answered<M>(typeName: string, action: string, state: M | undefined): M {
  if (!state) throw new ProviderError(`Could not ${action} ${typeName}`, 'The service answered without the monitor.');
  return state;
}

export function monitorResource<M extends MonitorModel>(spec: MonitorKindSpec<M>): ResourceDefinition<Api> {
  return defineResource<Api, M>({
    typeName: spec.typeName,
    description: spec.description,
    schema: spec.schema,
    importId: '<id>',
    model: spec.model,
    validateConfig: spec.validateConfig,

    async create(api, plan) {
      try {
        return answered(spec.typeName, 'create', await spec.create(api, plan));
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        throw apiError('create', spec.typeName, err, 'monitor');
      }
    },

    async read(api, state) {
      const id = idOf(state);
      const found = await getMonitor(api, spec.typeName, id, 'read');
      if (!found) return null;
      const read = spec.fromMonitor(found, state);
      if (!read) throw wrongKind(id, spec, found, false);
      return read;
    },

    async update(api, plan, prior) {
      try {
        return answered(spec.typeName, 'update', await spec.update(api, idOf(prior), plan));
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        throw apiError('update', spec.typeName, err, 'monitor');
      }
    },

    async delete(api, state) {
      try {
        await api.monitors.deleteMonitor({ id: idOf(state) });
      } catch (err) {
        // Already gone is what delete wants.
        if (!isNotFound(err)) throw apiError('delete', spec.typeName, err, 'monitor');
      }
    },

    async importState(api, id) {
      const trimmed = id.trim();
      const found = await getMonitor(api, spec.typeName, trimmed, 'import');
      if (!found) {
        throw new ProviderError(
          `Cannot import ${spec.typeName}: monitor ${trimmed} does not exist`,
          "The import id is the monitor id (a number), as `terraform import` was given it. It must belong to the workspace of the provider's api_token.",
        );
      }
      const state = spec.fromMonitor(found, null);
      if (!state) throw wrongKind(trimmed, spec, found, true);
      // As a read with no prior state: an empty description is "not set", the way a configuration
      // without one plans it, so the first plan after an import shows no change.
      return spec.model.read(reconcileRead(spec.schema, spec.model.write(state), null));
    },
  });
}
