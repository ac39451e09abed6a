import { fingerprint } from '../fingerprint';
import type { RuleCatalog } from './types';

/**
 * Version of the evaluation code (domain/scoring). The catalog hash covers the rules as data;
 * this covers how they are applied: bump it on any change of domain/scoring that can change a
 * verdict, so that engine_fingerprint changes too.
 */
export const SCORING_ENGINE_VERSION = '1.1.0';

/** SHA-256 of the catalog's canonical JSON: any change of any rule changes it. */
export function catalogContentHash(catalog: RuleCatalog): string {
  return fingerprint(catalog);
}

/** docs/engine.md: the engine version plus the rule catalog content. */
export function engineFingerprint(catalog: RuleCatalog, engineVersion: string = SCORING_ENGINE_VERSION): string {
  if (engineVersion !== SCORING_ENGINE_VERSION) return fingerprint({ engine_version: engineVersion, catalog });
  // Catalogs are constants: hash each once per process (a copy that is mutated is a new object).
  let hash = memo.get(catalog);
  if (!hash) {
    hash = fingerprint({ engine_version: engineVersion, catalog });
    memo.set(catalog, hash);
  }
  return hash;
}

const memo = new WeakMap<RuleCatalog, string>();
