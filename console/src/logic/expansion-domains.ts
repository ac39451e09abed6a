/**
 * The relationship domains a node can be expanded by (docs/graph.md). A proceeding expands by
 * proceedings only; `media` is accepted by the api but never adds graph elements (hits are
 * screened by name), so the console does not offer it.
 */
export const EXPANSION_DOMAINS = ['ownership', 'administration', 'family', 'pep', 'sanctions', 'proceedings', 'accounts'] as const;
export type ExpansionDomain = (typeof EXPANSION_DOMAINS)[number];

export function domainsFor(kind: 'entity' | 'proceeding'): ExpansionDomain[] {
  return kind === 'proceeding' ? ['proceedings'] : [...EXPANSION_DOMAINS];
}

export function defaultDomains(kind: 'entity' | 'proceeding'): ExpansionDomain[] {
  return kind === 'proceeding' ? ['proceedings'] : ['ownership', 'administration', 'family'];
}
