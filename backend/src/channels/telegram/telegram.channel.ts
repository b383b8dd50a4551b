// Telegram: Bot API `sendMessage` (`POST {base}/bot<token>/sendMessage`) with the bot token from
// configuration (TELEGRAM_BOT_TOKEN; base ALERT_TELEGRAM_URL, default https://api.telegram.org) and
// the channel's chat id; HTML formatting. The token sits in the path, so it is removed from every
// message and answer.
import { z } from 'zod';
import { escapeHtml } from '../../common/html';
import { headlineOf, linksOf, regionLine, sortedRegions, titleOf, type AlertMessage } from '../alert-message';
import { postJson } from '../outbound-http';
import { NOTIFICATION_BOUNDS, text } from '../arguments';
import { defineChannelKind, finalFailure } from '../channel-kind';
import { clip, retryAfterField } from '../format';

export type TelegramConfig = { chatId: string };

/** A numeric chat id (groups and channels are negative) or an @username of a public channel. */
const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
export const isTelegramChat = (value: string): boolean => TELEGRAM_CHAT.test(value);

/** The message in Telegram's HTML subset (b, a; numeric entities are understood). At most 4096 characters. */
export function telegramText(message: AlertMessage): string {
  const lines = [`<b>${escapeHtml(titleOf(message))}</b>`, escapeHtml(headlineOf(message))];
  const regions = sortedRegions(message).map((r) => `• ${escapeHtml(regionLine(r))}`);
  if (regions.length) lines.push('', ...regions);
  lines.push(
    '',
    linksOf(message)
      .map((l) => `<a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>`)
      .join(' · '),
  );
  const text = lines.join('\n');
  // Cutting HTML could leave a tag open: fall back to the title and the link when too long.
  return text.length <= 4096
    ? text
    : `<b>${escapeHtml(clip(titleOf(message), 3000))}</b>\n<a href="${escapeHtml(message.monitorUrl)}">Monitor</a>`;
}

export function telegramPayload(config: TelegramConfig, message: AlertMessage): Record<string, unknown> {
  return {
    chat_id: config.chatId,
    text: telegramText(message),
    parse_mode: 'HTML',
    link_preview_options: { is_disabled: true },
  };
}

export const telegramChannel = defineChannelKind({
  type: 'telegram',
  label: 'Telegram',
  settings: z.object({
    chatId: text({
      max: NOTIFICATION_BOUNDS.chatId,
      required: true,
      check: isTelegramChat,
      message: 'must be a numeric chat id or an @channel username',
    }),
  }),
  required: ['chatId'],
  argumentLabels: { chatId: { label: 'Chat id', hint: 'A numeric chat id, or the @username of a public channel.' } },
  async send(config: TelegramConfig, message, ctx) {
    const { url, botToken } = ctx.config.telegram;
    if (!botToken) return finalFailure('TELEGRAM_BOT_TOKEN is not configured; Telegram alerts are disabled');
    return postJson(
      ctx.http,
      `${url}/bot${botToken}/sendMessage`,
      telegramPayload(config, message),
      { signal: ctx.signal, userUrl: false },
      {
        secrets: [botToken],
        retryAfterFromBody: retryAfterField(
          (b) => (b.parameters as { retry_after?: unknown } | undefined)?.retry_after,
        ),
      },
    );
  },
});
