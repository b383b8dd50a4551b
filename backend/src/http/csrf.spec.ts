import { crossSiteReason, csrfKey, csrfToken, csrfValid } from './csrf';

describe('csrf', () => {
  const key = csrfKey('test-secret-key-that-is-long-enough-0123456789');

  it('accepts the token of the same binding only', () => {
    const token = csrfToken(key, 'session-a');
    expect(csrfValid(key, 'session-a', token)).toBe(true);
    expect(csrfValid(key, 'session-b', token)).toBe(false);
    expect(csrfValid(csrfKey('another-secret-key-that-is-long-enough-012345'), 'session-a', token)).toBe(false);
  });

  it('refuses a missing, empty, oversized or non-string token and a missing binding', () => {
    const token = csrfToken(key, 'session-a');
    expect(csrfValid(key, 'session-a', undefined)).toBe(false);
    expect(csrfValid(key, 'session-a', '')).toBe(false);
    expect(csrfValid(key, 'session-a', [token])).toBe(false);
    expect(csrfValid(key, 'session-a', token + 'x'.repeat(100))).toBe(false);
    expect(csrfValid(key, undefined, token)).toBe(false);
  });

  it('refuses cross-site and foreign-origin requests and allows same-origin ones', () => {
    const allowed = ['https://dash.example.com'];
    expect(crossSiteReason({ 'sec-fetch-site': 'cross-site' }, allowed)).toContain('cross-site');
    expect(crossSiteReason({ 'sec-fetch-site': 'same-site' }, allowed)).toContain('same-site');
    expect(crossSiteReason({ origin: 'https://evil.example' }, allowed)).toContain('https://evil.example');
    expect(crossSiteReason({ origin: 'null', host: 'null' }, allowed)).toContain('another origin');
    expect(
      crossSiteReason({ origin: 'https://dash.example.com', 'sec-fetch-site': 'same-origin' }, allowed),
    ).toBeNull();
    expect(crossSiteReason({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }, allowed)).toBeNull();
    expect(crossSiteReason({}, allowed)).toBeNull();
  });
});
