// Uptime Kuma notifications (the `notification` table, its settings a JSON `config` keyed by Kuma's
// provider name) as channels of the kinds both have, wired to the monitors Kuma linked them to
// (`monitor_notification`). What a kind here takes from the operator's configuration instead of the
// channel (Telegram's bot, the mail relay, Twilio's account) is reported, never put in a finding.
import { PROVIDER_SCHEMAS, type ProviderBlock } from '../../notifications/notification.schemas';
import { NOTIFICATION_BOUNDS } from '../../channels/arguments';
import type { ImportedChannel, ImportFinding } from '../import-model';
import { bool, json, keyValues, str, textOf, type KumaRows } from './uptime-kuma-database';
import { monitorKey } from './uptime-kuma-monitors';
import { clip } from './uptime-kuma-values';

type Config = Record<string, unknown>;
type Kind = ProviderBlock['kind'];

interface Mapped {
  kind: Kind;
  args: Record<string, unknown>;
  findings: ImportFinding[];
}

const s = (config: Config, key: string): string => textOf(config[key]).trim();

/** A setting that has no equivalent, reported only when Kuma's form had it set. */
function ifSet(config: Config, findings: ImportFinding[], key: string, what: string): void {
  const v = config[key];
  if (v !== undefined && v !== null && v !== '' && v !== false)
    findings.push({ level: 'unmappable', field: key, message: `${what} has no equivalent` });
}

const webhookUrl =
  (kind: Kind, key: string) =>
  (c: Config, f: ImportFinding[]): Mapped => ({ kind, args: { webhookUrl: s(c, key) }, findings: f });

