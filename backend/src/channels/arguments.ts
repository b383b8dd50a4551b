// The building blocks of the kinds' settings schemas: bounded one-line strings, URLs, credentials,
// phone numbers and header lists, each with exactly one message per problem that names the bound.
import { z } from 'zod';
import { isHttpUrl, isSingleLine, NO_CONTROL_CHARACTERS } from '../common/validation';

export const NOTIFICATION_BOUNDS = {
  name: 256,
  url: 2048,
  email: 320,
  credential: 1024,
  headers: 20,
  headerKey: 256,
  headerValue: 8192,
  chatId: 64,
  topic: 64,
} as const;

const B = NOTIFICATION_BOUNDS;

export interface KeyValue {
  key: string;
  value: string;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const isEmail = (value: string): boolean => EMAIL.test(value);

/** E.164: a plus sign and 8 to 15 digits, the first not 0. */
const PHONE = /^\+[1-9]\d{7,14}$/;
export const isPhoneNumber = (value: string): boolean => PHONE.test(value);

interface TextRule {
  max: number;
  required: boolean;
  check?: (value: string) => boolean;
  message?: string;
}

/**
 * A string argument with exactly one message per problem: required, then length, then control
 * characters (every argument is one line: URLs, addresses, credentials, header keys and values), then
 * format.
 */
export const text = ({ max, required, check, message }: TextRule) =>
  z.string({ error: 'is required' }).superRefine((value, ctx) => {
    if (value === '') {
      if (required) ctx.addIssue({ code: 'custom', message: 'is required' });
    } else if (value.length > max) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters` });
    } else if (!isSingleLine(value)) {
      ctx.addIssue({ code: 'custom', message: NO_CONTROL_CHARACTERS });
    } else if (check && !check(value)) {
      ctx.addIssue({ code: 'custom', message: message ?? 'is not valid' });
    }
  });

export const url = (required: boolean) =>
  text({ max: B.url, required, check: isHttpUrl, message: 'must be an http or https URL' });

export const credential = (required: boolean) => text({ max: B.credential, required });

export const phoneNumber = text({
  max: 16,
  required: true,
  check: isPhoneNumber,
  message: 'must be an E.164 phone number such as +14155550123',
});

const header = z.object({
  key: text({ max: B.headerKey, required: true }),
  value: text({ max: B.headerValue, required: true }),
});

export const headerList = z.array(header).max(B.headers, { error: `must have at most ${B.headers} entries` });

/** Labels of arguments several kinds share. */
export const WEBHOOK_URL_LABEL = { webhookUrl: { label: 'Webhook URL' } } as const;
export const PHONE_NUMBER_LABEL = {
  phoneNumber: { label: 'Phone number', hint: 'E.164, e.g. +14155550123.' },
} as const;

/**
 * A whole number from `min` to `max`, `fallback` when left out or empty. It arrives as a number (RPC)
 * or as the text of a form field (dashboard), and is stored as a number.
 */
export const integer = ({ min, max, fallback }: { min: number; max: number; fallback: number }) =>
  z
    .union([z.number(), z.string()], { error: `must be an integer from ${min} to ${max}` })
    .optional()
    .transform((value, ctx) => {
      const given = typeof value === 'string' ? value.trim() : value;
      if (given === undefined || given === '') return fallback;
      const n = typeof given === 'number' ? given : /^[+-]?\d{1,6}$/.test(given) ? Number(given) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });
