import { SecretBox } from '../common/crypto';
import { monitorSecretTransformers, UNSEALED } from './monitor-secrets';

const box = new SecretBox('k'.repeat(32));

describe(monitorSecretTransformers.name, () => {
  const sut = monitorSecretTransformers(box);

  it('seals credential headers and gRPC metadata, every export header, and opens them again', () => {
    const headers = [
      { key: 'Authorization', value: 'Bearer a' },
      { key: 'proxy-authorization', value: 'Basic b' },
      { key: 'X-API-Key', value: 'c' },
      { key: 'Cookie', value: 'd' },
      { key: 'X-Session-Token', value: 'e' },
      { key: 'X-Client-Secret', value: 'f' },
      { key: 'Accept', value: 'application/json' },
    ];
    const stored = sut.headers.to(headers) as Array<{ key: string; value?: string; sealed?: string }>;
    expect(stored.map((h) => (h.sealed ? `${h.key}: sealed` : `${h.key}: ${h.value}`))).toEqual([
      'Authorization: sealed',
      'proxy-authorization: sealed',
      'X-API-Key: sealed',
      'Cookie: sealed',
      'X-Session-Token: sealed',
      'X-Client-Secret: sealed',
      'Accept: application/json',
    ]);
    expect(JSON.stringify(stored)).not.toMatch(/Bearer a|Basic b/);
    expect(sut.headers.from(stored)).toEqual(headers);

    const otel = { endpoint: 'https://otel.example.com', headers: [{ key: 'x-honeycomb-team', value: 'hc-secret' }] };
    const sealedOtel = sut.openTelemetry.to(otel) as typeof otel;
    expect(JSON.stringify(sealedOtel)).not.toContain('hc-secret');
    expect(sut.openTelemetry.from(sealedOtel)).toEqual(otel);

    const grpc = {
      service: '',
      tls: false,
      metadata: [{ key: 'authorization', value: 'x' }],
      expectedStatus: 'SERVING',
    };
    expect(sut.grpc.from(sut.grpc.to(grpc))).toEqual(grpc);
  });

  it('leaves sealed entries sealed and reads entries stored in the clear as they are', () => {
    const once: unknown = sut.headers.to([{ key: 'Authorization', value: 'a' }]);
    expect(sut.headers.to(once)).toEqual(once);
    expect(sut.headers.from([{ key: 'Authorization', value: 'legacy' }])).toEqual([
      { key: 'Authorization', value: 'legacy' },
    ]);
    expect(sut.headers.to(null)).toBeNull();
    expect(sut.openTelemetry.to(null)).toBeNull();
  });
});

describe('UNSEALED', () => {
  it('passes plain entries and refuses to write or read a credential without a box', () => {
    expect(UNSEALED.headers.to([{ key: 'Accept', value: 'x' }])).toEqual([{ key: 'Accept', value: 'x' }]);
    expect(() => UNSEALED.headers.to([{ key: 'Authorization', value: 'x' }]) as unknown).toThrow(/no secret box/);
    const sealed: unknown = monitorSecretTransformers(box).headers.to([{ key: 'Authorization', value: 'x' }]);
    expect(() => UNSEALED.headers.from(sealed as []) as unknown).toThrow(/no secret box/);
  });
});
