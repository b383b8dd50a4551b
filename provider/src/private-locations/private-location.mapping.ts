// service_private_location state <-> private_location.v1 messages. The agent token comes back from
// Create and, to a read-and-write key, from Get; where the API leaves it empty (Update, read-only
// keys) the state keeps the token it has.
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  PrivateLocationStatus,
  type PrivateLocation,
  type PrivateLocationSchema,
} from '@uptime/proto/gen/private_location/v1/private_location_service_pb.js';
import { model, type ModelType } from '../framework/model';
import { optionalList, optionalMap, rfc3339 } from '../framework/state-values';

type PrivateLocationInit = MessageInitShape<typeof PrivateLocationSchema>;

/** Every updatable field: monitor_ids or metadata removed from the configuration are cleared. */
export const PRIVATE_LOCATION_MASK = ['name', 'monitor_ids', 'metadata'];

export const privateLocationModel = model((s) => ({
  id: s.string('id'),
  name: s.string('name'),
  monitor_ids: s.stringSet('monitor_ids'),
  metadata: s.stringMap('metadata'),
  token: s.string('token'),
  created_at: s.string('created_at'),
  updated_at: s.string('updated_at'),
}));

export type PrivateLocationModel = ModelType<typeof privateLocationModel>;

export function privateLocationToProto(plan: PrivateLocationModel): PrivateLocationInit {
  return {
    name: plan.name ?? '',
    monitorIds: plan.monitor_ids ?? [],
    metadata: plan.metadata ?? {},
  };
}

/** The resource's state; `prior` (plan, state, or null on import) tells null from empty and holds the token. */
export function privateLocationFromProto(
  api: PrivateLocation,
  prior: PrivateLocationModel | null,
): PrivateLocationModel {
  return {
    id: api.id,
    name: api.name ?? '',
    monitor_ids: optionalList(api.monitorIds, prior?.monitor_ids),
    metadata: optionalMap({ ...api.metadata }, prior?.metadata),
    token: api.token || (prior?.token ?? null),
    created_at: rfc3339(api.createdAt),
    updated_at: rfc3339(api.updatedAt),
  };
}

/** The API's status as the word of SPEC 2.9. */
export function statusWord(status: PrivateLocationStatus): 'active' | 'error' | 'unknown' {
  switch (status) {
    case PrivateLocationStatus.ACTIVE:
      return 'active';
    case PrivateLocationStatus.ERROR:
      return 'error';
    case PrivateLocationStatus.UNKNOWN:
    case PrivateLocationStatus.UNSPECIFIED:
      return 'unknown';
    default: {
      // A status a newer service added: not known to this provider yet.
      const unreachable: never = status;
      void unreachable;
      return 'unknown';
    }
  }
}
