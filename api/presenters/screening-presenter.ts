import type { ScreeningHitRow } from '../../db/repositories/screenings/screening-hit-repository';
import type { ScreeningRow } from '../../db/repositories/screenings/screening-repository';
import type { EntityRow } from '../../domain/entity-store/subject-profile';
import { mediaCategories } from '../../domain/media/media-taxonomy';
import { isoTimestamp } from '../edge/iso-timestamp';
import type { ScreeningHitBody, ScreeningResponse } from '../resources/screenings/screening-schemas';

/** The read form of an adverse-media screening, with its hits once completed. */
function presentHit(h: ScreeningHitRow): ScreeningHitBody {
  return {
    article: { id: h.article_id, url: h.url, title: h.title, source: h.source, published_at: isoTimestamp(h.published_at) },
    entity_id: Number(h.entity_id),
    matched_name: h.matched_name,
    name_source: h.name_source,
    match_type: h.match_type,
    match_score: h.match_score,
    matched_in: h.matched_in as 'title' | 'body',
    category: h.category as ScreeningHitBody['category'],
    category_terms: h.category_terms,
    snippet: h.snippet,
  };
}

/** The screening from its row, its subject's entity row and its hits (none before it completes). */
export function presentScreening(row: ScreeningRow, entity: EntityRow | undefined, hits: ScreeningHitRow[]): ScreeningResponse {
  const counts = Object.fromEntries(
    mediaCategories.map((c) => [c, Number(row.counts_by_category?.[c] ?? 0)]),
  ) as ScreeningResponse['counts_by_category'];
  return {
    uuid: row.uuid,
    status: row.status,
    subject: {
      entity_id: Number(row.entity_id),
      entity_type: entity?.entity_type ?? 'unknown',
      display_name: entity?.display_name ?? '',
      document: entity?.document ?? null,
    },
    client_reference: row.client_reference,
    include_related: row.include_related,
    webhook_endpoint_uuid: row.webhook_endpoint_uuid,
    as_of: isoTimestamp(row.as_of)!,
    names: (row.names ?? []).map((n) => ({ entity_id: n.entity_id, name: n.name, kind: n.kind, source: n.source ?? null })),
    hit_count: row.hit_count,
    counts_by_category: counts,
    hits: hits.map(presentHit),
    limitations: row.limitations ?? [],
    versions: { matcher_version: row.matcher_version, taxonomy_version: row.taxonomy_version },
    error: row.error,
    created_at: isoTimestamp(row.created_at)!,
    started_at: isoTimestamp(row.started_at),
    completed_at: isoTimestamp(row.completed_at),
  };
}
