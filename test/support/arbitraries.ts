// fast-check arbitraries for the property tests of the public surfaces (test/e2e/property-*.test.ts):
// request messages built from the protobuf descriptors, MCP tool arguments built from the tools' JSON
// schemas, and hostile values that mix what a careless or hostile client sends (NUL and other control
// characters, very long strings, huge and negative numbers, unknown enum numbers, other workspaces'
// ids) with values that look valid, so that inputs also get past the first check and reach the verbs
// and the database.
import { create, toBinary, toJson, ScalarType, type DescField, type DescMessage } from '@bufbuild/protobuf';
import fc from 'fast-check';

/** How many generated inputs each property test sends; CI keeps the default, PROPERTY_RUNS raises it. */
export function propertyRuns(fallback = 2000): number {
  const n = Number(process.env.PROPERTY_RUNS);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** A fixed seed (PROPERTY_SEED) replays a failing run; otherwise every run explores new inputs. */
export function propertySeed(): number {
  const n = Number(process.env.PROPERTY_SEED);
  return Number.isInteger(n) ? n : Math.floor(Math.random() * 0x7fffffff);
}

export const ENTITY_KINDS = [
  'page',
  'monitor',
  'component',
  'group',
  'report',
  'maintenance',
  'notification',
  'location',
  'subscriber',
  'log',
  'policy',
  'alert',
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];
export type EntityIds = Partial<Record<EntityKind, string[]>>;

/** Ids the generated inputs draw on, by kind: the caller's own entities and another workspace's. */
export interface IdPool {
  own: EntityIds;
  foreign: EntityIds;
  /** The caller's entities that deleting calls draw on, so that the others live through the run. */
  spare?: EntityIds;
}

const allIds = (ids: EntityIds): string[] => Object.values(ids).flat();

/** The kind of entity a field names, from its name (snake_case) or, for a bare `id`, the method's. */
export function kindOfField(name: string, scope: EntityKind | null): EntityKind | null {
  if (/component_ids?$/.test(name)) return 'component';
  if (/page_id$/.test(name)) return 'page';
  if (/group_id$/.test(name)) return 'group';
  if (/monitor_ids?$/.test(name)) return 'monitor';
  if (/report_id$/.test(name)) return 'report';
  if (/^log_id$/.test(name)) return 'log';
  if (/location_ids?$/.test(name)) return 'location';
  if (/channel_ids?$/.test(name)) return 'notification';
  if (/escalation_policy_id$/.test(name)) return 'policy';
  // ListAlerts' paging cursor: an alert's id.
  if (/^before_id$/.test(name)) return 'alert';
  if (/^ids?$/.test(name)) return scope;
  return null;
}

/** The kind of entity a method or tool is about, from its name. */
export function kindOfMethod(name: string): EntityKind | null {
  const n = name.toLowerCase().replace(/_/g, '');
  if (n.includes('responselog')) return 'log';
  if (n.includes('escalationpolic')) return 'policy';
  if (n.includes('alert')) return 'alert';
  if (n.includes('pagecomponent')) return 'component';
  if (n.includes('componentgroup')) return 'group';
  if (n.includes('statusreport')) return 'report';
  if (n.includes('statuspage')) return 'page';
  if (n.includes('maintenance')) return 'maintenance';
  if (n.includes('notification')) return 'notification';
  if (n.includes('privatelocation')) return 'location';
  if (n.includes('subscriber')) return 'subscriber';
  if (n.includes('monitor')) return 'monitor';
  return null;
}

/** Characters PostgreSQL refuses (NUL, lone surrogates), control characters, and other oddities. */
export const HOSTILE_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ud800',
  '\uffff',
];

const VALID_LOOKING = [
  '',
  'Example',
  'https://example.com/health',
  'http://127.0.0.1:9/x?token=abc',
  'example.com',
  'example.com:443',
  '127.0.0.1',
  '::1',
  'name@example.com',
  'acme-status',
  'status.example.com',
  '10.0.0.0/8',
  'fly-ams',
  '--color-primary',
  '#ff0000',
  'SERVING',
  'en',
  'pt-BR',
  'Authorization',
  'Bearer x',
  'content-type',
  '2026-01-01T00:00:00Z',
  'active',
  'all',
  'webhook',
  '+14155550123',
  '@channel_name',
  'us',
  'name',
  'monitor_ids',
];

/** One of each length bound of SPEC §8 plus one, and far beyond. */
const LONG = [65, 101, 257, 321, 1025, 2049, 4097, 8193, 10_001, 100_001].map((n) => 'a'.repeat(n));

const BAD_IDS = ['0', '-1', '01', '1.5', '1e3', ' 1', '1 ', '99999999999999999999', '9223372036854775808', '1\u0000'];

