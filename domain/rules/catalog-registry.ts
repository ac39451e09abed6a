import { ruleCatalogV1 } from './catalog-v1';
import { ruleCatalogV2 } from './catalog-v2';
import { ruleCatalogV3 } from './catalog-v3';
import type { RuleCatalog } from './types';

/**
 * The rule catalogs a service can score and replay with. Every version ever shipped stays in the
 * production registry (a catalog is immutable data: a change of any rule is a new version), so a
 * verdict of an older catalog still verifies byte for byte after a newer one ships
 * (POST /analyses/{uuid}/verify, docs/engine.md "Replay").
 */
export type RuleCatalogRegistry = {
  /** Oldest first. */
  readonly catalogs: readonly RuleCatalog[];
  /** The catalog new analyses are scored with: the newest. */
  readonly current: RuleCatalog;
  find(version: string): RuleCatalog | undefined;
};

/** A registry of these catalogs, oldest first; versions must be distinct and ascending. */
export function createRuleCatalogRegistry(catalogs: readonly RuleCatalog[]): RuleCatalogRegistry {
  if (catalogs.length === 0) throw new Error('a rule catalog registry needs at least one catalog');
  const versions = catalogs.map((c) => c.rules_version);
  for (let i = 1; i < versions.length; i++) {
    if (!(versions[i - 1] < versions[i]))
      throw new Error(`rule catalog versions must be distinct and ascending: ${versions[i - 1]} then ${versions[i]}`);
  }
  const byVersion = new Map(catalogs.map((c) => [c.rules_version, c]));
  const list = Object.freeze([...catalogs]);
  return { catalogs: list, current: list[list.length - 1], find: (version) => byVersion.get(version) };
}

/** Every catalog version the service has shipped (GET /rule-catalog/versions). Append, never remove. */
export const ruleCatalogRegistry = createRuleCatalogRegistry([ruleCatalogV1, ruleCatalogV2, ruleCatalogV3]);

export const ruleCatalogs = ruleCatalogRegistry.catalogs;

export function findRuleCatalog(version: string): RuleCatalog | undefined {
  return ruleCatalogRegistry.find(version);
}
