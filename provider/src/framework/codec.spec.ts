import { decode, encode, ExtensionCodec } from '@msgpack/msgpack';
import { decodeJson, decodeMsgpack, encodeMsgpack, valuesEqual } from './codec';
import { UNKNOWN, type CtyType, type Value } from './types';

const type: CtyType = [
  'object',
  {
    id: 'string',
    timeout: 'number',
    active: 'bool',
    regions: ['set', 'string'],
    metadata: ['map', 'string'],
    headers: ['list', ['object', { key: 'string', value: 'string' }]],
  },
];

describe('DynamicValue codec', () => {
  it('round-trips a value with unknowns, nulls, sets, maps and nested objects', () => {
    const value: Value = {
      id: UNKNOWN,
      timeout: 45000,
      active: false,
      regions: ['fly-ams', 'fly-iad'],
      metadata: { env: 'prod' },
      headers: [{ key: 'a', value: null }],
    };
    expect(decodeMsgpack(encodeMsgpack(value, type), type)).toEqual(value);
  });

  it("writes an unknown as cty's msgpack extension 0 and reads extension 12 (refined unknown) as unknown", () => {
    const seen: number[] = [];
    const codec = new ExtensionCodec();
    codec.register({ type: 0, encode: () => null, decode: () => (seen.push(0), 'u0') });
    codec.register({ type: 12, encode: () => null, decode: () => (seen.push(12), 'u12') });
    expect(decode(encodeMsgpack(UNKNOWN, 'string'), { extensionCodec: codec })).toBe('u0');
    // fixext1 (0xd4), type 12, a refinement payload
    expect(decodeMsgpack(new Uint8Array([0xd4, 0x0c, 0x80]), 'string')).toBe(UNKNOWN);
  });

  it('fills attributes terraform left out with null and reads big numbers sent as strings', () => {
    expect(decodeMsgpack(encode({ timeout: '120000' }), type)).toEqual({
      id: null,
      timeout: 120000,
      active: null,
      regions: null,
      metadata: null,
      headers: null,
    });
  });

  it('reads stored JSON state in the same shape', () => {
    const json = Buffer.from(JSON.stringify({ id: '7', timeout: 1000, regions: ['fly-ams'] }));
    expect(decodeJson(json, type)).toMatchObject({ id: '7', timeout: 1000, regions: ['fly-ams'], active: null });
  });

  it('compares sets without order and lists with it', () => {
    expect(valuesEqual(['a', 'b'], ['b', 'a'], ['set', 'string'])).toBe(true);
    expect(valuesEqual(['a', 'b'], ['b', 'a'], ['list', 'string'])).toBe(false);
    expect(valuesEqual(UNKNOWN, UNKNOWN, 'string')).toBe(true);
    expect(valuesEqual('a', UNKNOWN, 'string')).toBe(false);
  });
});
