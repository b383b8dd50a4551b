// API keys look like `svc_<12-char lookup>_<40-char secret>`. The lookup part is stored in clear
// (as the prefix `svc_<lookup>`) to find the row; the whole key is stored only as a SHA-256 hash.
import { randomToken } from '../common/crypto';

const KEY = /^svc_([a-zA-Z0-9]{12})_([a-zA-Z0-9]{40})$/;

export interface ParsedApiKey {
  prefix: string;
  key: string;
}

export function generateApiKey(): ParsedApiKey {
  const lookup = randomToken(12);
  const key = `svc_${lookup}_${randomToken(40)}`;
  return { prefix: `svc_${lookup}`, key };
}

/**
 * The parts of a key, or null. Nothing is trimmed: the caller passes the credential exactly as
 * auth/credential.ts read it, so the value that authenticates is the value the rate limit counts.
 */
export function parseApiKey(key: string): ParsedApiKey | null {
  const match = KEY.exec(key);
  return match ? { prefix: `svc_${match[1]}`, key } : null;
}
