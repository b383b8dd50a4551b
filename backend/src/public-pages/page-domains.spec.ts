import type { IncomingMessage } from 'node:http';
import { domainRewrite, hostName } from './page-domains';
import { markViaDomain, pageBase } from './page-resolver';

describe(domainRewrite.name, () => {
  it.each([
    ['/', '/status/acme'],
    ['/?locale=fr', '/status/acme?locale=fr'],
    ['/history?page=2', '/status/acme/history?page=2'],
    ['/feed.rss', '/status/acme/feed.rss'],
    ['/robots.txt', '/status/acme/robots.txt'],
  ])('serves %s on the page domain as %s', (url, rewritten) => {
    expect(domainRewrite(url, 'acme')).toBe(rewritten);
  });

  it('leaves a path that already names the page alone', () => {
    expect(domainRewrite('/status/acme', 'acme')).toBeNull();
    expect(domainRewrite('/status/acme/history', 'acme')).toBeNull();
    expect(domainRewrite('/status/acme?locale=de', 'acme')).toBeNull();
    expect(domainRewrite('/status/acmeish', 'acme')).toBe('/status/acme/status/acmeish');
  });
});

describe(hostName.name, () => {
  it('reads a Host without port, case or trailing dot', () => {
    expect(hostName('Status.Acme.test.:8080')).toBe('status.acme.test');
    expect(hostName('[::1]:3000')).toBe('[::1]');
    expect(hostName(undefined)).toBeNull();
    expect(hostName('')).toBeNull();
  });
});

describe(pageBase.name, () => {
  it('is empty for a request that came through the page domain, /status/<slug> otherwise', () => {
    const viaDomain = {} as IncomingMessage;
    markViaDomain(viaDomain, 'acme');
    expect(pageBase('acme', viaDomain)).toBe('');
    // Another page's slug on that request, or a request on the main site: the full path.
    expect(pageBase('other', viaDomain)).toBe('/status/other');
    expect(pageBase('acme', {} as IncomingMessage)).toBe('/status/acme');
  });
});
