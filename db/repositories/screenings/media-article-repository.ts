import type { Executor } from '../../create-db';

/**
 * The imported corpus (media_articles) as the screening reads it: Postgres full-text search
 * (Portuguese configuration over accent-folded text, the GIN index of search_vector). Which words
 * are searched and how a candidate is scored and classified is the domain's
 * (domain/media/search-terms.ts, domain/media/screen-articles.ts; docs/adverse-media.md).
 */

export type CandidateArticleRow = {
  id: number;
  article_id: string;
  url: string;
  title: string;
  source: string | null;
  published_at: string | null;
  body: string;
};

function isoOrNull(value: Date | string | null): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}

/**
 * Articles matching at least one of the full-text `queries` (plainto_tsquery: all its words),
 * published up to `cutoff` or undated, newest first, at most `limit`; `truncated` when more matched.
 */
export async function findCandidateArticles(
  db: Executor,
  input: { queries: string[]; cutoff: Date; limit: number },
): Promise<{ articles: CandidateArticleRow[]; truncated: boolean }> {
  const { queries, cutoff, limit } = input;
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
