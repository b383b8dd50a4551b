// The links in subscriber e-mails. A confirmation mail carries the subscriber's random token (kept
// only as its SHA-256 hash). Later mails cannot carry that token, since the service no longer knows
// it, so their unsubscribe links carry `<subscriber id>.<HMAC of the id and the token hash>`, signed
// with a key derived from SECRET_KEY: nothing in the database is enough to forge one, and a new
// token (a new subscription of the same address) invalidates every older link.
import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from '../common/crypto';
import { TOKEN_LENGTH } from './subscriber.schemas';

export const CONFIRM_PATH = '/subscriptions/confirm';
export const UNSUBSCRIBE_PATH = '/subscriptions/unsubscribe';
/** Where a subscriber changes their components or unsubscribes; reached with the signed token. */
export const MANAGE_PATH = '/subscriptions/manage';

const SIGNED = /^([1-9]\d{0,17})\.([A-Za-z0-9_-]{43})$/;
const RANDOM = new RegExp(`^[A-Za-z0-9]{${TOKEN_LENGTH}}$`);

export type ParsedLinkToken = { kind: 'random'; token: string } | { kind: 'signed'; subscriberId: string; mac: string };

export class SubscriptionLinks {
  private readonly key: Buffer;

  constructor(
    secretKey: string,
    private readonly siteUrl: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'uptime-service', 'subscription links v1', 32));
  }

  confirmUrl(token: string): string {
    return `${this.siteUrl}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
  }

  unsubscribeUrl(token: string): string {
    return `${this.siteUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  }

  manageUrl(token: string): string {
    return `${this.siteUrl}${MANAGE_PATH}?token=${encodeURIComponent(token)}`;
  }

  /** The lasting unsubscribe token of a subscriber. */
  signedToken(subscriberId: string, tokenHash: string): string {
    return `${subscriberId}.${this.mac(subscriberId, tokenHash)}`;
  }

  verify(subscriberId: string, tokenHash: string, mac: string): boolean {
    return safeEqual(this.mac(subscriberId, tokenHash), mac);
  }

  static parse(value: unknown): ParsedLinkToken | null {
    if (typeof value !== 'string') return null;
    if (RANDOM.test(value)) return { kind: 'random', token: value };
    const signed = SIGNED.exec(value);
    return signed ? { kind: 'signed', subscriberId: signed[1], mac: signed[2] } : null;
  }

  private mac(subscriberId: string, tokenHash: string): string {
    return createHmac('sha256', this.key).update(`unsubscribe\0${subscriberId}\0${tokenHash}`).digest('base64url');
  }
}
