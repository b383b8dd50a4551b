// The acknowledgement link in an alert message: `<base>/alerts/ack/<alert id>.<expiry>.<mac>`, the mac
// an HMAC of the alert id and the expiry (seconds) under a key derived from SECRET_KEY. Whoever holds
// the message may acknowledge that one alert until the link expires (ACK_LINK_TTL_MS after the
// message was built), and nothing else: no session, no other alert. A forged, altered or expired link
// is refused. Opening the link shows a page with a button; only its POST acknowledges, so a mail
// scanner that follows links acknowledges nothing.
import { createHmac, hkdfSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { safeEqual } from '../common/crypto';
import { resolveSecretKey, type AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

export const ACK_PATH = '/alerts/ack';
export const ACK_LINK_TTL_MS = 7 * 86_400_000;

const TOKEN = /^([1-9]\d{0,17})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export type AckLinkCheck = { ok: true; alertId: string } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

@Injectable()
export class AlertAckLinks {
  private readonly key: Buffer;
  private readonly base: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', resolveSecretKey(config), 'uptime-service', 'alert ack links v1', 32));
    this.base = config.baseUrl.replace(/\/+$/, '');
  }

  token(alertId: string, now: Date): string {
    const expires = Math.floor((now.getTime() + ACK_LINK_TTL_MS) / 1000);
    return `${alertId}.${expires}.${this.mac(alertId, expires)}`;
  }

  url(alertId: string, now: Date): string {
    return `${this.base}${ACK_PATH}/${this.token(alertId, now)}`;
  }

  check(token: unknown, now: Date): AckLinkCheck {
    const parts = typeof token === 'string' ? TOKEN.exec(token) : null;
    if (!parts) return { ok: false, reason: 'malformed' };
    const [, alertId, expires, mac] = parts;
    if (!safeEqual(this.mac(alertId, Number(expires)), mac)) return { ok: false, reason: 'forged' };
    if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, alertId };
  }

  private mac(alertId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`ack\0${alertId}\0${expires}`).digest('base64url');
  }
}
