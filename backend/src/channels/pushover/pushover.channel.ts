// Pushover: the messages API (`POST {base}/1/messages.json`, JSON) with the application's token and
// the user's (or group's) key in the body, both credentials. The base is ALERT_PUSHOVER_URL (default
// https://api.pushover.net, trusted configuration). The channel's priority applies to down and
// degraded alerts; recoveries and tests go out at it or 0, whichever is lower, so that an emergency
// channel (2, repeated until acknowledged) never asks to acknowledge a recovery.
import { z } from 'zod';
import { isProblem, summaryOf, titleOf, type MessageKind, type AlertMessage } from '../alert-message';
import { integer, text } from '../arguments';
import { defineChannelKind } from '../channel-kind';
import { clip } from '../format';
import { postJson } from '../outbound-http';

export type PushoverConfig = {
  userKey: string;
  appToken: string;
  priority?: number;
  device?: string;
  sound?: string;
};

export const PUSHOVER_PRIORITY = { min: -2, max: 2, fallback: 0 } as const;

/** Emergency alerts repeat every `retry` seconds until acknowledged, for at most `expire` seconds. */
export const PUSHOVER_EMERGENCY = { retry: 60, expire: 3600 } as const;

/** User keys, group keys and application tokens: 30 letters and digits. */
const KEY = /^[A-Za-z0-9]{30}$/;
const NAME = /^[A-Za-z0-9_-]+$/;

const key = text({ max: 30, required: true, check: (v) => KEY.test(v), message: 'must be 30 letters and digits' });

export function pushoverPriority(configured: number | undefined, kind: MessageKind): number {
  const priority = configured ?? PUSHOVER_PRIORITY.fallback;
  return isProblem(kind) ? priority : Math.min(priority, 0);
}

/** Pushover's limits: 250 per title, 1024 per message, 512 per URL (a longer one is left out). */
export function pushoverPayload(config: PushoverConfig, message: AlertMessage): Record<string, unknown> {
  const priority = pushoverPriority(config.priority, message.kind);
  return {
    token: config.appToken,
    user: config.userKey,
    title: clip(titleOf(message), 250),
    message: clip(summaryOf(message), 1024),
    priority,
    ...(priority === 2 ? PUSHOVER_EMERGENCY : {}),
    timestamp: Math.floor(message.at.getTime() / 1000),
    ...(message.monitorUrl.length <= 512 ? { url: message.monitorUrl, url_title: 'Monitor' } : {}),
    ...(config.device ? { device: config.device } : {}),
    ...(config.sound ? { sound: config.sound } : {}),
  };
}

export const pushoverChannel = defineChannelKind({
  type: 'pushover',
  label: 'Pushover',
  settings: z.object({
    userKey: key,
    appToken: key,
    priority: integer(PUSHOVER_PRIORITY),
    device: text({
      max: 25,
      required: false,
      check: (v) => NAME.test(v),
      message: 'must contain only letters, digits, - and _',
    }),
    sound: text({
      max: 64,
      required: false,
      check: (v) => NAME.test(v),
      message: 'must contain only letters, digits, - and _',
    }),
  }),
  secretArguments: ['userKey', 'appToken'],
  required: ['userKey', 'appToken'],
  argumentLabels: {
    userKey: { label: 'User key', hint: 'The user or group key from the Pushover dashboard.' },
    appToken: { label: 'Application token', hint: 'The API token of a Pushover application.' },
    priority: {
      label: 'Priority',
      hint: 'Of down and degraded alerts; recoveries and tests go out at normal priority at most.',
      // The default first: the form preselects it.
      choices: [
        { value: '0', label: 'Normal (0)' },
        { value: '1', label: 'High (1): bypasses quiet hours' },
        { value: '2', label: 'Emergency (2): repeated every minute until acknowledged' },
        { value: '-1', label: 'Low (-1): no sound or vibration' },
        { value: '-2', label: 'Lowest (-2): no notification' },
      ],
    },
    device: { label: 'Device', hint: 'Optional: one device name; empty: all of them.' },
    sound: { label: 'Sound', hint: "Optional: a Pushover sound name; empty: the user's default." },
  },
  send(config: PushoverConfig, message, ctx) {
    return postJson(
      ctx.http,
      `${ctx.config.pushoverUrl}/1/messages.json`,
      pushoverPayload(config, message),
      { signal: ctx.signal, userUrl: false },
      { secrets: [config.appToken, config.userKey] },
    );
  },
});
