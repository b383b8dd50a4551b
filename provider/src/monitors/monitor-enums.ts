// The words a configuration uses for the monitor enums (SPEC 2.1, 2.2) and their proto constants.
// One table per enum; the reverse direction is derived, so the two can never disagree.
import {
  AssertionSeverity,
  HTTPMethod,
  JSONComparator,
  MonitorStatus,
  NumberComparator,
  Periodicity,
  RecordComparator,
  Region,
  StringComparator,
  TimingPhase,
} from '@uptime/proto/gen/monitor/v1/common_pb.js';
import { HeartbeatSchedule } from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb.js';
import { StartTLS } from '@uptime/proto/gen/monitor/v1/tls_monitor_pb.js';
import { ProviderError } from '../framework/types';

/** Word <-> proto enum value; `decode` of a value the table lacks (UNSPECIFIED, a newer one) is an error. */
export class EnumWords<E extends number> {
  readonly words: readonly string[];
  private readonly byValue: Map<number, string>;

  constructor(
    readonly what: string,
    private readonly byWord: Readonly<Record<string, E>>,
  ) {
    this.words = Object.keys(byWord);
    this.byValue = new Map(Object.entries(byWord).map(([word, value]) => [value, word]));
  }

  encode(word: string): E {
    const value = this.byWord[word];
    if (value === undefined)
      throw new ProviderError(`Unknown ${this.what} "${word}"`, `Use one of ${this.words.join(', ')}.`);
    return value;
  }

  decode(value: number): string {
    const word = this.byValue.get(value);
    if (word === undefined) {
      throw new ProviderError(
        `The service returned an unknown ${this.what} (${value})`,
        'Upgrade the provider to a version that knows it.',
      );
    }
    return word;
  }
}

export const PERIODICITY = new EnumWords('periodicity', {
  '30s': Periodicity.PERIODICITY_30S,
  '1m': Periodicity.PERIODICITY_1M,
  '5m': Periodicity.PERIODICITY_5M,
  '10m': Periodicity.PERIODICITY_10M,
  '30m': Periodicity.PERIODICITY_30M,
  '1h': Periodicity.PERIODICITY_1H,
});

export const REGION = new EnumWords('region', {
  'fly-ams': Region.FLY_AMS,
  'fly-arn': Region.FLY_ARN,
  'fly-bom': Region.FLY_BOM,
  'fly-cdg': Region.FLY_CDG,
  'fly-dfw': Region.FLY_DFW,
  'fly-ewr': Region.FLY_EWR,
  'fly-fra': Region.FLY_FRA,
  'fly-gru': Region.FLY_GRU,
  'fly-iad': Region.FLY_IAD,
  'fly-jnb': Region.FLY_JNB,
  'fly-lax': Region.FLY_LAX,
  'fly-lhr': Region.FLY_LHR,
  'fly-nrt': Region.FLY_NRT,
  'fly-ord': Region.FLY_ORD,
  'fly-sjc': Region.FLY_SJC,
  'fly-sin': Region.FLY_SIN,
  'fly-syd': Region.FLY_SYD,
  'fly-yyz': Region.FLY_YYZ,
  'koyeb-fra': Region.KOYEB_FRA,
  'koyeb-par': Region.KOYEB_PAR,
  'koyeb-sfo': Region.KOYEB_SFO,
  'koyeb-sin': Region.KOYEB_SIN,
  'koyeb-tyo': Region.KOYEB_TYO,
  'koyeb-was': Region.KOYEB_WAS,
  'railway-us-west2': Region.RAILWAY_US_WEST2,
  'railway-us-east4': Region.RAILWAY_US_EAST4,
  'railway-europe-west4': Region.RAILWAY_EUROPE_WEST4,
  'railway-asia-southeast1': Region.RAILWAY_ASIA_SOUTHEAST1,
});

/** What the service runs a monitor from when it is created without regions (proto: "Default ..."). */
export const DEFAULT_REGIONS = ['fly-ams', 'fly-iad', 'fly-sin'] as const;

export const HTTP_METHOD = new EnumWords('HTTP method', {
  GET: HTTPMethod.HTTP_METHOD_GET,
  POST: HTTPMethod.HTTP_METHOD_POST,
  HEAD: HTTPMethod.HTTP_METHOD_HEAD,
  PUT: HTTPMethod.HTTP_METHOD_PUT,
  PATCH: HTTPMethod.HTTP_METHOD_PATCH,
  DELETE: HTTPMethod.HTTP_METHOD_DELETE,
  OPTIONS: HTTPMethod.HTTP_METHOD_OPTIONS,
  TRACE: HTTPMethod.HTTP_METHOD_TRACE,
  CONNECT: HTTPMethod.HTTP_METHOD_CONNECT,
});

