import { createHash } from 'node:crypto';

/**
 * An API key is shown once and stored as its SHA-256 hash with a short display prefix
 * (docs/api-conventions.md, "Tenancy, keys, scopes"): authentication hashes what a request presents and looks the
 * hash up, so a leaked table holds no usable key.
 */
export const API_KEY_PREFIX = 'erk_';

/** The hash a key is stored and looked up by. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

/** What lists show of a key: enough to tell keys apart, too little to use one. */
export function displayPrefixOf(apiKey: string): string {
  return apiKey.slice(0, 10);
}
