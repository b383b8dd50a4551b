import { ValidationError } from '../common/errors';
import {
  assertNoRedactedCredential,
  monitorSnapshot,
  monitorViewFor,
  REDACTED,
  type MonitorView,
} from './monitor.view';

const view = (overrides: Partial<MonitorView> = {}): MonitorView =>
  ({
    id: '1',
    kind: 'http',
    name: 'api',
    headers: [
      { key: 'Authorization', value: 'Bearer a' },
      { key: 'X-Api-Key', value: 'b' },
      { key: 'Accept', value: 'application/json' },
    ],
    openTelemetry: { endpoint: 'https://otel.example.com', headers: [{ key: 'x-team', value: 'c' }] },
    grpc: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }) as MonitorView;

function refusal(run: () => void): ValidationError | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
}

describe(monitorViewFor.name, () => {
  it('gives a write principal the view as stored', () => {
    const stored = view();
    expect(monitorViewFor({ scope: 'write' }, stored)).toBe(stored);
  });

  it('redacts credential headers, credential gRPC metadata and every export header for a read principal', () => {
    const stored = Object.freeze(
      view({
        grpc: {
          service: '',
          tls: false,
          expectedStatus: 'SERVING',
          metadata: [
            { key: 'authorization', value: 'Bearer g' },
            { key: 'x-tenant', value: 'blue' },
          ],
        },
      }),
    );
    const sut = monitorViewFor({ scope: 'read' }, stored);
    expect(sut.headers).toEqual([
      { key: 'Authorization', value: REDACTED },
      { key: 'X-Api-Key', value: REDACTED },
      { key: 'Accept', value: 'application/json' },
    ]);
    expect(sut.openTelemetry).toEqual({
      endpoint: 'https://otel.example.com',
      headers: [{ key: 'x-team', value: REDACTED }],
    });
    expect(sut.grpc?.metadata).toEqual([
      { key: 'authorization', value: REDACTED },
      { key: 'x-tenant', value: 'blue' },
    ]);
    // The cached view other callers share is left as it was.
    expect(stored.headers[0].value).toBe('Bearer a');
  });

  it('redacts what the audit snapshot redacts', () => {
    const { createdAt: _c, updatedAt: _u, ...redacted } = monitorViewFor({ scope: 'read' }, view());
    expect(monitorSnapshot(view())).toEqual({ ...redacted, createdAt: undefined, updatedAt: undefined });
  });
});

describe(assertNoRedactedCredential.name, () => {
  it('refuses the marker as a credential value, naming the entry', () => {
    const refused = refusal(() => assertNoRedactedCredential({ headers: [{ key: 'Authorization', value: REDACTED }] }));
    expect(refused?.issues.map((i) => i.field)).toEqual(['headers.0.value']);
    expect(refused?.message).toBe(
      'headers.0.value: "[redacted]" is what a read-only view shows in place of a credential; send the credential itself',
    );
    expect(
      refusal(() => assertNoRedactedCredential({ openTelemetry: { headers: [{ key: 'x-team', value: REDACTED }] } }))
        ?.issues[0].field,
    ).toBe('openTelemetry.headers.0.value');
    expect(
      refusal(() =>
        assertNoRedactedCredential({
          grpc: {
            metadata: [
              { key: 'x-tenant', value: 'blue' },
              { key: 'x-api-key', value: REDACTED },
            ],
          },
        }),
      )?.issues[0].field,
    ).toBe('grpc.metadata.1.value');
  });

  it('accepts the marker where no credential is hidden, and an entry already stored', () => {
    expect(refusal(() => assertNoRedactedCredential({ headers: [{ key: 'X-Note', value: REDACTED }] }))).toBeNull();
    const legacy = { headers: [{ key: 'Authorization', value: REDACTED }] };
    expect(refusal(() => assertNoRedactedCredential(legacy, legacy))).toBeNull();
    expect(
      refusal(() =>
        assertNoRedactedCredential({ headers: [...legacy.headers, { key: 'X-Api-Key', value: REDACTED }] }, legacy),
      )?.issues[0].field,
    ).toBe('headers.1.value');
  });
});