const valid = fc.constantFrom(...VALID_LOOKING);
// NUL is the one PostgreSQL cannot store at all: it comes up as often as all the others together.
const control = fc.oneof(fc.constant('\u0000'), fc.constantFrom(...HOSTILE_CHARACTERS));
const word = fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/);

/** Where a field sits: what its bare `id` names, and the message that holds it. */
export interface FieldScope {
  kind: EntityKind | null;
  parent: string;
  /** A deleting method: its own ids come from the spare pool. */
  deletes?: boolean;
}

const NO_SCOPE: FieldScope = { kind: null, parent: '' };

/** Delete and remove calls, which would otherwise take the shared entities away early in a run. */
export const isDeleting = (method: string): boolean => /^(delete|remove)/i.test(method);

/**
 * A value that passes the field's own checks, judged from its name, so that a message with one hostile
 * field gets past the others and reaches the verb and the database.
 */
export function plausibleString(name: string, ids?: IdPool, scope: FieldScope = NO_SCOPE): fc.Arbitrary<string> {
  const n = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/^_/, '');
  if (/(^|_)ids?$/.test(n) && ids) {
    const kind = kindOfField(n, scope.kind);
    const mine = scope.deletes && ids.spare ? ids.spare : ids.own;
    const own = kind ? (mine[kind] ?? []) : allIds(mine);
    const foreign = kind ? (ids.foreign[kind] ?? []) : allIds(ids.foreign);
    if (own.length) {
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...own) },
        { weight: 1, arbitrary: fc.constantFrom(...(foreign.length ? foreign : own)) },
      );
    }
  }
  if (/url|endpoint|icon/.test(n)) return word.map((w) => `https://example.com/${w}`);
  if (n === 'uri') {
    if (/DNS/.test(scope.parent)) return fc.constantFrom('example.com', 'status.example.com');
    if (/ICMP/.test(scope.parent)) return fc.constantFrom('example.com', '127.0.0.1');
    return fc.constantFrom('example.com:443', '127.0.0.1:9', 'status.example.com:50051');
  }
  if (n === 'slug') return word.map((w) => `acme-${w}`);
  if (/email/.test(n) && !/domain/.test(n)) return word.map((w) => `${w}@example.com`);
  if (/domain/.test(n)) return fc.constantFrom('example.com', 'status.example.com');
  if (n === 'password') return fc.constant('correct horse battery');
  if (n === 'phone_number') return fc.constant('+14155550123');
  if (n === 'chat_id') return fc.constantFrom('123456', '@channel_name');
  if (n === 'topic') return word;
  if (n === 'channel' || n === 'device' || n === 'sound') return word;
  if (n === 'room_id') return word.map((w) => `!${w}:example.com`);
  // Pushover's keys and tokens are 30 letters and digits; any token passes Gotify's own check.
  if (n === 'user_key' || n === 'app_token') return fc.stringMatching(/^[A-Za-z0-9]{30}$/);
  if (n === 'region') return fc.constantFrom('us', 'eu');
  if (n === 'provider_type' || n === 'kind') {
    return fc.constantFrom('slack', 'discord', 'email', 'webhook', 'ntfy', 'pagerduty', 'opsgenie', 'telegram', 'sms');
  }
  if (n === 'theme') return fc.constant('default');
  if (/locale/.test(n)) return fc.constantFrom('en', 'pt-BR');
  if (n === 'allowed_ip_ranges') return fc.constant('10.0.0.0/8');
  if (n === 'type') return fc.constantFrom('static', 'monitor');
  if (n === 'auto_incident') return fc.constantFrom('off', 'draft', 'published');
  // A status page's uptime figure: each period it takes, and one it refuses.
  if (n === 'uptime_period') return fc.constantFrom('off', '30d', '90d', 'month', 'quarter', 'week');
  // Templates: the placeholders the service fills in, and one it refuses.
  if (n === 'auto_incident_title')
    return fc.constantFrom('{{component}} is down', '{{ page }}: {{monitor}}', '{{status}}');
  if (n === 'access_type') return fc.constantFrom('public', 'password');
  if (n === 'service') return fc.constant('grpc.health.v1.Health');
  if (n === 'filter') return fc.constantFrom('active', 'all');
  if (n === 'status') return fc.constantFrom('investigating', 'identified', 'monitoring', 'resolved');
  if (n === 'key') return fc.constantFrom('X-Custom', 'Authorization', 'env', 'accept');
  if (n === 'css_variable') return fc.constantFrom('--color-primary', '--bg');
  // The values of custom_theme's light and dark maps: colours, as the theme sanitizer requires.
  if (n === 'light' || n === 'dark') return fc.constantFrom('#0a84ff', 'hsl(210 90% 40%)');
  // An SLA report's period: this month or quarter (UTC), or the last month, all within the 400 days.
  if (n === 'month') return fc.constantFrom(thisMonth(0), thisMonth(-1));
  if (n === 'quarter') {
    const now = new Date();
    return fc.constant(`${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`);
  }
  // An SLA report's custom range is in the past (a maintenance window's, below, is ahead).
  if ((n === 'from' || n === 'to') && /sla/i.test(scope.parent)) {
    return fc.constant(new Date(Date.now() - (n === 'from' ? 2 : 1) * 86_400_000).toISOString());
  }
  if (n === 'from') return fc.constant(new Date(Date.now() + 3_600_000).toISOString());
  if (n === 'to') return fc.constant(new Date(Date.now() + 7_200_000).toISOString());
  if (/^(date|day)$/.test(n)) return fc.constant(new Date().toISOString());
  if (/cron_timestamp|started_at/.test(n)) {
    return fc.integer({ min: 5, max: 3600 }).map((ago) => new Date(Date.now() - ago * 1000).toISOString());
  }
  if (/message|description|body/.test(n)) return fc.constantFrom('All good.', 'Line one\nline two\r\n\tindented', '');
  if (/query/.test(n)) return fc.constantFrom('monitor', 'status page');
  if (/path/.test(n)) return fc.constantFrom('/docs', '/pricing');
  return fc.constantFrom('Example', 'Example name', 'value', 'API');
}

