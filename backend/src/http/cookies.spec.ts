import { cookieNames, parseCookies, serializeCookie } from './cookies';

describe('dashboard cookies', () => {
  it('are HttpOnly, SameSite=Lax and Path=/, Secure and __Host- only over https', () => {
    const http = cookieNames('http://127.0.0.1:3001');
    expect(http).toEqual({ session: 'svc_session', preSession: 'svc_presession', secure: false });
    expect(serializeCookie(http.session, 'abc', { maxAgeSeconds: 60, secure: http.secure })).toBe(
      'svc_session=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax',
    );
    const https = cookieNames('https://dash.example.com');
    expect(https.session).toBe('__Host-svc_session');
    expect(serializeCookie(https.session, 'abc', { maxAgeSeconds: 0, secure: https.secure })).toBe(
      '__Host-svc_session=abc; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('parses a Cookie header, keeping the first of a repeated name', () => {
    const cookies = parseCookies('a=1; svc_session=x=y; a=2; junk; =v');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('svc_session')).toBe('x=y');
    expect(cookies.size).toBe(2);
    expect(parseCookies(undefined).size).toBe(0);
  });
});
