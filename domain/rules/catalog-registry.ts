import { ruleCatalogV1 } from './catalog-v1';
import type { RuleCatalog } from './types';

/** Every catalog version the service can show (GET /rule-catalog/versions), oldest first. */
export const ruleCatalogs: readonly RuleCatalog[] = [ruleCatalogV1];

export function findRuleCatalog(version: string): RuleCatalog | undefined {
  return ruleCatalogs.find((catalog) => catalog.rules_version === version);
}