/** A field's value broken in one way: a control character put into a plausible value, or junk. */
function broken(plausible: fc.Arbitrary<string>, ids?: IdPool, idLike = false): fc.Arbitrary<string> {
  const pool = ids ? [...allIds(ids.own), ...allIds(ids.foreign)] : [];
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(plausible, control, fc.nat(), fc.boolean())
        .map(
          ([v, c, at, twice]) => v.slice(0, at % (v.length + 1)) + c + v.slice(at % (v.length + 1)) + (twice ? c : ''),
        ),
    },
    { weight: 2, arbitrary: valid },
    { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: fc.constantFrom(...LONG) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...LONG), control).map(([s, c]) => s + c) },
    { weight: idLike ? 4 : 1, arbitrary: fc.constantFrom(...BAD_IDS) },
    ...(pool.length ? [{ weight: 1, arbitrary: fc.constantFrom(...pool) }] : []),
  );
}

/** Any string a client might send for the field `name`: mostly plausible, often broken. */
export function hostileString(ids?: IdPool, name = '', scope: FieldScope = NO_SCOPE): fc.Arbitrary<string> {
  const plausible = plausibleString(name, ids, scope);
  return fc.oneof(
    { weight: 5, arbitrary: plausible },
    { weight: 2, arbitrary: broken(plausible, ids, /ids?$/i.test(name)) },
  );
}

const INT32 = { min: -0x80000000, max: 0x7fffffff };
const UINT32 = { min: 0, max: 0xffffffff };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
const UINT64 = { min: 0n, max: 2n ** 64n - 1n };

/** A number the field's own checks accept, judged from its name. */
function plausibleInt(name: string): fc.Arbitrary<number> {
  if (/limit|per_page/.test(name)) return fc.integer({ min: 1, max: 50 });
  if (/offset/.test(name)) return fc.integer({ min: 0, max: 10 });
  if (/^page$|days/.test(name)) return fc.integer({ min: 1, max: 3 });
  if (/timeout|degraded/.test(name)) return fc.integer({ min: 1000, max: 45_000 });
  if (/retry/.test(name)) return fc.integer({ min: 0, max: 3 });
  // The alerting policy (monitor.v1.Alerting): thresholds and the reminder limit start at 1.
  if (/threshold|reminder_limit/.test(name)) return fc.integer({ min: 1, max: 5 });
  if (/failure_seconds/.test(name)) return fc.integer({ min: 0, max: 600 });
  if (/target/.test(name)) return fc.integer({ min: 200, max: 299 });
  if (/timestamp/.test(name)) return fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 });
  // Within both Pushover's (-2 to 2) and Gotify's (0 to 10) bounds.
  if (/priority/.test(name)) return fc.integer({ min: 0, max: 2 });
  return fc.integer({ min: 0, max: 10 });
}

/** YYYY-MM of this month (UTC) moved by `by` months. */
function thisMonth(by: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + by, 1)).toISOString().slice(0, 7);
}

/** A fractional number the field's own checks accept: an SLA target in percent, or as plausibleInt. */
function plausibleDouble(name: string): fc.Arbitrary<number> {
  if (name === 'target') return fc.constantFrom(99, 99.5, 99.9, 99.95, 99.999);
  return plausibleInt(name);
}

