// service_private_location state <-> private_location.v1 messages. The agent token comes back from
// Create and, to a read-and-write key, from Get; where the API leaves it empty (Update, read-only
// keys) the state keeps the token it has.
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  PrivateLocationStatus,
  type PrivateLocation,
  type PrivateLocationSchema,
} from '@uptime/proto/gen/private_location/v1/private_location_service_pb.js';
import type { Obj } from '../framework/types';
import { optionalList, optionalMap, rfc3339, stringMap, strings, text } from '../framework/state-values';

type PrivateLocationInit = MessageInitShape<typeof PrivateLocationSchema>;

/** Every updatable field: monitor_ids or metadata removed from the configuration are cleared. */
export const PRIVATE_LOCATION_MASK = ['name', 'monitor_ids', 'metadata'];

export function privateLocationToProto(plan: Obj): PrivateLocationInit {
  return {
    name: text(plan.name) ?? '',
    monitorIds: strings(plan.monitor_ids),
    metadata: stringMap(plan.metadata),
  };
}

/** The resource's state; `prior` (plan, state, or null on import) tells null from empty and holds the token. */
export function privateLocationFromProto(api: PrivateLocation, prior: Obj | null): Obj {
  return {
    id: api.id,
    name: api.name ?? '',
    monitor_ids: optionalList(api.monitorIds, prior?.monitor_ids),
    metadata: optionalMap({ ...api.metadata }, prior?.metadata),
    token: api.token || (typeof prior?.token === 'string' ? prior.token : null),
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
