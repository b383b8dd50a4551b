// private_location.v1.PrivateLocationService: maps proto messages to the service verbs and back. No
// rule lives here.
import { create } from '@bufbuild/protobuf';
import type { HandlerContext, ServiceImpl } from '@connectrpc/connect';
import {
  PrivateLocationSchema,
  PrivateLocationStatusSchema,
  type PrivateLocation,
  type PrivateLocationService,
} from '@uptime/proto/gen/private_location/v1/private_location_service_pb';
import { EnumCodec } from '../rpc-kit/enum-codec';
import { required, timestampOut } from '../rpc-kit/fields';
import { maskFields } from '../rpc-kit/field-mask';
import { serviceContext } from '../rpc-kit/call-context';
import type { PrivateLocationStatus, PrivateLocationView } from './private-location.view';
import type { PrivateLocationField, PrivateLocationInput, PrivateLocationsService } from './private-locations.service';

export const statusCodec = new EnumCodec<PrivateLocationStatus>(
  PrivateLocationStatusSchema,
  'PRIVATE_LOCATION_STATUS_',
);

export function privateLocationIn(m: PrivateLocation): PrivateLocationInput {
  return {
    name: m.name,
    monitorIds: m.monitorIds.length ? [...m.monitorIds] : undefined,
    metadata: Object.keys(m.metadata).length ? { ...m.metadata } : undefined,
  };
}

export function privateLocationOut(v: PrivateLocationView): PrivateLocation {
  return create(PrivateLocationSchema, {
    id: v.id,
    name: v.name,
    monitorIds: v.monitorIds,
    metadata: v.metadata,
    token: v.token ?? '',
    status: statusCodec.encode(v.status),
    lastSeenAt: timestampOut(v.lastSeenAt),
    monitorCount: v.monitorCount,
    createdAt: timestampOut(v.createdAt),
    updatedAt: timestampOut(v.updatedAt),
  });
}

/** update_mask paths (proto field names) -> domain fields. */
export const MASK_FIELDS: Record<string, PrivateLocationField> = {
  name: 'name',
  monitor_ids: 'monitorIds',
  metadata: 'metadata',
};

export function privateLocationServiceImpl(
  locations: PrivateLocationsService,
): ServiceImpl<typeof PrivateLocationService> {
  return {
    async createPrivateLocation(req, ctx: HandlerContext) {
      const input = privateLocationIn(required(req.privateLocation, 'privateLocation'));
      return { privateLocation: privateLocationOut(await locations.create(serviceContext(ctx), input)) };
    },

    async getPrivateLocation(req, ctx) {
      return { privateLocation: privateLocationOut(await locations.get(serviceContext(ctx), req.id)) };
    },

    async listPrivateLocations(req, ctx) {
      const page = await locations.list(serviceContext(ctx), { limit: req.limit, offset: req.offset });
      return { privateLocations: page.items.map(privateLocationOut), totalSize: page.totalSize };
    },

    async updatePrivateLocation(req, ctx) {
      const input = req.privateLocation ? privateLocationIn(req.privateLocation) : {};
      const mask = maskFields(req.updateMask, MASK_FIELDS);
      return {
        privateLocation: privateLocationOut(await locations.update(serviceContext(ctx), req.id, input, mask)),
      };
    },

    async rotatePrivateLocationToken(req, ctx) {
      return { privateLocation: privateLocationOut(await locations.rotateToken(serviceContext(ctx), req.id)) };
    },
    async deletePrivateLocation(req, ctx) {
      await locations.delete(serviceContext(ctx), req.id);
      return { success: true };
    },
  };
}
