// Credentials in a monitor's request headers are sealed at rest. A monitor's `headers`, its gRPC
// `metadata` and its OpenTelemetry export `headers` are lists of {key, value}; in the database an
// entry whose value is a credential is stored as {key, sealed} instead, the value encrypted with the
// server's SECRET_KEY (SecretBox). The conversion is a column transformer, so every reader of a
// monitor (the service, the check engine handing runs to agents) sees plain values and nothing
// that writes a monitor through TypeORM can store one in the clear.
//
// What is sealed: request headers and gRPC metadata whose name says credential (Authorization,
// Proxy-Authorization, Cookie, X-Api-Key, *-Token, *-Key, *-Secret, ...; see CREDENTIAL_HEADER), and
// every OpenTelemetry export header (they exist to authenticate to a collector: x-honeycomb-team,
// DD-API-KEY, ...). Views given to write principals keep showing them, as the provider reads them
// back; read-only views and audit snapshots redact them (monitor.view.ts).
import type { ValueTransformer } from 'typeorm';
import { isCredentialHeader } from '../common/credential-headers';
import type { SecretBox } from '../common/crypto';
import type { GrpcConfig, KeyValue, OpenTelemetryConfig } from '../checks/check-config';

/** How an entry is stored: plain, or with its value sealed. */
export interface StoredHeader {
  key: string;
  value?: string;
  sealed?: string;
}

type Which = 'credentials' | 'all';

const needsSealing = (h: StoredHeader, which: Which): boolean =>
  typeof h.value === 'string' && (which === 'all' || isCredentialHeader(h.key));

/** True when a stored list still holds a credential in the clear (written before sealing existed). */
export function hasPlainCredential(list: StoredHeader[] | null | undefined, which: Which): boolean {
  return Array.isArray(list) && list.some((h) => needsSealing(h, which));
}

function sealList(box: SecretBox | null, list: KeyValue[] | StoredHeader[], which: Which): StoredHeader[] {
  return (list as StoredHeader[]).map((h) => {
    if (!needsSealing(h, which)) return h;
    if (!box) throw new Error('monitor credentials cannot be stored: no secret box is installed on this data source');
    return { key: h.key, sealed: box.encrypt(h.value as string) };
  });
}

function openList(box: SecretBox | null, list: StoredHeader[]): KeyValue[] {
  return list.map((h) => {
    if (typeof h.sealed !== 'string') return h as KeyValue;
    if (!box) throw new Error('monitor credentials cannot be read: no secret box is installed on this data source');
    return { key: h.key, value: box.decrypt(h.sealed) };
  });
}

/** The transformers of the three columns, for one box (null: refuse to touch a credential). */
export function monitorSecretTransformers(
  box: SecretBox | null,
): Record<'headers' | 'openTelemetry' | 'grpc', ValueTransformer> {
  return {
    headers: {
      to: (value: KeyValue[] | null | undefined) =>
        Array.isArray(value) ? sealList(box, value, 'credentials') : value,
      from: (value: StoredHeader[] | null) => (Array.isArray(value) ? openList(box, value) : value),
    },
    openTelemetry: {
      to: (value: OpenTelemetryConfig | null | undefined) =>
        value?.headers ? { ...value, headers: sealList(box, value.headers, 'all') } : value,
      from: (value: (OpenTelemetryConfig & { headers?: StoredHeader[] }) | null) =>
        value?.headers ? { ...value, headers: openList(box, value.headers) } : value,
    },
    grpc: {
      to: (value: GrpcConfig | null | undefined) =>
        value?.metadata ? { ...value, metadata: sealList(box, value.metadata, 'credentials') } : value,
      from: (value: (GrpcConfig & { metadata: StoredHeader[] }) | null) =>
        value?.metadata ? { ...value, metadata: openList(box, value.metadata) } : value,
    },
  };
}

/**
 * What the entity declares until a box is installed: plain entries pass, a credential is refused
 * either way, so a data source opened without the key can never write one in the clear.
 */
export const UNSEALED = monitorSecretTransformers(null);
