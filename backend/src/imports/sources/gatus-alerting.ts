// Gatus's `alerting:` providers as notification channels, and an endpoint's `alerts:` as the monitor's
// alerting policy. A provider becomes a channel of the kind that delivers the same way (slack, discord,
// teams, ...); what a provider sets that a channel here does not have is reported by field name, never
// by value (most are credentials). Gatus ignores every alert of a provider that is not configured
// properly; a provider whose arguments this service refuses is reported and left out the same way.
import { PROVIDER_SCHEMAS } from '../../notifications/notification.schemas';
import type { NotificationProvider } from '../../notifications/notification-channel.entity';
import { MONITOR_BOUNDS } from '../../checks/check-config';
import type { ImportFinding, ImportedChannel } from '../import-model';
import { formatMs, parseGoDuration } from './gatus-time';

type YamlMap = Record<string, unknown>;
export const isMap = (value: unknown): value is YamlMap =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
/** A scalar as Gatus reads it into a string field (YAML numbers and booleans included). */
export const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** A configured provider: its channels (none when it cannot be one) and its default alert. */
export interface GatusProvider {
  type: string;
  channels: ImportedChannel[];
  defaultAlert: YamlMap | null;
}

interface ChannelPlan {
  name: string;
  kind: NotificationProvider;
  args: Record<string, unknown>;
  /** Fields of the provider this channel uses. */
  used: string[];
  findings: ImportFinding[];
}

const LABELS: Record<string, string> = {
  slack: 'Slack',
  discord: 'Discord',
  googlechat: 'Google Chat',
  teams: 'Microsoft Teams',
  'teams-workflows': 'Microsoft Teams',
  mattermost: 'Mattermost',
  pagerduty: 'PagerDuty',
  opsgenie: 'Opsgenie',
  telegram: 'Telegram',
  email: 'E-mail',
  custom: 'Webhook',
  ntfy: 'ntfy',
  gotify: 'Gotify',
  pushover: 'Pushover',
  matrix: 'Matrix',
};

/** Provider fields every provider has that are not delivery settings. */
const COMMON_FIELDS = ['default-alert', 'overrides'];

function webhookUrlKind(kind: NotificationProvider, extra: ImportFinding[] = []) {
  return (config: YamlMap): ChannelPlan[] => [
    { name: '', kind, args: { webhookUrl: str(config['webhook-url']) }, used: ['webhook-url'], findings: extra },
  ];
}

const approximate = (field: string, message: string): ImportFinding => ({ level: 'approximate', field, message });