export const NUMBER_COMPARATOR = new EnumWords('status code comparator', {
  eq: NumberComparator.EQUAL,
  neq: NumberComparator.NOT_EQUAL,
  gt: NumberComparator.GREATER_THAN,
  gte: NumberComparator.GREATER_THAN_OR_EQUAL,
  lt: NumberComparator.LESS_THAN,
  lte: NumberComparator.LESS_THAN_OR_EQUAL,
});

export const STRING_COMPARATOR = new EnumWords('string comparator', {
  contains: StringComparator.CONTAINS,
  not_contains: StringComparator.NOT_CONTAINS,
  eq: StringComparator.EQUAL,
  neq: StringComparator.NOT_EQUAL,
  empty: StringComparator.EMPTY,
  not_empty: StringComparator.NOT_EMPTY,
  gt: StringComparator.GREATER_THAN,
  gte: StringComparator.GREATER_THAN_OR_EQUAL,
  lt: StringComparator.LESS_THAN,
  lte: StringComparator.LESS_THAN_OR_EQUAL,
  matches: StringComparator.MATCHES,
  not_matches: StringComparator.NOT_MATCHES,
});

export const JSON_COMPARATOR = new EnumWords('JSON comparator', {
  eq: JSONComparator.JSON_COMPARATOR_EQUAL,
  neq: JSONComparator.JSON_COMPARATOR_NOT_EQUAL,
  contains: JSONComparator.JSON_COMPARATOR_CONTAINS,
  not_contains: JSONComparator.JSON_COMPARATOR_NOT_CONTAINS,
  gt: JSONComparator.JSON_COMPARATOR_GREATER_THAN,
  gte: JSONComparator.JSON_COMPARATOR_GREATER_THAN_OR_EQUAL,
  lt: JSONComparator.JSON_COMPARATOR_LESS_THAN,
  lte: JSONComparator.JSON_COMPARATOR_LESS_THAN_OR_EQUAL,
  exists: JSONComparator.JSON_COMPARATOR_EXISTS,
  not_exists: JSONComparator.JSON_COMPARATOR_NOT_EXISTS,
  matches: JSONComparator.JSON_COMPARATOR_MATCHES,
});

export const TIMING_PHASE = new EnumWords('timing phase', {
  dns: TimingPhase.DNS,
  connect: TimingPhase.CONNECT,
  tls: TimingPhase.TLS,
  ttfb: TimingPhase.TTFB,
  transfer: TimingPhase.TRANSFER,
  total: TimingPhase.TOTAL,
});

/** A timing assertion bounds a phase from above only: the service refuses the other number comparators. */
export const TIMING_COMPARATOR = new EnumWords('timing comparator', {
  lt: NumberComparator.LESS_THAN,
  lte: NumberComparator.LESS_THAN_OR_EQUAL,
});

export const ASSERTION_SEVERITY = new EnumWords('assertion severity', {
  degraded: AssertionSeverity.DEGRADED,
  error: AssertionSeverity.ERROR,
});

export const STARTTLS = new EnumWords('STARTTLS protocol', {
  none: StartTLS.START_TLS_NONE,
  smtp: StartTLS.START_TLS_SMTP,
});

export const HEARTBEAT_SCHEDULE = new EnumWords('heartbeat schedule', {
  period: HeartbeatSchedule.PERIOD,
  cron: HeartbeatSchedule.CRON,
});

/** Certificate expiry alert thresholds in days when a monitor names none (proto CertificateExpiry). */
export const DEFAULT_CERTIFICATE_EXPIRY_DAYS = [14, 7, 1] as const;

export const RECORD_COMPARATOR = new EnumWords('record comparator', {
  eq: RecordComparator.EQUAL,
  neq: RecordComparator.NOT_EQUAL,
  contains: RecordComparator.CONTAINS,
  not_contains: RecordComparator.NOT_CONTAINS,
});

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] as const;

const STATUS_WORDS = new EnumWords('monitor status', {
  active: MonitorStatus.ACTIVE,
  degraded: MonitorStatus.DEGRADED,
  error: MonitorStatus.ERROR,
  unknown: MonitorStatus.UNKNOWN,
});

export const MONITOR_STATUSES = STATUS_WORDS.words;

/** A monitor's status word; UNSPECIFIED (never judged, or an older service) reads as `unknown`. */
export function statusWord(value: MonitorStatus): string {
  return value === MonitorStatus.UNSPECIFIED ? 'unknown' : STATUS_WORDS.decode(value);
}
