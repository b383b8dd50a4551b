import { generateApiKey, parseApiKey } from './api-key-format';

describe(generateApiKey.name, () => {
  it('produces keys that parse back to their prefix', () => {
    const sut = generateApiKey();
    expect(sut.key).toMatch(/^svc_[a-zA-Z0-9]{12}_[a-zA-Z0-9]{40}$/);
    expect(parseApiKey(sut.key)).toEqual(sut);
    expect(sut.key.startsWith(sut.prefix + '_')).toBe(true);
  });

  it('rejects anything else, including OAuth access tokens', () => {
    expect(parseApiKey('svc_oat_abcdef')).toBeNull();
    expect(parseApiKey('')).toBeNull();
    expect(parseApiKey('svc_short_x')).toBeNull();
  });

  it('never trims: a key with a non-breaking space or a newline around it is not a key', () => {
    const { key } = generateApiKey();
    for (const variant of [`\u00a0${key}`, `${key}\u00a0`, ` ${key}`, `${key}\n`, `${key}\u200b`]) {
      expect(parseApiKey(variant)).toBeNull();
    }
  });
});
