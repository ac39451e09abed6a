import type { SnapshotMediaHit } from '../../../domain/analysis/snapshot';
import type { MediaArticle, PreparedName, ScreeningHit, ScreeningName } from '../../../domain/media/screen-article';
import { prepareNames } from '../../../domain/media/screen-article';
import { screenArticles } from '../../../domain/media/screen-articles';
import { searchTermsFor } from '../../../domain/media/search-terms';
import type { Executor } from '../../create-db';

/**
 * The one screening engine over the imported corpus (media_articles): Postgres full-text search
 * (Portuguese configuration over accent-folded text, the GIN index of search_vector) finds
 * candidates, the pure matcher of domain/media scores and classifies them. Used by the
 * adverse-media screening workflow and by the analysis snapshot (media_hits).
 */

/** Most recent candidates read per screening; more is reported as a limitation, never silently. */
const CANDIDATE_LIMIT = 1000;

export type CandidateArticle = MediaArticle & { id: number };
export type ScreeningRun = { hits: (ScreeningHit & { media_article_id: number; name_source: string | null })[]; candidates: number; truncated: boolean };

function isoOrNull(value: Date | string | null): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}

/** Articles containing all search terms of at least one name, published up to `cutoff`, newest first. */
async function findCandidateArticles(db: Executor, names: PreparedName[], cutoff: Date, limit = CANDIDATE_LIMIT): Promise<{ articles: CandidateArticle[]; truncated: boolean }> {
  const queries = [...new Set(names.map((n) => searchTermsFor(n.profile).join(' ').toLowerCase()).filter(Boolean))].sort();
  if (queries.length === 0) return { articles: [], truncated: false };
  const tsquery = queries.map(() => "plainto_tsquery('portuguese', ?)").join(' || ');
  const rows = await db('media_articles')
    .select('id', 'article_id', 'url', 'title', 'source', 'published_at', 'body')
    .whereRaw(`search_vector @@ (${tsquery})`, queries)
    .andWhere((q) => {
      q.whereNull('published_at').orWhere('published_at', '<=', cutoff);
    })
    .orderByRaw('published_at DESC NULLS LAST, id DESC')
    .limit(limit + 1);
  const articles = rows.slice(0, limit).map((r: any) => ({ ...r, id: Number(r.id), published_at: isoOrNull(r.published_at) }));
  return { articles, truncated: rows.length > limit };
}

/** Candidates → scored, classified hits in the one hit order. */
export async function screenNames(db: Executor, names: ScreeningName[], cutoff: Date, limit = CANDIDATE_LIMIT): Promise<ScreeningRun> {
  const prepared = prepareNames(names);
  const { articles, truncated } = await findCandidateArticles(db, prepared, cutoff, limit);
  const idOf = new Map(articles.map((a) => [a.article_id, a.id]));
  const sourceOf = new Map(prepared.map((n) => [`${n.entity_id}|${n.name}`, n.source ?? null]));
  const hits = screenArticles(prepared, articles).map((hit) => ({
    ...hit,
    media_article_id: idOf.get(hit.article_id)!,
    name_source: sourceOf.get(`${hit.entity_id}|${hit.matched_name}`) ?? null,
  }));
  return { hits, candidates: articles.length, truncated };
}

/** The end of an `as_of` day (UTC) or the instant given. */
function cutoffOf(asOf: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? new Date(`${asOf}T23:59:59.999Z`) : new Date(asOf);
}

/**
 * The analysis engine's adverse-media pillar: hits for the snapshot's names, articles published
 * after `asOf` (a day: its end, UTC) excluded, in the one deterministic order, at most `limit`.
 */
export async function screenEntityNames(db: Executor, input: { names: ScreeningName[]; asOf: string; limit?: number }): Promise<SnapshotMediaHit[]> {
  const run = await screenNames(db, input.names, cutoffOf(input.asOf));
  return run.hits.slice(0, input.limit ?? 100).map((h) => ({
    article_id: h.article_id,
    url: h.url,
    title: h.title,
    source: h.source,
    published_at: h.published_at,
    entity_id: h.entity_id,
    matched_name: h.matched_name,
    match_type: h.match_type,
    match_score: h.match_score,
    category: h.category,
    snippet: h.snippet,
  }));
}
