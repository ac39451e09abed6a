import type { SnapshotMediaHit } from '../analysis/snapshot';
import { buildSnippet } from './build-snippet';
import { classifyArticle } from './classify-article';
import { matchName, REPORT_THRESHOLD } from './match-name';
import { isBetterMatch, NameMatch } from './match-types';
import { buildNameProfile, NameKind, NameProfile } from './name-profile';
import { contentTokens } from './token-sequence';
import { tokenizeText } from './tokenize-text';

/** Where a screened name comes from: the subject's own names or a related party's. */
export type NameSource = 'display_name' | 'legal_name' | 'trade_name' | 'partner' | 'administrator';

/** A name to screen; `kind` picks the matching rules (persons vs organizations). */
export type ScreeningName = { entity_id: number; name: string; kind: NameKind; source?: NameSource };

export type MediaArticle = {
  article_id: string;
  url: string;
  title: string;
  source: string | null;
  published_at: string | null;
  body: string;
};

export type ScreeningHit = SnapshotMediaHit & { matched_in: 'title' | 'body'; category_terms: string[] };

export type PreparedName = ScreeningName & { profile: NameProfile };

export function prepareNames(names: ScreeningName[]): PreparedName[] {
  return names.map((n) => ({ ...n, profile: buildNameProfile(n.name, n.kind) }));
}

type Found = { name: PreparedName; match: NameMatch; field: 'title' | 'body' };

/**
 * Every reportable hit of one article: per entity, its best-matching name (title before body at
 * equal score). The article is classified once, only when something matched.
 */
export function screenArticle(names: PreparedName[], article: MediaArticle): ScreeningHit[] {
  // Each field's words once for all names: the network's names share one article's tokens.
  const fields = (['title', 'body'] as const).map((field) => {
    const text = article[field];
    const tokens = tokenizeText(text);
    return { field, text, tokens, content: contentTokens(tokens) };
  });
  const bestByEntity = new Map<number, Found>();
  for (const name of names) {
    for (const { field, text, tokens, content } of fields) {
      const match = matchName(name.profile, text, tokens, content);
      if (!match || match.score < REPORT_THRESHOLD) continue;
      const current = bestByEntity.get(name.entity_id);
      if (
        !current ||
        match.score > current.match.score ||
        (match.score === current.match.score && field === 'title' && current.field === 'body') ||
        (match.score === current.match.score && field === current.field && isBetterMatch(match, current.match))
      ) {
        bestByEntity.set(name.entity_id, { name, match, field });
      }
    }
  }
  if (bestByEntity.size === 0) return [];
  const classification = classifyArticle(article.title, article.body);
  return [...bestByEntity.values()]
    .sort((a, b) => a.name.entity_id - b.name.entity_id)
    .map(({ name, match, field }) => ({
      article_id: article.article_id,
      url: article.url,
      title: article.title,
      source: article.source,
      published_at: article.published_at,
      entity_id: name.entity_id,
      matched_name: name.name,
      match_type: match.match_type,
      match_score: match.score,
      category: classification.category,
      snippet: buildSnippet(field === 'title' ? article.title : article.body, match.start, match.end),
      matched_in: field,
      category_terms: classification.terms,
    }));
}

/** The one hit order: score, then newest, then article id and entity id (total and stable). */
export function compareHits(a: SnapshotMediaHit, b: SnapshotMediaHit): number {
  if (a.match_score !== b.match_score) return b.match_score - a.match_score;
  const pa = a.published_at ?? '';
  const pb = b.published_at ?? '';
  if (pa !== pb) return pa < pb ? 1 : -1;
  if (a.article_id !== b.article_id) return a.article_id < b.article_id ? -1 : 1;
  return a.entity_id - b.entity_id;
}
