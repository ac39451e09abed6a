/**
 * The relationship domains a node can be expanded by (docs/graph.md), and what each one loads from
 * the entity store. `media` is accepted but adds nothing: adverse-media hits are screened by
 * name and are not graph elements, so it is never in the applied list.
 */
export const EXPANSION_DOMAINS = ['ownership', 'administration', 'family', 'pep', 'sanctions', 'proceedings', 'accounts', 'media'] as const;
export type ExpansionDomain = (typeof EXPANSION_DOMAINS)[number];

export const relationshipTypesByDomain: Partial<Record<ExpansionDomain, string[]>> = {
  ownership: ['OWNS', 'PARTNER_OF', 'CONTROLS', 'BRANCH_OF'],
  administration: ['ADMINISTERS', 'LEGAL_REPRESENTATIVE_OF', 'EMPLOYED_BY'],
  family: ['FAMILY_OF'],
  accounts: ['ACCOUNT_AT_INSTITUTION'],
};

/** The domains that apply to a node of this kind, in the canonical order, duplicates removed. */
export function applicableDomains(kind: 'entity' | 'proceeding', requested: readonly ExpansionDomain[]): ExpansionDomain[] {
  const wanted = new Set(requested);
  return EXPANSION_DOMAINS.filter((d) => wanted.has(d) && d !== 'media' && (kind === 'entity' || d === 'proceedings'));
}
