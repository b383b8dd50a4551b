import { parseRetryAfter, redact, resultOf, truncateText, urlSecrets, type OutboundResponse } from './outbound-http';

const answer = (status: number, body = '', headers: Record<string, string> = {}): OutboundResponse => ({
  status,
  body,
  headers,
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-02T03:04:05Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 3 ', now)).toBe(3000);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(parseRetryAfter('Fri, 02 Jan 2026 03:05:05 GMT', now)).toBe(60_000);
  });

  it('makes a date in the past 0', () => {
    expect(parseRetryAfter('Fri, 02 Jan 2026 03:00:00 GMT', now)).toBe(0);
  });

  it.each([undefined, '', '-5', '1.5', 'soon', 'in 5 minutes'])('is null for %p', (value) => {
    expect(parseRetryAfter(value, now)).toBeNull();
  });

  it('takes the first of repeated headers', () => {
    expect(parseRetryAfter(['4', '9'], now)).toBe(4000);
  });
});

describe('resultOf', () => {
  it.each([200, 201, 202, 204])('%i is ok', (status) => {
    expect(resultOf('h', answer(status, 'fine'))).toEqual({
      ok: true,
      status,
      response: 'fine',
      retryable: false,
      retryAfterMs: null,
      error: null,
    });
  });

  it.each([500, 502, 503, 504])('%i is retryable', (status) => {
    expect(resultOf('hooks.example', answer(status))).toMatchObject({
      ok: false,
      retryable: true,
      error: `hooks.example answered HTTP ${status}`,
    });
  });

  it.each([400, 401, 403, 404, 410, 413])('%i is final', (status) => {
    expect(resultOf('h', answer(status))).toMatchObject({ ok: false, retryable: false });
  });

  it('a redirect is final and says it is not followed', () => {
    expect(resultOf('h', answer(301, '', { location: 'https://elsewhere' })).error).toBe(
      'h answered a redirect (HTTP 301); redirects are not followed',
    );
  });

  it('429 is retryable with its Retry-After, else the provider body field, else none', () => {
    expect(resultOf('h', answer(429, '', { 'retry-after': '30' }))).toMatchObject({
      retryable: true,
      retryAfterMs: 30_000,
    });
    const fromBody = () => 1500;
    expect(resultOf('h', answer(429, '{}'), { retryAfterFromBody: fromBody }).retryAfterMs).toBe(1500);
    expect(resultOf('h', answer(429)).retryAfterMs).toBeNull();
  });

  it('removes credentials from the answer', () => {
    const result = resultOf('h', answer(401, 'bad key sk-live-123456 for sk-live-123456'), {
      secrets: ['sk-live-123456'],
    });
    expect(result.response).toBe('bad key [redacted] for [redacted]');
  });
});

describe('redact', () => {
  it('removes the value and its URL encoding', () => {
    expect(redact('a=p%2Fq%2Br%20s and p/q+r s', ['p/q+r s'])).toBe('a=[redacted] and [redacted]');
    expect(redact('Body=p%2Fq%2Br+s', ['p/q+r s'])).toBe('Body=[redacted]');
  });

  it('ignores empty and very short values', () => {
    expect(redact('abc', ['', null, undefined, 'b'])).toBe('abc');
  });
});

describe('truncateText', () => {
  it('keeps text within the limit as it is', () => {
    expect(truncateText('hello', 5)).toBe('hello');
  });

  it('cuts to the byte limit without splitting a character', () => {
    expect(truncateText('aé', 2)).toBe('a');
    expect(Buffer.byteLength(truncateText('€'.repeat(1000)))).toBeLessThanOrEqual(2048);
  });
});

describe('urlSecrets', () => {
  it('is the URL, each query value and the password', () => {
    expect(urlSecrets('https://u:pw%21@chat.example/v1?key=k1&token=t2')).toEqual([
      'https://u:pw%21@chat.example/v1?key=k1&token=t2',
      'k1',
      't2',
      'pw!',
    ]);
  });
});
