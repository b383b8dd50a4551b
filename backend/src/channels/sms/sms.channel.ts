// SMS through the Twilio-compatible Messages API (twilio.ts): the short form of the alert, from
// TWILIO_FROM to the channel's phone number.
import { z } from 'zod';
import { shortTextOf } from '../alert-message';
import { PHONE_NUMBER_LABEL, phoneNumber } from '../arguments';
import { defineChannelKind, finalFailure } from '../channel-kind';
import { clip } from '../format';
import { sendTwilioMessage, TWILIO_BODY_LIMIT } from '../twilio';

export type SmsConfig = { phoneNumber: string };

export const smsChannel = defineChannelKind({
  type: 'sms',
  label: 'SMS',
  settings: z.object({ phoneNumber }),
  required: ['phoneNumber'],
  argumentLabels: PHONE_NUMBER_LABEL,
  async send(config: SmsConfig, message, ctx) {
    const from = ctx.config.twilio.from;
    if (!from) return finalFailure('TWILIO_FROM is not configured; SMS alerts are disabled');
    return sendTwilioMessage(ctx, config.phoneNumber, from, clip(shortTextOf(message), TWILIO_BODY_LIMIT));
  },
});
