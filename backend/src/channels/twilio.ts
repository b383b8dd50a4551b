// The Twilio-compatible Messages API that SMS and WhatsApp share:
// `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded To, From and Body, basic auth
// with the account SID and auth token from configuration (TWILIO_*). The auth token is a credential.
import type { AlertProvidersConfig } from '../config/alert-providers.config';
import { deliver } from './outbound-http';
import { finalFailure, type DeliveryResult, type SendContext } from './channel-kind';

/** Twilio's limit for one message body. */
export const TWILIO_BODY_LIMIT = 1600;

export function twilioPath(accountSid: string): string {
  return `/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
}

export function twilioForm(to: string, from: string, body: string): string {
  return new URLSearchParams({ To: to, From: from, Body: body }).toString();
}

export function twilioAuthorization(accountSid: string, authToken: string): string {
  return `Basic ${Buffer.from(`${accountSid}:${authToken}`, 'utf8').toString('base64')}`;
}

type Twilio = AlertProvidersConfig['twilio'];

/** The account, or why messages cannot be sent. */
export function twilioAccount(twilio: Twilio): { sid: string; token: string } | string {
  if (!twilio.accountSid || !twilio.authToken) {
    return 'TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not configured; SMS and WhatsApp alerts are disabled';
  }
  return { sid: twilio.accountSid, token: twilio.authToken };
}

export async function sendTwilioMessage(
  ctx: SendContext,
  to: string,
  from: string,
  body: string,
): Promise<DeliveryResult> {
  const account = twilioAccount(ctx.config.twilio);
  if (typeof account === 'string') return finalFailure(account);
  const authorization = twilioAuthorization(account.sid, account.token);
  return deliver(
    ctx.http,
    {
      url: `${ctx.config.twilio.url}${twilioPath(account.sid)}`,
      body: twilioForm(to, from, body),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      userUrl: false,
      signal: ctx.signal,
    },
    { secrets: [account.token, authorization.slice('Basic '.length)] },
  );
}
