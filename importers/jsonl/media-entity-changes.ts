import type { PoolClient } from 'pg';
import { prepareNames, type MediaArticle } from '../../domain/media/screen-article';
import { screenArticles } from '../../domain/media/screen-articles';
import { screeningNamesOf } from '../../domain/media/screening-names';
import { searchQueryOf } from '../../domain/media/search-terms';

/** Monitored entities read per page: one GIN probe per distinct name query of the page. */
const PAGE = 2_000;

/**
 * The change feed of a media import (docs/monitoring.md, "Change detection"): articles are linked
 * to nobody (an analysis screens names against the corpus), so the entities an import changed are
 * found the way an analysis would find the new articles — the names of every entity some live
 * monitor's network holds (the entity → monitor index), their full-text search terms
 * (domain/media/search-terms.ts) probed against the articles THIS run wrote or rewrote only, then
 * the same pure matcher (domain/media/screen-articles.ts) on the candidates. Reads the index once
 * per import, a page at a time; nothing at all when the import wrote no article or nobody is monitored.
 */
export async function mediaChangedEntities(client: PoolClient, runId: number): Promise<number[]> {
  const written = await client.query('SELECT 1 FROM media_articles WHERE import_run_id = $1::bigint LIMIT 1', [runId]);
  if (written.rowCount === 0) return [];
  const changed: number[] = [];
  let after = 0;
  for (;;) {
    const { rows } = await client.query<{ id: string; entity_type: string; display_name: string; profile: Record<string, unknown> | null }>(
      `SELECT e.id, e.entity_type, e.display_name, e.profile FROM entities e
        WHERE e.id > $1 AND e.id IN (SELECT me.entity_id FROM monitor_entities me JOIN monitors m ON m.id = me.monitor_id WHERE m.status <> 'stopped')
        ORDER BY e.id LIMIT $2`,
      [after, PAGE],
    );
    if (rows.length === 0) return changed;
    after = Number(rows[rows.length - 1].id);
    const prepared = prepareNames(
      rows.flatMap((r) =>
        screeningNamesOf({ entity_id: Number(r.id), entity_type: r.entity_type, display_name: r.display_name, profile: r.profile }),
      ),
    );
    const queryOf = new Map(prepared.map((n) => [n, searchQueryOf(n.profile)]));
    const queries = [...new Set([...queryOf.values()].filter(Boolean))];
    if (queries.length === 0) continue;
    // The candidates as findCandidateArticles finds them (db/repositories/screenings/media-article-repository.ts), among this run's articles.
    const { rows: hits } = await client.query<{
      q: string;
      article_id: string;
      url: string;
      title: string;
      source: string | null;
      published_at: Date | null;
      body: string;
    }>(
      `SELECT q.q, a.article_id, a.url, a.title, a.source, a.published_at, a.body FROM unnest($1::text[]) AS q(q)
         JOIN media_articles a ON a.import_run_id = $2::bigint AND a.search_vector @@ plainto_tsquery('portuguese', q.q)`,
      [queries, runId],
    );
    if (hits.length === 0) continue;
    const articlesOf = new Map<string, MediaArticle[]>();
    for (const h of hits) {
      const article = {
        article_id: h.article_id,
        url: h.url,
        title: h.title,
        source: h.source,
        published_at: h.published_at ? new Date(h.published_at).toISOString() : null,
        body: h.body,
      };
      (articlesOf.get(h.q) ?? articlesOf.set(h.q, []).get(h.q)!).push(article);
    }
    for (const [name, query] of queryOf) {
      const articles = articlesOf.get(query);
      if (articles && screenArticles([name], articles).length > 0) changed.push(name.entity_id);
    }
  }
}