/** A number at the edges of its type or of the bounds the API documents, or anywhere in the type. */
function hostileInt(range: { min: number; max: number }): fc.Arbitrary<number> {
  const edges = [0, -1, 51, 101, 201, 1001, 10_001, 45_001, 120_001, 2 ** 31 - 1, range.min, range.max];
  return fc.oneof(fc.constantFrom(...edges.filter((n) => n >= range.min && n <= range.max)), fc.integer(range));
}

function hostileBigInt(range: { min: bigint; max: bigint }): fc.Arbitrary<bigint> {
  return fc.oneof(fc.constantFrom(range.min, range.max, -1n < range.min ? 0n : -1n, 2n ** 53n + 1n), fc.bigInt(range));
}

/** How a generated request treats its fields. */
interface Context {
  ids: IdPool;
  /** plausible: every field passes its own checks but the target; mixed: any field may be broken. */
  mode: 'plausible' | 'mixed';
  /** The path (local names) of the one field to break in plausible mode, relative to this message. */
  target: string[] | null;
  /** Field names of the request's messages, as a field mask names them. */
  fieldNames: string[];
  /** What a bare `id` names (the method's entity), and the message being generated. */
  scope: FieldScope;
  depth: number;
}

/** The plausible value, the hostile one (the target), or either (mixed mode). */
function choose<T>(ctx: Context, here: boolean, plausible: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>): fc.Arbitrary<T> {
  if (here) return hostile;
  if (ctx.mode === 'plausible') return plausible;
  return fc.oneof({ weight: 5, arbitrary: plausible }, { weight: 2, arbitrary: hostile });
}

function scalar(type: ScalarType, field: DescField, ctx: Context, here: boolean): fc.Arbitrary<unknown> {
  const name = field.name;
  const long = (a: fc.Arbitrary<bigint>) => (field.fieldKind === 'scalar' && field.longAsString ? a.map(String) : a);
  switch (type) {
    case ScalarType.STRING: {
      const plausible = plausibleString(name, ctx.ids, ctx.scope);
      return choose(ctx, here, plausible, broken(plausible, ctx.ids, /(^|_)ids?$/.test(name)));
    }
    case ScalarType.BYTES:
      return fc.uint8Array({ maxLength: 64 });
    case ScalarType.BOOL:
      return fc.boolean();
    case ScalarType.DOUBLE:
      return choose(ctx, here, plausibleDouble(name), fc.double());
    case ScalarType.FLOAT:
      return choose(ctx, here, plausibleInt(name), fc.float());
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return choose(ctx, here, plausibleInt(name), hostileInt(INT32));
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return choose(ctx, here, plausibleInt(name), hostileInt(UINT32));
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return long(choose(ctx, here, plausibleInt(name).map(BigInt), hostileBigInt(INT64)));
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return long(choose(ctx, here, plausibleInt(name).map(BigInt), hostileBigInt(UINT64)));
    default: {
      const unreachable: never = type;
      throw new Error(`unhandled scalar type ${String(unreachable)}`);
    }
  }
}

function enumValue(values: ReadonlyArray<{ number: number }>, ctx: Context, here: boolean): fc.Arbitrary<number> {
  const known = values.map((v) => v.number);
  const set = known.filter((n) => n !== 0);
  return choose(
    ctx,
    here,
    fc.constantFrom(...(set.length ? set : known)),
    fc.constantFrom(0, -1, 99, 1000, INT32.max, INT32.min),
  );
}

const NOW_SECONDS = Math.floor(Date.now() / 1000);

/** Timestamps: dates a caller might mean, or far outside what a database stores, or malformed. */
function timestamp(ctx: Context, here: boolean, name: string): fc.Arbitrary<Record<string, unknown>> {
  const at = (seconds: fc.Arbitrary<number>, nanos: fc.Arbitrary<number>) =>
    fc.record({ seconds: seconds.map(BigInt), nanos });
  // A window's end after its start; a report's date in the past.
  const day = 86_400;
  const plausible =
    name === 'to'
      ? fc.integer({ min: NOW_SECONDS + 31 * day, max: NOW_SECONDS + 60 * day })
      : name === 'from'
        ? fc.integer({ min: NOW_SECONDS + 3600, max: NOW_SECONDS + 30 * day })
        : fc.integer({ min: NOW_SECONDS - 30 * day, max: NOW_SECONDS - 60 });
  return choose(
    ctx,
    here,
    at(plausible, fc.constant(0)),
    at(
      fc.oneof(
        fc.integer({ min: -86_400 * 365 * 80, max: 86_400 * 365 * 200 }).map((s) => s + NOW_SECONDS),
        fc.constantFrom(0, -1, 253_402_300_799, 253_402_300_800, -62_135_596_801, 2 ** 40, -(2 ** 40)),
      ),
      fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: hostileInt(INT32) }),
    ),
  );
}

