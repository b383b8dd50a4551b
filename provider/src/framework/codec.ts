// DynamicValue encoding: terraform sends and expects values as msgpack (cty's encoding, with unknown
// values as msgpack extension 0) or, for stored state, JSON. Decoding is guided by the schema's type
// so every object comes out with all its attributes (null when absent) and numbers as JS numbers.
import { decode, encode, ExtensionCodec } from '@msgpack/msgpack';
import { listOf, objectOf, UNKNOWN, type CtyType, type Obj, type Value } from './types';

/** cty's msgpack extension for an unknown value; 12 is an unknown with refinements (terraform >= 1.6). */
const UNKNOWN_EXT = 0;
const REFINED_UNKNOWN_EXT = 12;

class UnknownMarker {}
const MARKER = new UnknownMarker();

const extensions = new ExtensionCodec();
extensions.register({
  type: UNKNOWN_EXT,
  encode: (input: unknown) => (input instanceof UnknownMarker ? new Uint8Array(0) : null),
  decode: () => MARKER,
});
extensions.register({ type: REFINED_UNKNOWN_EXT, encode: () => null, decode: () => MARKER });

export function decodeMsgpack(bytes: Uint8Array, type: CtyType): Value {
  if (bytes.length === 0) return null;
  return normalize(decode(bytes, { extensionCodec: extensions, useBigInt64: true }), type);
}

export function encodeMsgpack(value: Value, type: CtyType): Uint8Array {
  return encode(prepare(value, type), { extensionCodec: extensions, useBigInt64: false, sortKeys: true });
}

export function decodeJson(bytes: Uint8Array, type: CtyType): Value {
  if (bytes.length === 0) return null;
  const parsed: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
  return normalize(parsed, type);
}

/** A decoded value in the JS form of its type: unknown as UNKNOWN, all object attributes present. */
export function normalize(raw: unknown, type: CtyType): Value {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof UnknownMarker) return UNKNOWN;
  if (typeof type === 'string') {
    switch (type) {
      case 'string':
        return typeof raw === 'string' ? raw : JSON.stringify(raw);
      case 'bool':
        return Boolean(raw);
      case 'number':
        return typeof raw === 'number' ? raw : Number(raw);
    }
  }
  const [kind, inner] = type;
  switch (kind) {
    case 'list':
    case 'set':
      return elements(raw).map((element) => normalize(element, inner));
    case 'map': {
      const out: Obj = {};
      for (const [key, value] of entries(raw)) out[key] = normalize(value, inner);
      return out;
    }
    case 'object': {
      const source = raw instanceof Map ? new Map(entries(raw)) : expectRecord(raw);
      const out: Obj = {};
      for (const name in inner) {
        const member: unknown = source instanceof Map ? source.get(name) : Reflect.get(source, name);
        out[name] = normalize(member, inner[name]);
      }
      return out;
    }
  }
}

function elements(raw: unknown): unknown[] {
  if (!Array.isArray(raw)) throw new TypeError('expected a list or set');
  const list: unknown[] = raw;
  return list;
}

/** msgpack decodes maps as plain objects, or as a Map when a key is not a string. */
function entries(raw: unknown): [string, unknown][] {
  if (raw instanceof Map) {
    const map: Map<unknown, unknown> = raw;
    return [...map].map(([key, value]) => [String(key), value]);
  }
  return Object.entries(expectRecord(raw));
}

function expectRecord(raw: unknown): object {
  if (typeof raw !== 'object' || raw === null) throw new TypeError('expected an object or map');
  return raw;
}

/** The encodable form: UNKNOWN as the extension marker, every attribute of an object present. */
function prepare(value: Value, type: CtyType): unknown {
  if (value === null) return null;
  if (value === UNKNOWN) return MARKER;
  if (typeof type === 'string') return value;
  const [kind, inner] = type;
  switch (kind) {
    case 'list':
    case 'set':
      return expectList(value).map((element) => prepare(element, inner));
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const [key, element] of Object.entries(expectObject(value))) out[key] = prepare(element, inner);
      return out;
    }
    case 'object': {
      const source = expectObject(value);
      const out: Record<string, unknown> = {};
      for (const [name, attrType] of Object.entries(inner)) out[name] = prepare(source[name] ?? null, attrType);
      return out;
    }
  }
}

function expectList(value: Value): Value[] {
  const list = listOf(value);
  if (!list) throw new TypeError('expected a list or set');
  return list;
}

function expectObject(value: Value): Obj {
  const object = objectOf(value);
  if (!object) throw new TypeError('expected an object or map');
  return object;
}

/** Whether a value contains an unknown anywhere. */
export function isWhollyKnown(value: Value): boolean {
  if (value === UNKNOWN) return false;
  if (Array.isArray(value)) return value.every(isWhollyKnown);
  if (value && typeof value === 'object') return Object.values(value).every(isWhollyKnown);
  return true;
}

/** Deep equality of two known-or-unknown values; sets compare without order. */
export function valuesEqual(a: Value, b: Value, type: CtyType): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === UNKNOWN || b === UNKNOWN) return false;
  if (typeof type === 'string') return a === b;
  const [kind, inner] = type;
  switch (kind) {
    case 'list': {
      const x = expectList(a);
      const y = expectList(b);
      return x.length === y.length && x.every((element, i) => valuesEqual(element, y[i] ?? null, inner));
    }
    case 'set': {
      const x = expectList(a);
      const y = expectList(b);
      return x.length === y.length && x.every((element) => y.some((other) => valuesEqual(element, other, inner)));
    }
    case 'map': {
      const x = expectObject(a);
      const y = expectObject(b);
      const keys = Object.keys(x);
      return (
        keys.length === Object.keys(y).length &&
        keys.every((k) => k in y && valuesEqual(x[k] ?? null, y[k] ?? null, inner))
      );
    }
    case 'object': {
      const x = expectObject(a);
      const y = expectObject(b);
      return Object.entries(inner).every(([k, t]) => valuesEqual(x[k] ?? null, y[k] ?? null, t));
    }
  }
}
