import type { SnapshotEntity } from './snapshot';
import { screeningNamesOfAll } from '../media/screening-names';
import type { ScreeningName } from '../media/screen-article';
import { countryCodeOf, isIsoCountryCode } from '../watchlists/country-codes';
import type { WatchlistSchema } from '../watchlists/watchlist-entry';

/**
 * Who an analysis screens, decided from the network alone (docs/watchlists.md, "In every
 * analysis"; docs/adverse-media.md): pure, so that the repositories only read rows.
 *
 * - Adverse media: the subject and its direct related parties (hop ≤ 1), the nearest first, at
 *   most MEDIA_SCREENED_ENTITIES; a whole network would flood the pillar.
 * - Watchlists: the subject and the persons and organizations of its network, the nearest first,
 *   at most WATCHLIST_SCREENED_ENTITIES (one batch of candidate queries). A partner the registry
 *   marks as foreign (whose kind it cannot tell) is screened as a person AND as an organization,
 *   with its country as the nationality. Vessels, aircraft, government agencies and notaries are
 *   not screened by name. A country name that does not map leaves the query without a nationality
 *   and is listed (`unmappedNationalities`): the snapshot reports it as a limitation.
 */
export const MEDIA_SCREENED_ENTITIES = 25;
export const WATCHLIST_SCREENED_ENTITIES = 500;

/** One name screening of one entity: the matcher's query, plus whose it is. */
export type WatchlistScreeningQuery = {
  entity_id: number;
  schema: WatchlistSchema;
  name: string;
  aliases: string[];
  birth_date: string | null;
  nationality: string | null;
};

/** A screened entity whose profile names a country no tier of country-codes.ts maps: screened without a nationality. */
export type UnmappedNationality = { entity_id: number; name: string; field: string; country: string };

export type NetworkScreeningPlan = {
  media: { names: ScreeningName[]; skipped: number };
  watchlists: {
    queries: WatchlistScreeningQuery[];
    screenedEntityIds: number[];
    skipped: number;
    unmappedNationalities: UnmappedNationality[];
  };
};

const nearestFirst = (a: SnapshotEntity, b: SnapshotEntity) => a.hop - b.hop || a.entity_id - b.entity_id;

/** The schemas an entity type is screened as (none: not screened by name). */
export function watchlistSchemasOf(entityType: string): WatchlistSchema[] {
  switch (entityType) {
    case 'person':
      return ['person'];
    case 'organization':
    case 'financial_institution':
    case 'political_party':
      return ['organization'];
    case 'foreign_entity':
      return ['person', 'organization'];
    default:
      return [];
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** 'YYYY-MM-DD' or 'YYYY' from a profile's birth date, else null. */
function birthDateOf(value: unknown): string | null {
  const day = text(value);
  if (!day) return null;
  const match = /^(\d{4})(-\d{2}-\d{2})?/.exec(day);
  return match ? match[0] : null;
}

/** The profile fields that name an entity's country, in the order they are read. */
const nationalityFields = (entityType: string): string[] =>
  entityType === 'person' ? ['nationality', 'citizenship'] : ['country', 'nationality'];

/**
 * ISO 3166 alpha-2 from a profile: an alpha-2 code as is, a country name (English or Portuguese,
 * as the lists and Receita Federal write it) mapped; else null, with the first name that did not
 * map (the analysis reports it as a limitation rather than screening silently without it).
 */
export function resolveNationality(entity: Pick<SnapshotEntity, 'entity_type' | 'profile'>): {
  nationality: string | null;
  unmapped: { field: string; country: string } | null;
} {
  let unmapped: { field: string; country: string } | null = null;
  for (const field of nationalityFields(entity.entity_type)) {
    const value = text(entity.profile?.[field]);
    if (!value) continue;
    if (value.length === 2 && isIsoCountryCode(value.toUpperCase())) return { nationality: value.toUpperCase(), unmapped: null };
    const code = countryCodeOf(value);
    if (code) return { nationality: code, unmapped: null };
    unmapped ??= { field, country: value };
  }
  return { nationality: null, unmapped };
}

/** ISO 3166 alpha-2 from a profile, else null (resolveNationality without the reason). */
export function nationalityOf(entity: Pick<SnapshotEntity, 'entity_type' | 'profile'>): string | null {
  return resolveNationality(entity).nationality;
}

/** Other names the store holds for an organization (legal and trade names), each once. */
function aliasesOf(entity: SnapshotEntity, schema: WatchlistSchema): string[] {
  if (schema !== 'organization') return [];
  const names = ['legal_name', 'trade_name', 'title']
    .map((f) => text(entity.profile?.[f]))
    .filter((n): n is string => n !== null && n !== entity.display_name.trim());
  return [...new Set(names)];
}

export function planNetworkScreening(entities: readonly SnapshotEntity[]): NetworkScreeningPlan {
  const near = entities.filter((e) => e.hop <= 1).sort(nearestFirst);
  const mediaScreened = near.slice(0, MEDIA_SCREENED_ENTITIES);
  const mediaNames = screeningNamesOfAll(
    mediaScreened.map((entity) => ({ entity, relatedAs: entity.hop === 0 ? undefined : ('partner' as const) })),
  );

  const screenable = entities
    .filter((e) => watchlistSchemasOf(e.entity_type).length > 0 && e.display_name.trim() !== '')
    .sort(nearestFirst);
  const screened = screenable.slice(0, WATCHLIST_SCREENED_ENTITIES);
  const unmappedNationalities: UnmappedNationality[] = [];
  const queries = screened.flatMap((entity) => {
    const { nationality, unmapped } = resolveNationality(entity);
    if (unmapped) unmappedNationalities.push({ entity_id: entity.entity_id, name: entity.display_name.trim(), ...unmapped });
    return watchlistSchemasOf(entity.entity_type).map((schema): WatchlistScreeningQuery => ({
      entity_id: entity.entity_id,
      schema,
      name: entity.display_name.trim(),
      aliases: aliasesOf(entity, schema),
      birth_date: schema === 'person' ? birthDateOf(entity.profile?.birth_date) : null,
      nationality,
    }));
  });
  return {
    media: { names: mediaNames, skipped: near.length - mediaScreened.length },
    watchlists: {
      queries,
      screenedEntityIds: screened.map((e) => e.entity_id).sort((a, b) => a - b),
      skipped: screenable.length - screened.length,
      unmappedNationalities: unmappedNationalities.sort((a, b) => a.entity_id - b.entity_id),
    },
  };
}