function fieldMask(ctx: Context, here: boolean): fc.Arbitrary<Record<string, unknown>> {
  const real = fc.subarray(ctx.fieldNames, { maxLength: Math.min(3, ctx.fieldNames.length) });
  const bogus = fc.array(
    fc.constantFrom(...ctx.fieldNames, 'no_such_field', 'id', 'monitor.name', '', 'Name', 'a\u0000b', 'a'.repeat(300)),
    { minLength: 1, maxLength: 4 },
  );
  return choose(ctx, here, real, bogus).map((paths) => ({ paths }));
}

function listOf<T>(
  item: fc.Arbitrary<T>,
  ctx: Context,
  here: boolean,
  first: fc.Arbitrary<T> | null,
): fc.Arbitrary<T[]> {
  if (first) return fc.tuple(first, fc.array(item, { maxLength: 1 })).map(([a, rest]) => [a, ...rest]);
  return choose(
    ctx,
    here,
    fc.oneof(
      { weight: 2, arbitrary: fc.constant<T[]>([]) },
      { weight: 1, arbitrary: fc.array(item, { minLength: 1, maxLength: 2 }) },
    ),
    fc.oneof(fc.array(item, { minLength: 1, maxLength: 3 }), fc.array(item, { minLength: 20, maxLength: 60 })),
  );
}

function fieldValue(field: DescField, ctx: Context): fc.Arbitrary<unknown> {
  const onPath = ctx.target !== null && ctx.target[0] === field.localName;
  const here = onPath && ctx.target!.length === 1;
  const inner: Context = { ...ctx, target: onPath && !here ? ctx.target!.slice(1) : null, depth: ctx.depth + 1 };
  // Children of the target are generated in hostile (mixed) mode; elsewhere they stay plausible.
  const hostileInner: Context = { ...inner, mode: here ? 'mixed' : ctx.mode };
  switch (field.fieldKind) {
    case 'scalar':
      return scalar(field.scalar, field, ctx, here);
    case 'enum':
      return enumValue(field.enum.values, ctx, here);
    case 'message':
      return messageInit(field.message, hostileInner, here, field.name);
    case 'list': {
      const item =
        field.listKind === 'scalar'
          ? scalar(field.scalar, field, { ...ctx, target: null }, here)
          : field.listKind === 'enum'
            ? enumValue(field.enum.values, { ...ctx, target: null }, here)
            : messageInit(field.message, { ...hostileInner, target: null }, false);
      const first = onPath && !here && field.listKind === 'message' ? messageInit(field.message, inner, false) : null;
      return listOf<unknown>(item, ctx, here, first);
    }
    case 'map': {
      const keyName = /^(light|dark)$/.test(field.name) ? 'css_variable' : 'key';
      const keyField = { ...field, name: keyName } as DescField;
      const key = (
        field.mapKey === ScalarType.STRING
          ? scalar(ScalarType.STRING, keyField, { ...ctx, target: null }, here)
          : scalar(field.mapKey, field, ctx, here).map(String)
      ) as fc.Arbitrary<string>;
      const value =
        field.mapKind === 'scalar'
          ? scalar(field.scalar, field, { ...ctx, target: null }, here)
          : field.mapKind === 'enum'
            ? enumValue(field.enum.values, ctx, here)
            : messageInit(field.message, hostileInner, false);
      return choose(
        ctx,
        here,
        fc.dictionary(key, value, { maxKeys: 2 }),
        fc.oneof(
          fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 }),
          fc.dictionary(key, value, { minKeys: 51, maxKeys: 60 }),
        ),
      );
    }
    default: {
      const unreachable: never = field;
      throw new Error(`unhandled field ${String(unreachable)}`);
    }
  }
}

/** Fields of messages that answers carry and requests ignore or refuse. */
const OUTPUT_ONLY = new Set([
  'id',
  'created_at',
  'updated_at',
  'private_location_ids',
  'configured_secrets',
  'published',
  'password_set',
  'token',
  'last_seen_at',
]);

/** `slack` for the case `slack`, `google_chat` for `googleChat`. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The init object of a message (as `create` takes it). In plausible mode every field is set to a
 * value its checks accept, except the target; in mixed mode fields may be missing or broken.
 */
