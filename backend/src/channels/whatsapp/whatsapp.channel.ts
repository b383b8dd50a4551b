// WhatsApp through the Twilio-compatible Messages API (twilio.ts): To and From carry the `whatsapp:`
// prefix; the sender is TWILIO_WHATSAPP_FROM, or TWILIO_FROM when that is a phone number.
import { z } from 'zod';
import { summaryOf } from '../alert-message';
import { PHONE_NUMBER_LABEL, phoneNumber } from '../arguments';
import { defineChannelKind, finalFailure } from '../channel-kind';
import { clip } from '../format';
import { sendTwilioMessage, TWILIO_BODY_LIMIT } from '../twilio';

export type WhatsappConfig = { phoneNumber: string };

export const whatsappChannel = defineChannelKind({
  type: 'whatsapp',
  label: 'WhatsApp',
  settings: z.object({ phoneNumber }),
  required: ['phoneNumber'],
  argumentLabels: PHONE_NUMBER_LABEL,
  async send(config: WhatsappConfig, message, ctx) {
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
});