/** Per Gatus provider type, the channels it becomes. */
const PROVIDERS: Record<string, (config: YamlMap) => ChannelPlan[]> = {
  slack: webhookUrlKind('slack'),
  discord: webhookUrlKind('discord'),
  googlechat: webhookUrlKind('google_chat'),
  'teams-workflows': webhookUrlKind('ms_teams'),
  teams: webhookUrlKind('ms_teams', [
    approximate(
      'webhook-url',
      'the channel posts an Adaptive Card, which Teams Workflows webhooks take; a retired Office 365 connector URL does not',
    ),
  ]),
  mattermost: (c) => [
    {
      name: '',
      kind: 'mattermost',
      args: { webhookUrl: str(c['webhook-url']), channel: str(c.channel) },
      used: ['webhook-url', 'channel'],
      findings: [],
    },
  ],
  pagerduty: (c) => [
    {
      name: '',
      kind: 'pagerduty',
      args: { integrationKey: str(c['integration-key']) },
      used: ['integration-key'],
      findings: [],
    },
  ],
  opsgenie: (c) => {
    const apiUrl = str(c['api-url']);
    return [
      {
        name: '',
        kind: 'opsgenie',
        args: { apiKey: str(c['api-key']), region: /\.eu\.opsgenie\.com/i.test(apiUrl) ? 'eu' : 'us' },
        used: ['api-key', 'api-url'],
        findings: [],
      },
    ];
  },
  telegram: (c) => [
    {
      name: '',
      kind: 'telegram',
      args: { chatId: str(c.id) },
      used: ['id', 'token', 'api-url'],
      findings: [
        approximate(
          'token',
          'the bot token is not kept per channel here: Telegram alerts go through the installation’s bot (TELEGRAM_BOT_TOKEN), which must be a member of the chat',
        ),
      ],
    },
  ],
  email: (c) => {
    const to = str(c.to)
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const smtp = approximate(
      'host',
      'the SMTP server, sender and login are not kept per channel here: e-mail goes through the installation’s SMTP_URL',
    );
    return (to.length ? to : ['']).map((email) => ({
      name: to.length > 1 ? `E-mail ${email}` : '',
      kind: 'email' as const,
      args: { email },
      used: ['to', 'from', 'host', 'port', 'username', 'password'],
      findings: [smtp],
    }));
  },
  custom: (c) => {
    const headers = isMap(c.headers)
      ? Object.entries(c.headers).map(([key, value]) => ({ key, value: str(value) }))
      : [];
    const findings: ImportFinding[] = [];
    for (const field of ['method', 'body', 'placeholders'])
      if (c[field] !== undefined)
        findings.push({
          level: 'unmappable',
          field,
          message: `${field}: a webhook here POSTs its own JSON alert payload; the custom request is not reproduced`,
        });
    return [
      {
        name: '',
        kind: 'webhook',
        args: { endpoint: str(c.url), headers },
        used: ['url', 'headers', 'method', 'body', 'placeholders'],
        findings,
      },
    ];
  },
  ntfy: (c) => [
    {
      name: '',
      kind: 'ntfy',
      args: { topic: str(c.topic), serverUrl: str(c.url), token: str(c.token) },
      used: ['topic', 'url', 'token'],
      findings: [],
    },
  ],
  gotify: (c) => [
    {
      name: '',
      kind: 'gotify',
      args: {
        serverUrl: str(c['server-url']),
        appToken: str(c.token),
        ...(typeof c.priority === 'number' ? { priority: c.priority } : {}),
      },
      used: ['server-url', 'token', 'priority'],
      findings: [],
    },
  ],
  pushover: (c) => [
    {
      name: '',
      kind: 'pushover',
      args: {
        appToken: str(c['application-token']),
        userKey: str(c['user-key']),
        ...(typeof c.priority === 'number' ? { priority: c.priority } : {}),
        ...(c.sound !== undefined ? { sound: str(c.sound) } : {}),
        ...(c.device !== undefined ? { device: str(c.device) } : {}),
      },
      used: ['application-token', 'user-key', 'priority', 'sound', 'device'],
      findings: [],
    },
  ],
  matrix: (c) => [
    {
      name: '',
      kind: 'matrix',
      args: {
        homeserverUrl: str(c['server-url']) || 'https://matrix-client.matrix.org',
        roomId: str(c['internal-room-id']),
        accessToken: str(c['access-token']),
      },
      used: ['server-url', 'internal-room-id', 'access-token'],
      findings: [],
    },
  ],
};

/** The Gatus alert types that become channels here. */
export const MAPPED_PROVIDER_TYPES = Object.keys(PROVIDERS);

/**
 * The providers of `alerting:`; findings about the section as a whole (a provider with no channel
 * kind here, one whose settings are refused) go to `fileFindings`.
 */