export function messageInit(
  desc: DescMessage,
  outer: Context,
  here = false,
  name = '',
): fc.Arbitrary<Record<string, unknown>> {
  if (desc.typeName === 'google.protobuf.Timestamp') return timestamp(outer, here, name);
  if (desc.typeName === 'google.protobuf.FieldMask') return fieldMask(outer, here);
  if (outer.depth > 4) return fc.constant({});
  const ctx: Context = { ...outer, scope: { ...outer.scope, parent: desc.name } };
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of desc.fields.filter((f) => !f.oneof)) {
    // Fields only answers carry: a plausible request leaves them out (some are refused when set).
    const outputOnly =
      OUTPUT_ONLY.has(f.name) ||
      (f.fieldKind === 'enum' && /^(Monitor|Maintenance|PrivateLocation|Subscriber)Status$/.test(f.enum.name));
    if (ctx.mode === 'plausible' && ctx.depth > 0 && outputOnly && ctx.target?.[0] !== f.localName) continue;
    parts[f.localName] = fieldValue(f, ctx);
  }
  for (const oneof of desc.oneofs) {
    const targeted = oneof.fields.find((f) => ctx.target?.[0] === f.localName);
    const caseOf = (f: DescField) => fieldValue(f, ctx).map((value) => ({ case: f.localName, value }));
    parts[oneof.localName] = targeted
      ? caseOf(targeted)
      : fc.oneof(
          { weight: ctx.mode === 'plausible' ? 0 : 1, arbitrary: fc.constant(undefined) },
          { weight: 4, arbitrary: fc.constantFrom(...oneof.fields).chain(caseOf) },
        );
  }
  const required = ctx.mode === 'plausible' ? Object.keys(parts) : (ctx.target ?? []).slice(0, 1);
  return fc.record(parts, { requiredKeys: required.filter((k) => k in parts) }).map((init) => {
    const out = Object.fromEntries(Object.entries(init).filter(([, v]) => v !== undefined));
    // A provider block and the provider type that names it go together when the input is plausible.
    const provider = out.provider as { case?: string } | undefined;
    if (ctx.mode === 'plausible' && provider?.case && 'providerType' in parts && ctx.target?.[0] !== 'providerType') {
      out.providerType = snake(provider.case);
    }
    return out;
  });
}

/** Field names of a message and of the messages it holds, as a field mask names them. */
function fieldNames(desc: DescMessage, depth = 0, out = new Set<string>()): Set<string> {
  for (const f of desc.fields) {
    if (depth > 0) out.add(f.name);
    if (depth < 2 && f.fieldKind === 'message' && !f.message.typeName.startsWith('google.')) {
      fieldNames(f.message, depth + 1, out);
    }
  }
  return out;
}

/** Every field a plausible request may break, as paths of local names. */
function leafPaths(desc: DescMessage, depth = 0, prefix: string[] = [], out: string[][] = []): string[][] {
  for (const f of desc.fields) {
    const path = [...prefix, f.localName];
    out.push(path);
    const nested = f.fieldKind === 'message' || (f.fieldKind === 'list' && f.listKind === 'message') ? f.message : null;
    if (nested && depth < 3 && !nested.typeName.startsWith('google.')) leafPaths(nested, depth + 1, path, out);
  }
  return out;
}

/** A JSON value of the wrong type or range for almost any field. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    '',
    '\u0000',
    'NaN',
    'Infinity',
    '99999999999999999999999',
    '1970-01-01T00:00:00Z',
    '9999-99-99T99:99:99Z',
    [],
    {},
    [null],
    { a: 1 },
    'x'.repeat(1000),
  ),
  hostileString(),
  fc.jsonValue({ maxDepth: 2 }),
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path (keys and indexes) of a JSON value, the root included. */
function pathsOf(value: Json, at: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

/** A copy of `json` with the value at one of its paths replaced (or a key added to an object). */
export function mutateJson(json: unknown, pick: number, replacement: unknown, addKey: string | null): unknown {
  const copy = structuredClone(json) as Json;
  const paths = pathsOf(copy);
  const path = paths[pick % paths.length];
  if (!path.length)
    return addKey !== null && copy && typeof copy === 'object' ? { ...copy, [addKey]: replacement } : replacement;
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1];
  const target = parent[last];
  if (addKey !== null && target && typeof target === 'object' && !Array.isArray(target)) {
    (target as Record<string, unknown>)[addKey] = replacement;
  } else {
    parent[last] = replacement as Json;
  }
  return copy;
}

/** One HTTP request of a property test. */
export interface WireRequest {
  contentType: string;
  body: string | Uint8Array;
}

/** A generated call of one RPC method, in the forms it is sent in. */
export interface RpcCase {
  /** `/package.Service/Method` */
  procedure: string;
  requests: WireRequest[];
  /** What was generated, short enough for a failure message. */
  show: string;
}

export interface RpcMethodLike {
  name: string;
  input: DescMessage;
}

export interface RpcServiceLike {
  typeName: string;
  methods: RpcMethodLike[];
}

const PROTO = 'application/proto';
const JSON_TYPE = 'application/json';