/** Each mapper takes a Kuma config and answers the channel(s) it becomes. */
const MAPPERS: Record<string, (config: Config, findings: ImportFinding[]) => Mapped | Mapped[]> = {
  discord: (c, f) => {
    ifSet(c, f, 'discordUsername', 'the bot display name');
    ifSet(c, f, 'discordPrefixMessage', 'the message prefix');
    ifSet(c, f, 'discordUseMessageTemplate', 'the custom message template');
    ifSet(c, f, 'threadId', 'posting into a thread');
    return { kind: 'discord', args: { webhookUrl: s(c, 'discordWebhookUrl') }, findings: f };
  },
  slack: (c, f) => {
    ifSet(c, f, 'slackchannel', 'the channel override');
    ifSet(c, f, 'slackusername', 'the user name override');
    ifSet(c, f, 'slackiconemo', 'the icon emoji');
    ifSet(c, f, 'slackUseTemplate', 'the custom message template');
    return { kind: 'slack', args: { webhookUrl: s(c, 'slackwebhookURL') }, findings: f };
  },
  teams: webhookUrl('ms_teams', 'webhookUrl'),
  GoogleChat: (c, f) => {
    ifSet(c, f, 'googleChatUseTemplate', 'the custom message template');
    return { kind: 'google_chat', args: { webhookUrl: s(c, 'googleChatWebhookURL') }, findings: f };
  },
  GrafanaOncall: webhookUrl('grafana_oncall', 'GrafanaOncallURL'),
  telegram: (c, f) => {
    f.push({
      level: 'approximate',
      field: 'telegramBotToken',
      message:
        "Kuma sent through its own bot; here alerts go through this service's Telegram bot, which must be a member of the chat",
    });
    ifSet(c, f, 'telegramMessageThreadID', 'posting into a topic thread');
    ifSet(c, f, 'telegramServerUrl', 'a custom Bot API server');
    ifSet(c, f, 'telegramUseTemplate', 'the custom message template');
    return { kind: 'telegram', args: { chatId: s(c, 'telegramChatID') }, findings: f };
  },
  webhook: (c, f) => {
    const headers = json<unknown>(s(c, 'webhookAdditionalHeaders'), null);
    const list = keyValues(headers);
    if (s(c, 'webhookAdditionalHeaders') && !list.length && headers === null)
      f.push({ level: 'unmappable', field: 'webhookAdditionalHeaders', message: 'the extra headers are not JSON' });
    const contentType = s(c, 'webhookContentType') || 'json';
    if (contentType === 'custom')
      f.push({
        level: 'unmappable',
        field: 'webhookCustomBody',
        message: "the custom request body has no equivalent: this service's JSON alert body is posted",
      });
    else if (contentType !== 'json')
      f.push({
        level: 'approximate',
        field: 'webhookContentType',
        message: `Kuma posted ${contentType}; here the alert is posted as JSON in this service's shape`,
      });
    else
      f.push({
        level: 'approximate',
        field: 'webhookURL',
        message: "the JSON body has this service's shape, not Kuma's (heartbeat, monitor, msg)",
      });
    return {
      kind: 'webhook',
      args: { endpoint: s(c, 'webhookURL'), headers: list.slice(0, NOTIFICATION_BOUNDS.headers), signingSecret: '' },
      findings: f,
    };
  },
  smtp: (c, f) => {
    f.push({
      level: 'approximate',
      field: 'smtpHost',
      message: "Kuma's SMTP server settings are not used: mail goes through this service's relay and sender",
    });
    ifSet(c, f, 'customSubject', 'the custom subject');
    ifSet(c, f, 'customBody', 'the custom body');
    const addresses = ['smtpTo', 'smtpCC', 'smtpBCC'].flatMap((k) =>
      s(c, k)
        .split(/[,;]/)
        .map((a) => a.trim())
        .filter(Boolean),
    );
    const unique = [...new Set(addresses)];
    if (unique.length > 1)
      f.push({
        level: 'approximate',
        field: 'smtpTo',
        message: `one e-mail channel per recipient (${unique.length}); CC and BCC become recipients of their own`,
      });
    return unique.map((email) => ({ kind: 'email' as const, args: { email }, findings: f }));
  },
  pushover: (c, f) => {
    ifSet(c, f, 'pushovertitle', 'the message title');
    ifSet(c, f, 'pushoverttl', 'the message time to live');
    ifSet(c, f, 'pushoversounds_up', 'the recovery sound');
    const priority = s(c, 'pushoverpriority');
    return {
      kind: 'pushover',
      args: {
        userKey: s(c, 'pushoveruserkey'),
        appToken: s(c, 'pushoverapptoken'),
        priority: priority === '' ? undefined : Number(priority),
        device: s(c, 'pushoverdevice'),
        sound: s(c, 'pushoversounds'),
      },
      findings: f,
    };
  },
  gotify: (c, f) => {
    const priority = s(c, 'gotifyPriority');
    return {
      kind: 'gotify',
      args: {
        serverUrl: s(c, 'gotifyserverurl').replace(/\/+$/, ''),
        appToken: s(c, 'gotifyapplicationToken'),
        priority: priority === '' ? undefined : Number(priority),
      },
      findings: f,
    };
  },
  ntfy: (c, f) => {
    const method = s(c, 'ntfyAuthenticationMethod') || (s(c, 'ntfyusername') ? 'usernamePassword' : 'none');
    if (method === 'usernamePassword')
      f.push({
        level: 'unmappable',
        field: 'ntfyusername',
        message:
          'user name and password authentication has no equivalent (an access token does): alerts go unauthenticated',
      });
    ifSet(c, f, 'ntfyPriority', 'the message priority');
    ifSet(c, f, 'ntfyIcon', 'the icon');
    return {
      kind: 'ntfy',
      args: {
        topic: s(c, 'ntfytopic'),
        serverUrl: s(c, 'ntfyserverurl').replace(/\/+$/, ''),
        token: method === 'accessToken' ? s(c, 'ntfyaccesstoken') : '',
      },
      findings: f,
    };
  },
  matrix: (c, f) => {
    ifSet(c, f, 'matrixUseTemplate', 'the custom message template');
    return {
      kind: 'matrix',
      args: {
        homeserverUrl: s(c, 'homeserverUrl').replace(/\/+$/, ''),
        roomId: s(c, 'internalRoomId'),
        accessToken: s(c, 'accessToken'),
      },
      findings: f,
    };
  },
  mattermost: (c, f) => {
    ifSet(c, f, 'mattermosticonemo', 'the icon emoji');
    return {
      kind: 'mattermost',
      args: {
        webhookUrl: s(c, 'mattermostWebhookUrl'),
        channel: s(c, 'mattermostchannel'),
        username: s(c, 'mattermostusername'),
        iconUrl: s(c, 'mattermosticonurl'),
      },
      findings: f,
    };
  },
  PagerDuty: (c, f) => {
    const url = s(c, 'pagerdutyIntegrationUrl');
    if (url && !/^https:\/\/events\.pagerduty\.com\/v2\/enqueue\/?$/.test(url))
      f.push({
        level: 'unmappable',
        field: 'pagerdutyIntegrationUrl',
        message: "a custom events URL: here events go to the operator's PagerDuty endpoint",
      });
    ifSet(c, f, 'pagerdutyPriority', 'the event severity');
    return { kind: 'pagerduty', args: { integrationKey: s(c, 'pagerdutyIntegrationKey') }, findings: f };
  },
  Opsgenie: (c, f) => {
    ifSet(c, f, 'opsgeniePriority', 'the alert priority');
    const region = s(c, 'opsgenieRegion').toLowerCase() === 'eu' ? 'eu' : 'us';
    return { kind: 'opsgenie', args: { apiKey: s(c, 'opsgenieApiKey'), region }, findings: f };
  },
  twilio: (c, f) => {
    f.push({
      level: 'approximate',
      field: 'twilioAccountSID',
      message: "Kuma's Twilio account is not used: SMS go through this service's Twilio account and sender",
    });
    return { kind: 'sms', args: { phoneNumber: s(c, 'twilioToNumber') }, findings: f };
  },
};

