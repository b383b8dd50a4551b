// Which request header names carry credentials. One list for sealing them at rest (monitors),
// redacting them in audit snapshots and anywhere else a header list is shown to someone else.

/**
 * Matched anywhere in the name, case-insensitive: Authorization, Proxy-Authorization, Cookie,
 * X-Api-Key, *-Token, *-Key, *-Secret, and kin. Over-matching only hides a harmless value.
 */
export const CREDENTIAL_HEADER = /(auth|token|key|secret|cookie|password|session|signature|credential|dsn)/i;

export function isCredentialHeader(key: string): boolean {
  return CREDENTIAL_HEADER.test(key);
}
