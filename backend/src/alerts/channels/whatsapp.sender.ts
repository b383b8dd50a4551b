// WhatsApp through the Twilio-compatible Messages API (twilio.ts): To and From carry the `whatsapp:`
// prefix; the sender is TWILIO_WHATSAPP_FROM, or TWILIO_FROM when that is a phone number.
import { summaryOf } from '../alert-message';
import { finalFailure, type ChannelSender, type WhatsappConfig } from './channel-sender';
import { clip } from './format';
import { sendTwilioMessage, TWILIO_BODY_LIMIT } from './twilio';

export const whatsappSender: ChannelSender<WhatsappConfig> = {
  kind: 'whatsapp',
  async send(config, message, ctx) {
    const { whatsappFrom, from } = ctx.config.twilio;
    const sender = whatsappFrom ?? (from?.startsWith('+') ? from : null);
    if (!sender) {
      return finalFailure(
        'TWILIO_WHATSAPP_FROM (or TWILIO_FROM as a phone number) is not configured; WhatsApp alerts are disabled',
      );
    }
    return sendTwilioMessage(
      ctx,
      `whatsapp:${config.phoneNumber}`,
      `whatsapp:${sender}`,
      clip(summaryOf(message), TWILIO_BODY_LIMIT),
    );
  },
};