export const notificationKey = (id: unknown) => `notification:${String(id)}`;

export interface MappedChannels {
  channels: ImportedChannel[];
  findings: ImportFinding[];
}

export function mapNotifications(rows: KumaRows, mappedMonitorKeys: ReadonlySet<string>): MappedChannels {
  const channels: ImportedChannel[] = [];
  const findings: ImportFinding[] = [];
  for (const row of rows.notifications) {
    const id = str(row, 'id');
    const config = json<Config>(str(row, 'config'), {});
    const type = s(config, 'type');
    const name = str(row, 'name').trim() || s(config, 'name') || `Kuma notification ${id}`;
    const label = `notification ${id} “${name}”`;
    const mapper = MAPPERS[type];
    if (!mapper) {
      findings.push({
        level: 'unmappable',
        message: `${label} is of kind ${type || '(none)'}, which has no channel kind here`,
      });
      continue;
    }
    const monitorKeys = rows.monitorNotifications
      .filter((mn) => str(mn, 'notification_id') === id)
      .map((mn) => monitorKey(str(mn, 'monitor_id')))
      .filter((key, i, all) => mappedMonitorKeys.has(key) && all.indexOf(key) === i);
    const common: ImportFinding[] = [];
    if (!bool(row, 'active', true))
      common.push({
        level: 'approximate',
        field: 'active',
        message: 'disabled in Kuma; the channel is created and sends',
      });
    if (bool(row, 'is_default'))
      common.push({
        level: 'unmappable',
        field: 'is_default',
        message: 'applied by default to new monitors in Kuma; here channels are wired to monitors explicitly',
      });
    const mapped = mapper(config, [...common]);
    const list = Array.isArray(mapped) ? mapped : [mapped];
    if (!list.length) {
      findings.push({ level: 'unmappable', message: `${label} has no recipient and is not imported` });
      continue;
    }
    list.forEach((m, index) => {
      const args = Object.fromEntries(Object.entries(m.args).filter(([, v]) => v !== undefined));
      const checked = PROVIDER_SCHEMAS[m.kind].safeParse(args);
      const suffix = list.length > 1 ? ` (${textOf(args.email ?? index + 1)})` : '';
      if (!checked.success) {
        const issue = checked.error.issues[0];
        findings.push({
          level: 'unmappable',
          message: `${label}${suffix} is not imported: its ${String(issue.path[0] ?? 'settings')} ${issue.message}`,
        });
        return;
      }
      const channelName = clip(`${name}${suffix}`, NOTIFICATION_BOUNDS.name);
      channels.push({
        sourceKey: index === 0 ? notificationKey(id) : `${notificationKey(id)}/${index + 1}`,
        label: `${label}${suffix}`,
        name: channelName.value,
        provider: { kind: m.kind, args },
        monitorKeys,
        findings: [
          ...m.findings,
          ...(channelName.clipped ? [{ level: 'approximate' as const, field: 'name', message: 'name shortened' }] : []),
        ],
      });
    });
  }
  return { channels, findings };
}
