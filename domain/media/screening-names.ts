import { normalizeName } from '../names/normalize-name';
import type { NameKind } from './name-profile';
import type { NameSource, ScreeningName } from './screen-article';

/** The fields of an entity the screening reads its names from. */
export type NamedEntity = { entity_id: number; entity_type: string; display_name: string; profile?: Record<string, unknown> | null };

export function nameKindOf(entityType: string): NameKind {
  return entityType === 'person' ? 'person' : 'organization';
}

/** Profile fields that hold other names of an organization (legal name, trade name). */
const alternativeNameFields: [string, NameSource][] = [
  ['legal_name', 'legal_name'],
  ['trade_name', 'trade_name'],
  ['title', 'trade_name'],
];

/**
 * The names to screen for an entity: display name, legal name and trade name, each once
 * (by normalized form); `source` overrides where they come from for related parties.
 */
export function screeningNamesOf(entity: NamedEntity, relatedAs?: 'partner' | 'administrator'): ScreeningName[] {
  const kind = nameKindOf(entity.entity_type);
  const candidates: [string, NameSource][] = [[entity.display_name, 'display_name']];
  if (kind === 'organization') {
    for (const [field, source] of alternativeNameFields) {
      const value = entity.profile?.[field];
      if (typeof value === 'string' && value.trim()) candidates.push([value, source]);
    }
  }
  const seen = new Set<string>();
  const names: ScreeningName[] = [];
  for (const [name, source] of candidates) {
    const key = normalizeName(name);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    names.push({ entity_id: entity.entity_id, name: name.trim(), kind, source: relatedAs ?? source });
  }
  return names;
}

/** Several entities' names, deduplicated per entity, in entity id order (stable for fingerprints). */
export function screeningNamesOfAll(entities: { entity: NamedEntity; relatedAs?: 'partner' | 'administrator' }[]): ScreeningName[] {
  const byId = new Map<number, { entity: NamedEntity; relatedAs?: 'partner' | 'administrator' }>();
  for (const item of entities) if (!byId.has(item.entity.entity_id)) byId.set(item.entity.entity_id, item);
  return [...byId.values()].sort((a, b) => a.entity.entity_id - b.entity.entity_id).flatMap((i) => screeningNamesOf(i.entity, i.relatedAs));
}

/** Relationship types that make an entity a party screened with an organization (include_related). */
export const relatedPartyTypes = ['PARTNER_OF', 'OWNS', 'ADMINISTERS', 'LEGAL_REPRESENTATIVE_OF'] as const;

/** Administrators by relationship type or by their Receita Federal qualification ("Sócio-Administrador"). */
export function relationOf(relationshipType: string, role: string | null): 'partner' | 'administrator' {
  if (relationshipType === 'ADMINISTERS' || relationshipType === 'LEGAL_REPRESENTATIVE_OF') return 'administrator';
  return role && /ADMINISTRADOR|DIRETOR|PRESIDENTE/.test(normalizeName(role)) ? 'administrator' : 'partner';
}

/** Related parties screened with an organization at most; more is a limitation. */
export const RELATED_PARTY_LIMIT = 100;

export type RelatedParty = { entity: NamedEntity; relatedAs: 'partner' | 'administrator' };

/**
 * The related parties of an organization from its relationship rows (in entity order): each
 * entity once — one that is partner and administrator is an administrator, the stronger tie —
 * at most `limit`, `relatedTruncated` when there were more.
 */
export function relatedPartiesOf(
  rows: { entity: NamedEntity; relationship_type: string; relationship_role: string | null }[],
  limit = RELATED_PARTY_LIMIT,
): { related: RelatedParty[]; relatedTruncated: boolean } {
  const byId = new Map<number, RelatedParty>();
  for (const r of rows) {
    const relatedAs = relationOf(r.relationship_type, r.relationship_role);
    const current = byId.get(r.entity.entity_id);
    if (current && (current.relatedAs === 'administrator' || relatedAs === 'partner')) continue;
    byId.set(r.entity.entity_id, { entity: r.entity, relatedAs });
  }
  const related = [...byId.values()];
  return { related: related.slice(0, limit), relatedTruncated: related.length > limit };
}
