// Snapshots in the audit log never carry a secret. Each module maps its entity to a snapshot that
// leaves secrets out; this pass is the safety net that strips any field whose name says secret and
// redacts the value of any {key, value} entry whose key names a credential header.
import { isCredentialHeader } from '../common/credential-headers';

const SECRET_FIELD =
  /(password|secret|token|hash|sealed|api_?key|integration_?key|webhook_?url|private_?key|credential)/i;

export type Snapshot = Record<string, unknown>;

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const entry = value as Snapshot;
    if (typeof entry.key === 'string' && 'value' in entry && isCredentialHeader(entry.key)) {
      return { ...entry, value: '[redacted]' };
    }
    const out: Snapshot = {};
    for (const [key, inner] of Object.entries(value as Snapshot)) {
      if (SECRET_FIELD.test(key)) continue;
      out[key] = clean(inner);
    }
    return out;
  }
  return value;
}

export function sanitizeSnapshot(snapshot: Snapshot | null | undefined): Snapshot | null {
  if (!snapshot) return null;
  return clean(snapshot) as Snapshot;
}

/** Top-level fields whose value differs between before and after (added and removed ones too). */
export function changedFields(before: Snapshot | null, after: Snapshot | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changed: string[] = [];
  for (const key of keys) {
    if (JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key])) changed.push(key);
  }
  return changed.sort();
}
