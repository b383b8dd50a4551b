import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  PrivateLocationSchema,
  PrivateLocationStatus,
} from '@uptime/proto/gen/private_location/v1/private_location_service_pb.js';
import { Diagnostics, type Obj } from '../framework/types';
import { privateLocationsDataSource } from './private-locations.data-source';
import {
  PRIVATE_LOCATION_MASK,
  privateLocationFromProto,
  privateLocationToProto,
  statusWord,
  type PrivateLocationModel,
} from './private-location.mapping';
import { planChange } from '../framework/plan';
import { METADATA_VALIDATORS, privateLocationResource } from './private-location.resource';

const at = timestampFromDate(new Date('2026-02-03T04:05:06.000Z'));

function metadataDiags(value: Obj): Diagnostics {
  const diags = new Diagnostics();
  for (const v of METADATA_VALIDATORS) v(value, ['metadata'], diags);
  return diags;
}

describe('private location mapping', () => {
  const plan: PrivateLocationModel = {
    id: null,
    name: 'EU DC',
    monitor_ids: null,
    metadata: { env: 'prod' },
    token: null,
    created_at: null,
    updated_at: null,
  };

  it('sends every managed field; an update names all of them so removed ones are cleared', () => {
    expect(privateLocationToProto(plan)).toEqual({ name: 'EU DC', monitorIds: [], metadata: { env: 'prod' } });
    expect(PRIVATE_LOCATION_MASK).toEqual(['name', 'monitor_ids', 'metadata']);
  });

  it('takes the token the API returns and keeps the prior one where it answers none', () => {
    const api = create(PrivateLocationSchema, {
      id: '5',
      name: 'EU DC',
      metadata: { env: 'prod' },
      token: 'svc_plt_abc',
      createdAt: at,
      updatedAt: at,
    });
    expect(privateLocationFromProto(api, plan)).toEqual({
      id: '5',
      name: 'EU DC',
      monitor_ids: null,
      metadata: { env: 'prod' },
      token: 'svc_plt_abc',
      created_at: '2026-02-03T04:05:06.000Z',
      updated_at: '2026-02-03T04:05:06.000Z',
    });
    api.token = '';
    api.metadata = {};
    api.monitorIds = ['1'];
    const state = privateLocationFromProto(api, { ...plan, token: 'svc_plt_old' });
    expect(state).toMatchObject({ token: 'svc_plt_old', metadata: {}, monitor_ids: ['1'] });
    expect(privateLocationFromProto(api, { ...plan, metadata: null }).metadata).toBeNull();
    expect(privateLocationFromProto(api, null).token).toBeNull();
  });

  it('words the status as SPEC 2.9 does', () => {
    expect(statusWord(PrivateLocationStatus.ACTIVE)).toBe('active');
    expect(statusWord(PrivateLocationStatus.ERROR)).toBe('error');
    expect(statusWord(PrivateLocationStatus.UNKNOWN)).toBe('unknown');
    expect(statusWord(PrivateLocationStatus.UNSPECIFIED)).toBe('unknown');
  });

  it('bounds metadata as the service does, naming the key', () => {
    expect(metadataDiags({ env: 'prod' }).items).toEqual([]);
    expect(metadataDiags(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']))).hasErrors()).toBe(
      true,
    );
    expect(metadataDiags({ ['k'.repeat(65)]: 'v' }).hasErrors()).toBe(true);
    expect(metadataDiags({ '': 'v' }).hasErrors()).toBe(true);
    expect(metadataDiags({ env: 'v'.repeat(257) }).items[0]?.path).toEqual(['metadata', { key: 'env' }]);
  });

  it('keeps the token computed, sensitive and stable, and pages the list data source 1 to 100', () => {
    expect(privateLocationResource.schema.attributes.token).toMatchObject({ computed: true, sensitive: true });
    // Stable: an update plans the token it has, not an unknown one (useStateForUnknown).
    const prior = { ...plan, id: '5', token: 'svc_plt_abc', created_at: 't', updated_at: 't' };
    const { planned } = planChange(privateLocationResource.schema, prior, { ...prior, name: 'EU DC 2' }, plan);
    expect(planned.token).toBe('svc_plt_abc');
    const limit = privateLocationsDataSource.schema.attributes.limit;
    expect(limit).toMatchObject({ optional: true, computed: true, default: 50 });
    const diags = new Diagnostics();
    for (const v of limit?.validators ?? []) v(101, ['limit'], diags);
    expect(diags.items[0]?.path).toEqual(['limit']);
  });
});
