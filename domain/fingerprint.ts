import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** Lowercase hex SHA-256 of a UTF-8 string. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The fingerprint of a JSON value: SHA-256 of its canonical JSON (docs/engine.md). */
export function fingerprint(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
