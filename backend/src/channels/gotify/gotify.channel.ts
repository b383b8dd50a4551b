// Gotify: the message API (`POST {server_url}/message`, JSON) with the application's token in the
// X-Gotify-Key header, the alert as Markdown (`extras` says so, and opens the monitor on a click).
// The server URL is typed by a user, so the private-address rule applies; its query string and user
// info are sealed like the webhook endpoint's.
import { z } from 'zod';
import { titleOf, type AlertMessage } from '../alert-message';
import { credential, integer, url } from '../arguments';
import { defineChannelKind } from '../channel-kind';
import { clip } from '../format';
import { markdownOf } from '../markdown';
import { postJson, urlSecrets } from '../outbound-http';

export type GotifyConfig = { serverUrl: string; appToken: string; priority?: number };

export const GOTIFY_PRIORITY = { min: 0, max: 10, fallback: 5 } as const;

/** `{server}/message`: a path prefix of the server (Gotify behind a reverse proxy) is kept. */
export function gotifyUrl(config: GotifyConfig): string {
  const server = new URL(config.serverUrl);
  server.pathname = `${server.pathname.replace(/\/+$/, '')}/message`;
  return server.toString();
}

export function gotifyPayload(config: GotifyConfig, message: AlertMessage): Record<string, unknown> {
  return {
    title: clip(titleOf(message), 250),
    message: clip(markdownOf(message), 8000),
    priority: config.priority ?? GOTIFY_PRIORITY.fallback,
    extras: {
      'client::display': { contentType: 'text/markdown' },
      'client::notification': { click: { url: message.monitorUrl } },
    },
  };
}

export const gotifyChannel = defineChannelKind({
  type: 'gotify',
  label: 'Gotify',
  settings: z.object({
    serverUrl: url(true),
    appToken: credential(true),
    priority: integer(GOTIFY_PRIORITY),
  }),
  secretArguments: ['appToken'],
  urlArguments: ['serverUrl'],
  required: ['serverUrl', 'appToken'],
  argumentLabels: {
    serverUrl: { label: 'Server URL', hint: 'The Gotify server, e.g. https://gotify.example.' },
    appToken: { label: 'Application token', hint: 'The token of a Gotify application (Apps tab).' },
    priority: { label: 'Priority', hint: 'From 0 to 10. Default 5.' },
  },
  send(config: GotifyConfig, message, ctx) {
    return postJson(
      ctx.http,
      gotifyUrl(config),
      gotifyPayload(config, message),
      { signal: ctx.signal, userUrl: true, headers: { 'x-gotify-key': config.appToken } },
      { secrets: [config.appToken, ...urlSecrets(config.serverUrl)] },
    );
  },
});
