import { isHost, isHostname, isHostPort } from './monitor.schemas';

describe('monitor target formats', () => {
  it.each([
    ['example.com:443', true],
    ['127.0.0.1:5432', true],
    ['[::1]:8080', true],
    ['db:1', true],
    ['example.com', false],
    ['example.com:0', false],
    ['example.com:65536', false],
    ['::1:80', false],
    ['http://example.com:80', false],
  ])('host:port %s -> %s', (value, ok) => {
    expect(isHostPort(value)).toBe(ok);
  });

  it.each([
    ['example.com', true],
    ['example.com.', true],
    ['_dmarc.example.com', true],
    ['-bad.example.com', false],
    ['exa mple.com', false],
    ['a'.repeat(64) + '.com', false],
  ])('hostname %s -> %s', (value, ok) => {
    expect(isHostname(value)).toBe(ok);
  });

  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['example.com', true],
    ['example.com:80', false],
  ])('host %s -> %s', (value, ok) => {
    expect(isHost(value)).toBe(ok);
  });
});
