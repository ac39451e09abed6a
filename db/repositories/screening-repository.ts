import type { MediaCategory } from '../../domain/media/media-taxonomy';
import type { ScreeningName } from '../../domain/media/screen-article';
import type { Executor } from '../create-db';
import type { ScreeningRun } from './media-article-repository';

export type ScreeningStatus = 'queued' | 'running' | 'completed' | 'failed' | 'canceled';

export type ScreeningRow = {
  id: number;
  uuid: string;
  company_id: number;
  entity_id: number;
  status: ScreeningStatus;
  client_reference: string | null;
  webhook_endpoint_uuid: string | null;
  include_related: boolean;
  as_of: Date;
  names: (ScreeningName & { relation?: string })[];
  counts_by_category: Partial<Record<MediaCategory, number>>;
  hit_count: number;
  limitations: { code: string; message: string }[];
  matcher_version: string | null;
  taxonomy_version: string | null;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
};

export async function insertScreening(
  db: Executor,
  input: { uuid: string; companyId: number; entityId: number; clientReference: string | null; webhookEndpointUuid: string | null; includeRelated: boolean; asOf: Date },
): Promise<void> {
  await db('screenings').insert({
    uuid: input.uuid,
    company_id: input.companyId,
    entity_id: input.entityId,
    client_reference: input.clientReference,
    webhook_endpoint_uuid: input.webhookEndpointUuid,
    include_related: input.includeRelated,
    as_of: input.asOf,
  });
}

export async function deleteScreening(db: Executor, uuid: string): Promise<void> {
  await db('screenings').where({ uuid }).delete();
}

/** A company's screening; another company's is undefined, exactly like a missing one. */
export async function findScreening(db: Executor, companyId: number, uuid: string): Promise<ScreeningRow | undefined> {
  return db('screenings').where({ company_id: companyId, uuid }).first();
}

/** The worker's view: the workflow only knows the uuid, which the API created for one company. */
export async function findScreeningForWork(db: Executor, uuid: string): Promise<ScreeningRow | undefined> {
  return db('screenings').where({ uuid }).first();
}

/** queued → running (a retry keeps the first start time; a finished screening is left alone). */
export async function markScreeningRunning(db: Executor, id: number, names: ScreeningName[]): Promise<void> {
  await db('screenings')
    .where({ id })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'running', names: JSON.stringify(names), started_at: db.raw('coalesce(started_at, now())') });
}

/**
 * Stores the hits and completes the screening in one transaction; the hits are replaced, so a
 * retried activity writes them exactly once.
 */
export async function completeScreening(
  db: Executor,
  screening: { id: number; company_id: number },
  input: { hits: ScreeningRun['hits']; hitCount: number; counts: Record<string, number>; limitations: { code: string; message: string }[]; matcherVersion: string; taxonomyVersion: string },
): Promise<void> {
  await db('screening_hits').where({ screening_id: screening.id }).delete();
  const rows = input.hits.map((h, position) => ({
    screening_id: screening.id,
    company_id: screening.company_id,
    position,
    media_article_id: h.media_article_id,
    article_id: h.article_id,
    url: h.url,
    title: h.title,
    source: h.source,
    published_at: h.published_at,
    entity_id: h.entity_id,
    matched_name: h.matched_name,
    name_source: h.name_source,
    match_type: h.match_type,
    match_score: h.match_score,
    matched_in: h.matched_in,
    category: h.category,
    category_terms: h.category_terms,
    snippet: h.snippet,
  }));
  for (let i = 0; i < rows.length; i += 500) await db('screening_hits').insert(rows.slice(i, i + 500));
  await db('screenings')
    .where({ id: screening.id })
    .whereIn('status', ['queued', 'running'])
    .update({
      status: 'completed',
      hit_count: input.hitCount,
      counts_by_category: JSON.stringify(input.counts),
      limitations: JSON.stringify(input.limitations),
      matcher_version: input.matcherVersion,
      taxonomy_version: input.taxonomyVersion,
      started_at: db.raw('coalesce(started_at, now())'),
      completed_at: db.raw('now()'),
    });
}

/** Any unfinished state → failed with a public reason (never an internal message). */
export async function failScreening(db: Executor, id: number, reason: string): Promise<void> {
  await db('screenings').where({ id }).whereIn('status', ['queued', 'running']).update({ status: 'failed', error: reason, completed_at: db.raw('now()') });
}

export type ScreeningHitRow = {
  position: number;
  article_id: string;
  url: string;
  title: string;
  source: string | null;
  published_at: Date | null;
  entity_id: number;
  matched_name: string;
  name_source: string | null;
  match_type: string;
  match_score: number;
  matched_in: string;
  category: string;
  category_terms: string[];
  snippet: string;
};

export async function listScreeningHits(db: Executor, companyId: number, screeningId: number): Promise<ScreeningHitRow[]> {
  return db('screening_hits').where({ company_id: companyId, screening_id: screeningId }).orderBy('position').select(
    'position', 'article_id', 'url', 'title', 'source', 'published_at', 'entity_id', 'matched_name', 'name_source', 'match_type', 'match_score', 'matched_in', 'category', 'category_terms', 'snippet',
  );
}
