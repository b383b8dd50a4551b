// Telegram: Bot API `sendMessage` (`POST {base}/bot<token>/sendMessage`) with the bot token from
// configuration (TELEGRAM_BOT_TOKEN) and the channel's chat id; HTML formatting. The token sits in the
// path, so it is removed from every message and answer.
import { escapeHtml } from '../../common/html';
import { headlineOf, linksOf, regionLine, sortedRegions, titleOf, type AlertMessage } from '../alert-message';
import { postJson } from '../outbound-http';
import { finalFailure, type ChannelSender, type TelegramConfig } from './channel-sender';
import { clip, retryAfterField } from './format';

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

export const telegramSender: ChannelSender<TelegramConfig> = {
  kind: 'telegram',
  async send(config, message, ctx) {
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
};
