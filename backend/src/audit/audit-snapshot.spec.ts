import { changedFields, sanitizeSnapshot } from './audit-snapshot';

describe(sanitizeSnapshot.name, () => {
  it('removes secret-looking fields at any depth and keeps the rest', () => {
    const sut = sanitizeSnapshot({
      name: 'ops',
      secretHash: 'abc',
      config: { email: 'a@example.com', webhookUrl: 'https://hooks.example.com/x', api_key: 'k' },
      list: [{ token: 't', keep: 1 }],
      password: 'p',
      when: new Date('2026-01-01T00:00:00Z'),
    });
    expect(sut).toEqual({
      name: 'ops',
      config: { email: 'a@example.com' },
      list: [{ keep: 1 }],
      when: '2026-01-01T00:00:00.000Z',
    });
  });

  it('redacts the value of header-like entries whose key names a credential, at any depth', () => {
    const sut = sanitizeSnapshot({
      headers: [
        { key: 'Authorization', value: 'Bearer abc' },
        { key: 'X-Team', value: 'ops' },
      ],
      grpc: { metadata: [{ key: 'x-api-key', value: 'k' }] },
      settings: {
        headers: [
          { key: 'Proxy-Authorization', value: 'Basic x' },
          { key: 'Cookie', value: 'c' },
        ],
      },
    });
    expect(sut).toEqual({
      headers: [
        { key: 'Authorization', value: '[redacted]' },
        { key: 'X-Team', value: 'ops' },
      ],
      grpc: { metadata: [{ key: 'x-api-key', value: '[redacted]' }] },
      settings: {
        headers: [
          { key: 'Proxy-Authorization', value: '[redacted]' },
          { key: 'Cookie', value: '[redacted]' },
        ],
      },
    });
  });

  it('passes null through', () => {
    expect(sanitizeSnapshot(null)).toBeNull();
  });
});

describe(changedFields.name, () => {
  it('lists fields that were added, removed or changed', () => {
    expect(changedFields({ a: 1, b: [1], c: 'x' }, { a: 1, b: [2], d: true })).toEqual(['b', 'c', 'd']);
  });

  it('treats a creation as every field changed', () => {
    expect(changedFields(null, { name: 'x', scope: 'read' })).toEqual(['name', 'scope']);
  });
});
