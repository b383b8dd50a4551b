import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps paths of the page, with their query', () => {
    expect(safeReturnPath('/status/acme', '/status/acme')).toBe('/status/acme');
    expect(safeReturnPath('/status/acme', '/status/acme/history?page=2')).toBe('/status/acme/history?page=2');
    expect(safeReturnPath('', '/history?page=2')).toBe('/history?page=2');
  });

  it('falls back to the page for other pages, other sites, tricks and the access pages', () => {
    for (const bad of [
      undefined,
      '',
      '/status/other',
      '/status/acme-evil',
      '/app',
      'https://evil.test/',
      '//evil.test/status/acme',
      '/\\evil.test',
      '/status/acme/../other',
      '/status/acme/access',
      '/status/acme/access/link?token=x',
      'status/acme',
      '/status/acme\n',
    ]) {
      expect(safeReturnPath('/status/acme', bad)).toBe('/status/acme');
    }
    expect(safeReturnPath('', '//evil.test')).toBe('/');
    expect(safeReturnPath('', '/access')).toBe('/');
  });
});
