import { MediaCategory, mediaCategories } from './media-taxonomy';
import { compareHits, MediaArticle, PreparedName, screenArticle, ScreeningHit } from './screen-article';

/** All reportable hits of the candidate articles, in the one hit order. */
export function screenArticles(names: PreparedName[], articles: MediaArticle[]): ScreeningHit[] {
  return articles.flatMap((article) => screenArticle(names, article)).sort(compareHits);
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