/** Bodies no encoder makes: truncated, random, lying about lengths, wrong wire types, bad JSON text. */
function malformed(valid: Uint8Array): fc.Arbitrary<WireRequest> {
  const bytes = (b: Uint8Array | readonly number[]) => ({ contentType: PROTO, body: Uint8Array.from(b) });
  return fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map(bytes),
    fc.nat({ max: Math.max(0, valid.length - 1) }).map((n) => bytes(valid.subarray(0, n))),
    fc
      .constantFrom(
        [0x0a, 0x7f], // field 1, length 127, no bytes follow
        [0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f], // field 1, length 4 GiB
        [0x0f], // wire type 7 does not exist
        [0x0b, 0x0c], // a group that ends as another field
        [0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], // an 11-byte varint
        [0x00], // field number 0
        [0x0a, 0x02, 0xc3, 0x28], // invalid UTF-8 in a string
        [0x12, 0x03, 0xff, 0xfe, 0xfd],
      )
      .map(bytes),
    fc
      .constantFrom('', '{', '[]', 'null', '"x"', '{"a":', '\u0000', '{"id":1}}', '{"__proto__":{"x":1}}', '1e999')
      .map((body) => ({ contentType: JSON_TYPE, body })),
  );
}

/** Calls of every method of `services`, each sent as binary protobuf and as Connect JSON. */
export function rpcCases(services: RpcServiceLike[], ids: IdPool): fc.Arbitrary<RpcCase> {
  const methods = services.flatMap((s) => s.methods.map((m) => ({ procedure: `/${s.typeName}/${m.name}`, method: m })));
  const perMethod = methods.map(({ procedure, method }) => {
    const names = [...fieldNames(method.input)];
    const base = {
      ids,
      fieldNames: names.length ? names : ['name'],
      scope: { kind: kindOfMethod(method.name), parent: method.input.name, deletes: isDeleting(method.name) },
      depth: 0,
    };
    const leaves = leafPaths(method.input);
    const inits: Array<fc.Arbitrary<[Record<string, unknown>, string]>> = [
      messageInit(method.input, { ...base, mode: 'plausible', target: null }).map((i) => [i, 'plausible']),
      messageInit(method.input, { ...base, mode: 'mixed', target: null }).map((i) => [i, 'mixed']),
    ];
    if (leaves.length) {
      const targeted = fc
        .constantFrom(...leaves)
        .chain((target) =>
          messageInit(method.input, { ...base, mode: 'plausible', target }).map(
            (i): [Record<string, unknown>, string] => [i, `broken ${target.join('.')}`],
          ),
        );
      inits.push(targeted, targeted, targeted, targeted);
    }
    return fc
      .tuple(
        fc.oneof(...inits),
        fc.option(fc.tuple(fc.nat(), hostileJson, fc.option(fc.constantFrom('unknownField', 'id', '@type')))),
        fc.nat({ max: 9 }).map((n) => n === 0),
      )
      .chain(([[init, how], jsonMutation, withMalformed]) => {
        const message = create(method.input, init);
        const binary = toBinary(method.input, message);
        const requests: WireRequest[] = [{ contentType: PROTO, body: binary }];
        let json: unknown = null;
        try {
          json = toJson(method.input, message);
        } catch {
          // Values JSON cannot carry (a timestamp past year 9999, a mask path without a camelCase form):
          // binary only.
        }
        if (json !== null) requests.push({ contentType: JSON_TYPE, body: JSON.stringify(json) });
        if (json !== null && jsonMutation) {
          const [pick, replacement, addKey] = jsonMutation;
          requests.push({ contentType: JSON_TYPE, body: JSON.stringify(mutateJson(json, pick, replacement, addKey)) });
        }
        const show = `(${how}) ${describe(init)}`;
        if (!withMalformed) return fc.constant({ procedure, requests, show });
        return malformed(binary).map((bad) => ({
          procedure,
          requests: [...requests, bad],
          show: `${show} + ${describe(bad.body)}`,
        }));
      });
  });
  return fc.oneof(...perMethod);
}

