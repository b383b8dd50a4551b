import { DEFAULT_RETURN_TO, safeReturnTo } from './return-to';

describe(safeReturnTo.name, () => {
  it.each(['/app/w/acme/settings', '/oauth/consent?request=abc', '/app'])('keeps the dashboard path %s', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    undefined,
    '',
    'https://evil.example/app',
    '//evil.example/app',
    '/\\evil.example/app',
    '/app\n/x',
    ' /app',
    'javascript:alert(1)',
    '/docs',
    '/application',
    '/app/../rpc/x',
    '/%2F%2Fevil.example',
    ['/app'],
  ])('answers the default for %p', (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });
});
