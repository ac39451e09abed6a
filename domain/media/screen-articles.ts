import type { SnapshotMediaHit } from '../analysis/snapshot';
import { MediaCategory, mediaCategories } from './media-taxonomy';
import { compareHits, MediaArticle, PreparedName, screenArticle, ScreeningHit } from './screen-article';

/** Most recent candidates read per screening; more is reported as a limitation, never silently. */
export const MEDIA_CANDIDATE_LIMIT = 1000;

/** A candidate as the corpus stores it: the article and its row id. */
export type CandidateArticle = MediaArticle & { id: number };

/** A hit as a screening stores it: the article's row and where the matched name came from. */
export type ScreenedHit = ScreeningHit & { media_article_id: number; name_source: string | null };

export type ScreeningRun = { hits: ScreenedHit[]; candidates: number; truncated: boolean };

/** All reportable hits of the candidate articles, in the one hit order. */
export function screenArticles(names: PreparedName[], articles: MediaArticle[]): ScreeningHit[] {
  return articles.flatMap((article) => screenArticle(names, article)).sort(compareHits);
}

/** The candidates the full-text search found → scored, classified hits in the one hit order. */
export function screenCandidates(names: PreparedName[], found: { articles: CandidateArticle[]; truncated: boolean }): ScreeningRun {
  const idOf = new Map(found.articles.map((a) => [a.article_id, a.id]));
  const sourceOf = new Map(names.map((n) => [`${n.entity_id}|${n.name}`, n.source ?? null]));
  const hits = screenArticles(names, found.articles).map((hit) => ({
    ...hit,
    media_article_id: idOf.get(hit.article_id)!,
    name_source: sourceOf.get(`${hit.entity_id}|${hit.matched_name}`) ?? null,
  }));
  return { hits, candidates: found.articles.length, truncated: found.truncated };
}

/** The end of an `as_of` day (UTC) or the instant given: articles published later are not read. */
export function mediaCutoffOf(asOf: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? new Date(`${asOf}T23:59:59.999Z`) : new Date(asOf);
}

/** The analysis snapshot's media hits: the strongest `limit` of a run, in its order, as the snapshot records them. */
export function snapshotMediaHitsOf(run: ScreeningRun, limit = 100): SnapshotMediaHit[] {
  return run.hits.slice(0, limit).map((h) => ({
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

/**
 * Distinct articles per category (every category present, zero included). An article that
 * names the subject and a partner counts once: it is one story.
 */
export function countByCategory(hits: { article_id: string; category: string }[]): Record<MediaCategory, number> {
  const seen = new Map<string, string>();
  for (const hit of hits) if (!seen.has(hit.article_id)) seen.set(hit.article_id, hit.category);
  const counts = Object.fromEntries(mediaCategories.map((c) => [c, 0])) as Record<MediaCategory, number>;
  for (const category of seen.values()) counts[category as MediaCategory] = (counts[category as MediaCategory] ?? 0) + 1;
  return counts;
}