/** A readable, bounded rendering of a generated value for failure messages. */
export function describe(value: unknown, max = 600): string {
  const text =
    value instanceof Uint8Array
      ? `bytes[${Buffer.from(value).toString('hex')}]`
      : JSON.stringify(value, (_k, v: unknown) => {
          if (typeof v === 'bigint') return `${v}n`;
          if (typeof v === 'string' && v.length > 60) return `${JSON.stringify(v.slice(0, 20))}…(${v.length} chars)`;
          return v;
        });
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The subset of JSON Schema that zod's toJSONSchema emits for the MCP tools' inputs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

interface JsonContext {
  ids: IdPool;
  scope: FieldScope;
  mode: 'plausible' | 'mixed';
}

/**
 * A value for a JSON schema. `here` marks the one value to break (hostile: the wrong type, out of
 * range, a control character); elsewhere plausible mode keeps to the schema and mixed mode does either.
 */
function jsonFor(schema: JsonSchema, ctx: JsonContext, name: string, here: boolean): fc.Arbitrary<unknown> {
  const pick = (plausible: fc.Arbitrary<unknown>, hostile: fc.Arbitrary<unknown>) => {
    const bad = fc.oneof({ weight: 3, arbitrary: hostile }, { weight: 1, arbitrary: hostileJson });
    if (here) return bad;
    if (ctx.mode === 'plausible') return plausible;
    return fc.oneof({ weight: 5, arbitrary: plausible }, { weight: 2, arbitrary: bad });
  };
  if (schema.enum) return pick(fc.constantFrom(...schema.enum), hostileString());
  if (schema.const !== undefined) return pick(fc.constant(schema.const), hostileJson);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => jsonFor(a, ctx, name, here)));
  const type: string = (Array.isArray(schema.type) ? schema.type[0] : schema.type) ?? 'object';
  switch (type) {
    case 'string': {
      // A pattern of digits is an id; dates and periods have patterns of digits too, and are not.
      const dated = /^(from|to|month|quarter)$/.test(name) || schema.format === 'date-time';
      const idName = /\\d/.test(schema.pattern ?? '') && !dated && !/ids?$/i.test(name) ? `${name}Id` : name;
      const plausible = plausibleString(idName, ctx.ids, ctx.scope);
      return pick(plausible, broken(plausible, ctx.ids, idName !== name || /ids?$/i.test(name)));
    }
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? -1000;
      const hi = schema.maximum ?? 100_000;
      const clamp = (n: number) => Math.min(hi, Math.max(lo, n));
      const snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      return pick(
        (type === 'number' ? plausibleDouble(snake) : plausibleInt(snake)).map(clamp),
        fc.oneof(
          fc.constantFrom(lo - 1, hi + 1, -1, 2 ** 31, 2 ** 53, 1e308, 0.5, -0),
          fc.double({ noNaN: true }),
          fc.integer(),
        ),
      );
    }
    case 'boolean':
      return pick(fc.boolean(), hostileJson);
    case 'null':
      return pick(fc.constant(null), hostileJson);
    case 'array': {
      const inner = { ...ctx, mode: here ? ('mixed' as const) : ctx.mode };
      const item = schema.items ? jsonFor(schema.items, inner, name, false) : hostileJson;
      return pick(
        fc.array(item, { maxLength: 2 }),
        fc.oneof(
          fc.array(item, { minLength: 1, maxLength: 3 }),
          fc.array(item, { minLength: (schema.maxItems ?? 50) + 1, maxLength: (schema.maxItems ?? 50) + 3 }),
        ),
      );
    }
    default:
      // An object, or a schema that says nothing about its type.
      return pick(objectFor(schema, ctx, null), hostileJson);
  }
}

function objectFor(schema: JsonSchema, ctx: JsonContext, target: string | null): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const parts = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, jsonFor(s, ctx, k, k === target)]));
  const required = (schema.required ?? []).filter((k) => k in parts);
  const always = ctx.mode === 'plausible' ? [...required, ...(target ? [target] : [])] : required;
  return fc
    .tuple(
      fc.record(parts, { requiredKeys: [...new Set(always)] }),
      ctx.mode === 'plausible'
        ? fc.constant(null)
        : fc.option(fc.tuple(fc.constantFrom('extra', 'unknownField', ''), hostileJson), { freq: 6 }),
      fc.nat({ max: 9 }),
    )
    .map(([value, extra, dropRequired]) => {
      const out: Record<string, unknown> = { ...value };
      // Now and then a required argument is missing (mixed mode only).
      if (ctx.mode === 'mixed' && dropRequired === 0 && required.length) delete out[required[0]];
      if (extra) out[extra[0]] = extra[1];
      return out;
    });
}

/**
 * Arguments of an MCP tool from its input schema: plausible ones, plausible ones with one argument
 * broken, and ones broken anywhere.
 */
export function toolArguments(schema: JsonSchema, ids: IdPool, tool: string): fc.Arbitrary<Record<string, unknown>> {
  const scope: FieldScope = { kind: kindOfMethod(tool), parent: tool, deletes: isDeleting(tool) };
  const plausible: JsonContext = { ids, scope, mode: 'plausible' };
  const props = Object.keys(schema.properties ?? {});
  const targeted = props.length ? [fc.constantFrom(...props).chain((p) => objectFor(schema, plausible, p))] : [];
  return fc.oneof(
    objectFor(schema, plausible, null),
    ...targeted,
    ...targeted,
    ...targeted,
    objectFor(schema, { ...plausible, mode: 'mixed' }, null),
    objectFor(schema, { ...plausible, mode: 'mixed' }, null),
  );
}
