import { SecretBox, hashPassword, hashToken, randomToken, safeEqual, verifyPassword } from './crypto';

describe(SecretBox.name, () => {
  const sut = new SecretBox('k'.repeat(40));

  it('round-trips and never stores the plain text', () => {
    const sealed = sut.encrypt('hunter2-webhook-secret');
    expect(sealed).not.toContain('hunter2');
    expect(sut.decrypt(sealed)).toBe('hunter2-webhook-secret');
  });

  it('uses a fresh nonce for every encryption', () => {
    expect(sut.encrypt('same')).not.toBe(sut.encrypt('same'));
  });

  it('rejects tampered ciphertext and another key', () => {
    const sealed = sut.encrypt('value');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2], 'base64url');
    body[0] ^= 1;
    expect(() => sut.decrypt(`${parts[0]}.${parts[1]}.${body.toString('base64url')}`)).toThrow();
    expect(() => new SecretBox('x'.repeat(40)).decrypt(sealed)).toThrow();
  });

  it('refuses short keys', () => {
    expect(() => new SecretBox('short')).toThrow(/at least 32/);
  });

  it('round-trips JSON', () => {
    expect(sut.decryptJson(sut.encryptJson({ a: [1, 'b'] }))).toEqual({ a: [1, 'b'] });
  });
});

describe('token helpers', () => {
  it('hashes deterministically to hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('generates alphanumeric tokens of the requested length', () => {
    const token = randomToken(40);
    expect(token).toMatch(/^[a-zA-Z0-9]{40}$/);
    expect(randomToken(40)).not.toBe(token);
  });

  it('compares in constant time and handles different lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});

describe('password hashing', () => {
  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).not.toContain('correct horse');
    await expect(verifyPassword('correct horse', stored)).resolves.toBe(true);
    await expect(verifyPassword('wrong horse', stored)).resolves.toBe(false);
    await expect(verifyPassword('x', 'garbage')).resolves.toBe(false);
  });
});
