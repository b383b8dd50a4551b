// The verbs the four monitor resources share: read, delete and import go through GetMonitor and
// DeleteMonitor whatever the kind; only create and update call the kind's own RPC. Each resource
// file supplies those two calls, its schema and its message mapping.
import type { Monitor } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import { apiError, isNotFound, type Api } from '../client/api';
import { reconcileRead } from '../framework/plan';
import { ProviderError, type Block, type Obj, type ResourceDefinition } from '../framework/types';
import { KIND_LABEL, kindOf, type MonitorKind } from './monitor-mapping';

export interface MonitorKindSpec {
  kind: MonitorKind;
  typeName: string;
  description: string;
  schema: Block;
  /** Create<Kind>Monitor with the planned values; the service's answer as state. */
  create(api: Api, plan: Obj): Promise<Obj | undefined>;
  /** Update<Kind>Monitor with the whole desired monitor and the kind's full update mask. */
  update(api: Api, id: string, plan: Obj): Promise<Obj | undefined>;
  /** State from a GetMonitor answer of this kind; undefined for any other kind. */
  fromMonitor(monitor: Monitor): Obj | undefined;
}

/** The id in state: a string, always known once the monitor exists. */
const idOf = (state: Obj): string => (typeof state.id === 'string' ? state.id : '');

/** The resource a monitor of `kind` is managed by, for messages. */
export function resourceTypeOf(kind: string): string {
  return `service_${kind}_monitor`;
}

/** The error for a monitor id of another kind than the resource manages, naming the right resource. */
export function wrongKind(
  id: string,
  spec: Pick<MonitorKindSpec, 'kind' | 'typeName'>,
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
  // Said aloud: "an HTTP", "an ICMP", "a TCP", "a DNS", "a gRPC".
  const article = kind === 'http' || kind === 'icmp' ? 'an' : 'a';
  return new ProviderError(
    `monitor ${id} is ${article} ${label} monitor; ${advice}`,
    `${spec.typeName} manages ${KIND_LABEL[spec.kind]} monitors only.`,
  );
}

async function getMonitor(api: Api, spec: MonitorKindSpec, id: string, action: string): Promise<Monitor | null> {
  try {
    const res = await api.monitors.getMonitor({ id });
    return res.monitor ?? null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw apiError(action, spec.typeName, err, 'monitor');
  }
}

function answered(spec: MonitorKindSpec, action: string, state: Obj | undefined): Obj {
  if (!state)
    throw new ProviderError(`Could not ${action} ${spec.typeName}`, 'The service answered without the monitor.');
  return state;
}

export function monitorResource(spec: MonitorKindSpec): ResourceDefinition {
  return {
    typeName: spec.typeName,
    description: spec.description,
    schema: spec.schema,
    importId: '<id>',

    async create(api, plan) {
      try {
        return answered(spec, 'create', await spec.create(api, plan));
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        throw apiError('create', spec.typeName, err, 'monitor');
      }
    },

    async read(api, state) {
      const id = idOf(state);
      const found = await getMonitor(api, spec, id, 'read');
      if (!found) return null;
      const read = spec.fromMonitor(found);
      if (!read) throw wrongKind(id, spec, found, false);
      return read;
    },

    async update(api, plan, prior) {
      try {
        return answered(spec, 'update', await spec.update(api, idOf(prior), plan));
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
      const found = await getMonitor(api, spec, trimmed, 'import');
      if (!found) {
        throw new ProviderError(
          `Cannot import ${spec.typeName}: monitor ${trimmed} does not exist`,
          "The import id is the monitor id (a number), as `terraform import` was given it. It must belong to the workspace of the provider's api_token.",
        );
      }
      const state = spec.fromMonitor(found);
      if (!state) throw wrongKind(trimmed, spec, found, true);
      // As a read with no prior state: an empty description is "not set", the way a configuration
      // without one plans it, so the first plan after an import shows no change.
      return reconcileRead(spec.schema, state, null);
    },
  };
}
