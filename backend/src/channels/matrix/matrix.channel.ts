// Matrix: an `m.room.message` event sent through the client-server API
// (`PUT {homeserver}/_matrix/client/v3/rooms/{room id}/send/m.room.message/{txn id}`) with the access
// token as a Bearer token; the user must have joined the room. The transaction id is the alert's
// event id, which every attempt of one delivery shares: the homeserver answers a repeated PUT with
// the event it already sent, so a retry never posts twice.
import { z } from 'zod';
import { escapeHtml } from '../../common/html';
import {
  headlineOf,
  linksOf,
  regionLine,
  sortedRegions,
  summaryOf,
  titleOf,
  type AlertMessage,
} from '../alert-message';
import { credential, text, url } from '../arguments';
import { defineChannelKind } from '../channel-kind';
import { clip, retryAfterField } from '../format';
import { deliver, urlSecrets } from '../outbound-http';

export type MatrixConfig = { homeserverUrl: string; roomId: string; accessToken: string };

/** A room id `!opaque:server` (an alias `#room:server` cannot be sent to). */
const ROOM_ID = /^![^\s:]+:[^\s]+$/;

/** Under the homeserver's 64 KiB per event, with room for the JSON around the texts. */
export const MATRIX_TEXT_LIMIT = 16000;

/** `{homeserver}/_matrix/client/v3/rooms/{room}/send/m.room.message/{txn}`; a path prefix is kept. */
export function matrixUrl(config: MatrixConfig, message: AlertMessage): string {
  const base = new URL(config.homeserverUrl);
  const room = encodeURIComponent(config.roomId);
  const txn = encodeURIComponent(message.eventId);
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/_matrix/client/v3/rooms/${room}/send/m.room.message/${txn}`;
  return base.toString();
}

/** The alert in the HTML subset Matrix clients render (strong, br, ul, li, a). */
export function matrixHtml(message: AlertMessage): string {
  const regions = sortedRegions(message).map((r) => `<li>${escapeHtml(regionLine(r))}</li>`);
  const links = linksOf(message)
    .map((l) => `<a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>`)
    .join(' · ');
  const html = [
    `<strong>${escapeHtml(titleOf(message))}</strong><br>${escapeHtml(headlineOf(message))}`,
    regions.length ? `<ul>${regions.join('')}</ul>` : '',
    `<p>${links}</p>`,
  ].join('');
  // Cutting HTML could leave a tag open: fall back to the title and the link when too long.
  return html.length <= MATRIX_TEXT_LIMIT
    ? html
    : `<strong>${escapeHtml(clip(titleOf(message), 1000))}</strong><br><a href="${escapeHtml(message.monitorUrl)}">Monitor</a>`;
}

export function matrixPayload(message: AlertMessage): Record<string, unknown> {
  return {
    msgtype: 'm.text',
    body: clip(`${titleOf(message)}\n${summaryOf(message)}`, MATRIX_TEXT_LIMIT),
    format: 'org.matrix.custom.html',
    formatted_body: matrixHtml(message),
    // Intentional mentions, none: a monitor named `@room` or after a user must not ping anyone.
    'm.mentions': {},
  };
}

export const matrixChannel = defineChannelKind({
  type: 'matrix',
  label: 'Matrix',
  settings: z.object({
    homeserverUrl: url(true),
    roomId: text({
      max: 255,
      required: true,
      check: (v) => ROOM_ID.test(v),
      message: 'must be a room id such as !abc123:matrix.example (not an alias such as #room:matrix.example)',
    }),
    accessToken: credential(true),
  }),
  secretArguments: ['accessToken'],
  urlArguments: ['homeserverUrl'],
  required: ['homeserverUrl', 'roomId', 'accessToken'],
  argumentLabels: {
    homeserverUrl: { label: 'Homeserver URL', hint: 'e.g. https://matrix.example' },
    roomId: { label: 'Room id', hint: 'The internal id, e.g. !abc123:matrix.example (room settings, Advanced).' },
    accessToken: { label: 'Access token', hint: 'Of a user that has joined the room.' },
  },
  send(config: MatrixConfig, message, ctx) {
    return deliver(
      ctx.http,
      {
        method: 'PUT',
        url: matrixUrl(config, message),
        body: JSON.stringify(matrixPayload(message)),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.accessToken}` },
        userUrl: true,
        signal: ctx.signal,
      },
      {
        secrets: [config.accessToken, ...urlSecrets(config.homeserverUrl)],
        // M_LIMIT_EXCEEDED gives its delay in milliseconds.
        retryAfterFromBody: retryAfterField((b) =>
          typeof b.retry_after_ms === 'number' ? b.retry_after_ms / 1000 : undefined,
        ),
      },
    );
  },
});
