import { ACCESS_LINK_MS, PAGE_SESSION_MS, PageSessions, type AccessLink } from './page-sessions';

const KEY = 'a-secret-key-that-is-long-enough-for-tests-0123';
const HASH = 'scrypt$16384$8$1$salt$key';

describe(PageSessions.name, () => {
  const sut = new PageSessions(KEY);
  const now = 1_800_000_000_000;

  it('accepts its own password session until it expires, and never carries the hash', () => {
    const value = sut.issue('42', { kind: 'password' }, HASH, now);
    expect(value).not.toContain('salt');
    expect(sut.verify('42', value, HASH, now + PAGE_SESSION_MS - 1)).toEqual({ kind: 'password' });
    expect(sut.verify('42', value, HASH, now + PAGE_SESSION_MS)).toBeNull();
  });

  it('refuses a password session once the password changed, on another page, or under another key', () => {
    const value = sut.issue('42', { kind: 'password' }, HASH, now);
    expect(sut.verify('42', value, `${HASH}x`, now)).toBeNull();
    expect(sut.verify('43', value, HASH, now)).toBeNull();
    expect(new PageSessions(`${KEY}-other`).verify('42', value, HASH, now)).toBeNull();
  });

  it('refuses forged values: a changed expiry, kind or address, or garbage', () => {
    const value = sut.issue('42', { kind: 'email', email: 'ada@example.com' }, null, now);
    expect(sut.verify('42', value, null, now)).toEqual({ kind: 'email', email: 'ada@example.com' });
    const [v, kind, expires, subject, mac] = value.split('.');
    expect(sut.verify('42', [v, kind, String(Number(expires) + 1), subject, mac].join('.'), null, now)).toBeNull();
    expect(sut.verify('42', [v, 'p', expires, subject, mac].join('.'), null, now)).toBeNull();
    const other = Buffer.from('eve@example.com').toString('base64url');
    expect(sut.verify('42', [v, kind, expires, other, mac].join('.'), null, now)).toBeNull();
    for (const bad of [undefined, '', 'v1', 'v1.p.1.x.y.z', 'x'.repeat(2000)]) {
      expect(sut.verify('42', bad, null, now)).toBeNull();
    }
  });

  it('signs links for one page and address that expire after ACCESS_LINK_MS', () => {
    const link: AccessLink = { pageId: '42', email: 'ada@example.com', returnTo: '/status/acme' };
    const token = sut.linkToken(link, now);
    expect(sut.verifyLink('42', token, now + ACCESS_LINK_MS - 1)).toEqual(link);
    expect(sut.verifyLink('42', token, now + ACCESS_LINK_MS)).toBeNull();
    expect(sut.verifyLink('43', token, now)).toBeNull();
    const [body, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), e: 'eve@example.com' }),
    );
    expect(sut.verifyLink('42', `${forged.toString('base64url')}.${mac}`, now)).toBeNull();
    expect(sut.verifyLink('42', 42, now)).toBeNull();
  });
});
