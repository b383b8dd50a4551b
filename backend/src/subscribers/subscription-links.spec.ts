import { SubscriptionLinks } from './subscription-links';

describe(SubscriptionLinks.name, () => {
  const sut = new SubscriptionLinks('a-secret-key-that-is-long-enough-0123456789', 'https://status.example.com');
  const hash = 'a'.repeat(64);

  it('signs an unsubscribe token that verifies only with the same id and token hash', () => {
    const token = sut.signedToken('42', hash);
    const parsed = SubscriptionLinks.parse(token);
    expect(parsed).toMatchObject({ kind: 'signed', subscriberId: '42' });
    if (parsed?.kind !== 'signed') throw new Error('not signed');
    expect(sut.verify('42', hash, parsed.mac)).toBe(true);
    expect(sut.verify('43', hash, parsed.mac)).toBe(false);
    expect(sut.verify('42', 'b'.repeat(64), parsed.mac)).toBe(false);
    const other = new SubscriptionLinks('another-secret-key-that-is-long-enough-012345', 'https://x.example.com');
    expect(other.verify('42', hash, parsed.mac)).toBe(false);
  });

  it('parses random tokens and refuses anything else', () => {
    expect(SubscriptionLinks.parse('A'.repeat(43))).toEqual({ kind: 'random', token: 'A'.repeat(43) });
    for (const bad of [undefined, '', 'A'.repeat(42), 'A'.repeat(44), '0.abc', `42.${'!'.repeat(43)}`]) {
      expect(SubscriptionLinks.parse(bad)).toBeNull();
    }
  });

  it('builds links on SITE_URL', () => {
    expect(sut.confirmUrl('abc')).toBe('https://status.example.com/subscriptions/confirm?token=abc');
    expect(sut.unsubscribeUrl('1.a-b_c')).toBe('https://status.example.com/subscriptions/unsubscribe?token=1.a-b_c');
  });
});
