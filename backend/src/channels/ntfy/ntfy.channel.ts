// ntfy: publish the plain-text summary to `{server}/{topic}` with Title, Priority, Tags and Click
// headers, and `Authorization: Bearer <token>` when the channel has a token. The server is the
// channel's server_url (typed by a user, so the private-address rule applies) or ALERT_NTFY_URL
// (default https://ntfy.sh, trusted configuration).
import { z } from 'zod';
import { summaryOf, titleOf, type MessageKind, type AlertMessage } from '../alert-message';
import { deliver } from '../outbound-http';
import { credential, NOTIFICATION_BOUNDS, text, url } from '../arguments';
import { defineChannelKind } from '../channel-kind';

export type NtfyConfig = { topic: string; serverUrl?: string; token?: string };

const NTFY_TOPIC = /^[A-Za-z0-9_-]+$/;

/** ntfy priorities: 5 urgent, 4 high, 3 default, 2 low. */
export function ntfyPriority(kind: MessageKind): number {
  switch (kind) {
    case 'down':
      return 5;
    case 'degraded':
      return 4;
    case 'recovered':
      return 3;
    case 'test':
      return 2;
    case 'certificate':
      return 4;
  }
}

/** Emoji short codes ntfy shows before the title. */
export function ntfyTags(kind: MessageKind): string {
  switch (kind) {
    case 'down':
      return 'rotating_light';
    case 'degraded':
      return 'warning';
    case 'recovered':
      return 'white_check_mark';
    case 'test':
      return 'test_tube';
    case 'certificate':
      return 'lock';
  }
}

/** A header value in ASCII: non-ASCII text as an RFC 2047 encoded word, which ntfy decodes. */
export function headerText(text: string): string {
  const line = text.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(line)) return line;
  return `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}

export function ntfyUrl(config: NtfyConfig, defaultServer: string): { url: string; userUrl: boolean } {
  const server = config.serverUrl ? config.serverUrl.replace(/\/+$/, '') : defaultServer;
  return { url: `${server}/${encodeURIComponent(config.topic)}`, userUrl: !!config.serverUrl };
}

export function ntfyHeaders(config: NtfyConfig, message: AlertMessage): Record<string, string> {
  return {
    'content-type': 'text/plain; charset=utf-8',
    title: headerText(titleOf(message)),
    priority: String(ntfyPriority(message.kind)),
    tags: ntfyTags(message.kind),
    click: message.monitorUrl,
    ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
  };
}

export const ntfyChannel = defineChannelKind({
  type: 'ntfy',
  label: 'ntfy',
  settings: z.object({
    topic: text({
      max: NOTIFICATION_BOUNDS.topic,
      required: true,
      check: (v) => NTFY_TOPIC.test(v),
      message: 'must contain only letters, digits, - and _',
    }),
    serverUrl: url(false),
    token: credential(false),
  }),
  secretArguments: ['token'],
  urlArguments: ['serverUrl'],
  required: ['topic'],
  argumentLabels: {
    topic: { label: 'Topic' },
    serverUrl: { label: 'Server URL', hint: 'Empty: https://ntfy.sh' },
    token: { label: 'Access token', hint: 'Optional.' },
  },
  send(config: NtfyConfig, message, ctx) {
    const { url, userUrl } = ntfyUrl(config, ctx.config.ntfyUrl);
    return deliver(
      ctx.http,
      { url, body: summaryOf(message), headers: ntfyHeaders(config, message), userUrl, signal: ctx.signal },
      { secrets: [config.token] },
    );
  },
});