export function mapProviders(alerting: unknown, fileFindings: ImportFinding[]): Map<string, GatusProvider> {
  const providers = new Map<string, GatusProvider>();
  if (alerting === undefined || alerting === null) return providers;
  if (!isMap(alerting)) {
    fileFindings.push({ level: 'unmappable', field: 'alerting', message: 'alerting is not a map of providers' });
    return providers;
  }
  for (const [type, config] of Object.entries(alerting)) {
    const field = `alerting.${type}`;
    const plan = PROVIDERS[type];
    if (!plan) {
      fileFindings.push({
        level: 'unmappable',
        field,
        message: `alert provider ${type} has no channel kind here; its alerts are not imported`,
      });
      continue;
    }
    if (!isMap(config)) {
      fileFindings.push({
        level: 'unmappable',
        field,
        message: `alert provider ${type} has no settings: Gatus ignores it`,
      });
      continue;
    }
    const channels: ImportedChannel[] = [];
    const plans = plan(config);
    for (const [index, p] of plans.entries()) {
      const findings = [...p.findings];
      for (const key of Object.keys(config)) {
        if (p.used.includes(key) || COMMON_FIELDS.includes(key)) continue;
        findings.push({ level: 'unmappable', field: key, message: `${type} setting ${key} has no equivalent here` });
      }
      if (Array.isArray(config.overrides) && config.overrides.length) {
        const groups = config.overrides.map((o) => (isMap(o) ? str(o.group) : '')).filter(Boolean);
        findings.push({
          level: 'unmappable',
          field: 'overrides',
          message: `per-group overrides (${groups.join(', ') || 'unnamed'}) are not applied: every group alerts through this channel's settings`,
        });
      }
      const args = Object.fromEntries(Object.entries(p.args).filter(([, v]) => v !== ''));
      const checked = PROVIDER_SCHEMAS[p.kind].safeParse(args);
      if (!checked.success) {
        // Names the argument and the rule, never the value: most are credentials.
        const problems = checked.error.issues.map((i) => `${i.path.join('.') || 'settings'} ${i.message}`).join('; ');
        fileFindings.push({
          level: 'unmappable',
          field,
          message: `alert provider ${type}${plans.length > 1 ? ` (recipient ${index + 1})` : ''} is refused here (${problems}); its alerts are not imported, as Gatus ignores a provider it cannot use`,
        });
        continue;
      }
      const label = LABELS[type] ?? type;
      channels.push({
        sourceKey: plans.length > 1 ? `alerting:${type}:${index + 1}` : `alerting:${type}`,
        label: `alerting.${type}${plans.length > 1 ? ` recipient ${index + 1}` : ''}`,
        name: p.name || label,
        provider: { kind: p.kind, args: checked.data },
        monitorKeys: [],
        findings,
      });
    }
    providers.set(type, {
      type,
      channels,
      defaultAlert: isMap(config['default-alert']) ? config['default-alert'] : null,
    });
  }
  return providers;
}

/** What one endpoint's alerts make of its monitor: the policy, the channels and what was not kept. */
export interface MappedAlerts {
  alerting?: {
    failureThreshold: number;
    recoveryThreshold: number;
    reminderIntervalMinutes?: number;
    reminderLimit?: number;
  };
  channelKeys: string[];
  findings: ImportFinding[];
}

const clampCount = (n: number, max: number) => Math.min(max, Math.max(1, Math.trunc(n)));

