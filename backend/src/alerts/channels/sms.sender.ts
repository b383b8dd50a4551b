// SMS through the Twilio-compatible Messages API (twilio.ts): the short form of the alert, from
// TWILIO_FROM to the channel's phone number.
import { shortTextOf } from '../alert-message';
import { finalFailure, type ChannelSender, type SmsConfig } from './channel-sender';
import { clip } from './format';
import { sendTwilioMessage, TWILIO_BODY_LIMIT } from './twilio';

export const smsSender: ChannelSender<SmsConfig> = {
  kind: 'sms',
  async send(config, message, ctx) {
    const from = ctx.config.twilio.from;
    if (!from) return finalFailure('TWILIO_FROM is not configured; SMS alerts are disabled');
    return sendTwilioMessage(ctx, config.phoneNumber, from, clip(shortTextOf(message), TWILIO_BODY_LIMIT));
  },
};
