import type { Executor } from '../../create-db';
import type { ScreeningRun } from '../../../domain/media/screen-articles';

/** The hits of a screening: what each showed, copied so that it reads the same years later. */
export async function replaceScreeningHits(
  db: Executor,
  screening: { id: number; company_id: number },
  hits: ScreeningRun['hits'],
): Promise<void> {
  await db('screening_hits').where({ screening_id: screening.id }).delete();
  const rows = hits.map((h, position) => ({
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
  return db('screening_hits')
    .where({ company_id: companyId, screening_id: screeningId })
    .orderBy('position')
    .select(
      'position',
      'article_id',
      'url',
      'title',
      'source',
      'published_at',
      'entity_id',
      'matched_name',
      'name_source',
      'match_type',
      'match_score',
      'matched_in',
      'category',
      'category_terms',
      'snippet',
    );
}
