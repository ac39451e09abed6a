import { randomInt, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Media articles for screening tests, inserted directly in the docs/importers.md shape (the media
 * importer has its own tests). Names in fixtures use invented words (`inventedWord()`) so that
 * tests sharing one corpus never match each other's articles.
 */
export type ArticleInput = {
  title: string;
  body: string;
  publishedAt?: string | null;
  source?: string;
  language?: string;
  articleId?: string;
};

export async function insertArticle(db: Knex, input: ArticleInput): Promise<string> {
  const articleId = input.articleId ?? `fixture-${randomUUID()}`;
  await db('media_articles').insert({
    article_id: articleId,
    url: `https://news.example/${articleId}`,
    title: input.title,
    source: input.source ?? 'Jornal Exemplo',
    published_at: input.publishedAt === undefined ? '2025-06-01T12:00:00Z' : input.publishedAt,
    language: input.language ?? 'pt',
    body: input.body,
  });
  return articleId;
}

const syllables = ['ra', 'to', 'vel', 'qui', 'nor', 'ban', 'dre', 'lis', 'mon', 'tar', 'zel', 'cor', 'vin', 'bal', 'ster', 'gor'];

/** A capitalized word no dictionary and no other test uses ("Velquinor…"), 4 syllables. */
export function inventedWord(): string {
  const word = Array.from({ length: 4 }, () => syllables[randomInt(syllables.length)]).join('') + syllables[randomInt(syllables.length)];
  return word[0].toUpperCase() + word.slice(1);
}