/** The endpoint's `alerts:` with each provider's default-alert merged in as Gatus merges it. */
export function mapEndpointAlerts(alerts: unknown, providers: Map<string, GatusProvider>): MappedAlerts {
  const out: MappedAlerts = { channelKeys: [], findings: [] };
  if (alerts === undefined || alerts === null) return out;
  if (!Array.isArray(alerts)) {
    out.findings.push({ level: 'unmappable', field: 'alerts', message: 'alerts is not a list' });
    return out;
  }
  const wired: { type: string; failure: number; success: number; reminderMs: number }[] = [];
  alerts.forEach((raw, index) => {
    const field = `alerts[${index}]`;
    if (!isMap(raw)) return void out.findings.push({ level: 'unmappable', field, message: 'an alert is not a map' });
    const type = str(raw.type);
    const provider = providers.get(type);
    if (!MAPPED_PROVIDER_TYPES.includes(type))
      return void out.findings.push({
        level: 'unmappable',
        field: `${field}.type`,
        message: `alert type ${type || '(none)'} has no channel kind here`,
      });
    if (!provider || provider.channels.length === 0)
      return void out.findings.push({
        level: 'unmappable',
        field: `${field}.type`,
        message: `alerting.${type} is not configured in a form this import can use, so Gatus would ignore this alert too; it is not wired`,
      });
    // Gatus merges the provider's default-alert into each field the endpoint's alert leaves unset.
    const merged: YamlMap = { ...(provider.defaultAlert ?? {}) };
    for (const [k, v] of Object.entries(raw)) if (v !== undefined && v !== null) merged[k] = v;
    // Zero or absent counts are unset for Gatus: the default alert's, then Gatus's defaults (3 and 2).
    const count = (k: string, fallback: number): number => {
      for (const v of [raw[k], provider.defaultAlert?.[k]]) if (typeof v === 'number' && v > 0) return v;
      return fallback;
    };
    if (merged.enabled === false)
      return void out.findings.push({
        level: 'approximate',
        field: `${field}.enabled`,
        message: `the ${type} alert is disabled in Gatus: the channel is created but not wired to this monitor`,
      });
    const failure = count('failure-threshold', 3);
    const success = count('success-threshold', 2);
    const reminderMs = parseGoDuration(str(merged['minimum-reminder-interval'])) ?? 0;
    wired.push({ type, failure, success, reminderMs });
    for (const channel of provider.channels)
      if (!out.channelKeys.includes(channel.sourceKey)) out.channelKeys.push(channel.sourceKey);
    if (merged['send-on-resolved'] !== true)
      out.findings.push({
        level: 'unmappable',
        field: `${field}.send-on-resolved`,
        message: `send-on-resolved is off for the ${type} alert: channels here are told of the recovery too`,
      });
    if (str(merged.description))
      out.findings.push({
        level: 'unmappable',
        field: `${field}.description`,
        message: `the ${type} alert's description is not part of alerts here`,
      });
    if (raw['provider-override'] !== undefined)
      out.findings.push({
        level: 'unmappable',
        field: `${field}.provider-override`,
        message: `the ${type} alert's provider-override is not applied: it alerts through alerting.${type}'s settings`,
      });
  });
  if (wired.length === 0) return out;
  const failures = [...new Set(wired.map((w) => w.failure))];
  const successes = [...new Set(wired.map((w) => w.success))];
  const failureThreshold = clampCount(Math.min(...failures), MONITOR_BOUNDS.failureThresholdMax);
  const recoveryThreshold = clampCount(Math.min(...successes), MONITOR_BOUNDS.recoveryThresholdMax);
  out.alerting = { failureThreshold, recoveryThreshold };
  if (failures.length > 1)
    out.findings.push({
      level: 'approximate',
      field: 'alerts',
      message: `the alerts wait for ${failures.join(', ')} failures in a row; here one threshold applies to every channel: ${failureThreshold}`,
    });
  if (successes.length > 1)
    out.findings.push({
      level: 'approximate',
      field: 'alerts',
      message: `the alerts resolve after ${successes.join(', ')} successes in a row; here one threshold applies to every channel: ${recoveryThreshold}`,
    });
  if (Math.min(...failures) !== failureThreshold || Math.min(...successes) !== recoveryThreshold)
    out.findings.push({
      level: 'approximate',
      field: 'alerts',
      message: `thresholds here are 1 to ${MONITOR_BOUNDS.failureThresholdMax}: ${failureThreshold} failures, ${recoveryThreshold} successes`,
    });
  const reminders = wired.map((w) => w.reminderMs).filter((ms) => ms > 0);
  if (reminders.length) {
    const ms = Math.min(...reminders);
    const minutes = Math.min(MONITOR_BOUNDS.reminderIntervalMinutesMax, Math.max(1, Math.ceil(ms / 60_000)));
    out.alerting.reminderIntervalMinutes = minutes;
    out.alerting.reminderLimit = MONITOR_BOUNDS.reminderLimitMax;
    out.findings.push({
      level: 'approximate',
      field: 'alerts',
      message: `reminders every ${formatMs(minutes * 60_000)}${reminders.length < wired.length || new Set(reminders).size > 1 ? ' to every channel' : ''} (Gatus: at least ${formatMs(ms)} apart), at most ${MONITOR_BOUNDS.reminderLimitMax} per alert`,
    });
  }
  return out;
}
