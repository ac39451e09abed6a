import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { CopyWriter } from '../support/copy-rows';
import { countedUpsert } from '../support/counted-upsert';
import { recordEntityIdChanges, runVersion } from '../support/record-entity-changes';
import { ImportOptions, runFileImport } from '../support/run-file-import';
import { isoDateTime, str } from './json-fields';
import { mediaChangedEntities } from './media-entity-changes';
import { readJsonLines } from './read-json-lines';

/** The adverse-media corpus (docs/importers.md), one article a line; screened by name later, so nothing is linked here. */
export async function importMedia(db: Knex, options: ImportOptions) {
  return runFileImport(db, 'media', options, async ({ client, runId, entry, rejections, tables, progress, report }) => {
    await client.query(
      `CREATE TEMP TABLE stg_media (article_id text, url text, title text, source text, published_at timestamptz, language text, body text, hash text, line bigint) ON COMMIT DROP`,
    );
    const writer = new CopyWriter(client, 'stg_media', [
      'article_id',
      'url',
      'title',
      'source',
      'published_at',
      'language',
      'body',
      'hash',
      'line',
    ]);
    let rows = 0;
    for await (const { line, value, error } of readJsonLines(entry, progress)) {
      rows++;
      if (!value) {
        rejections.add(line, error!);
        continue;
      }
      const id = typeof value.id === 'number' ? String(value.id) : str(value.id, 200);
      const fields = [
        str(value.url, 2000),
        str(value.title, 1000),
        str(value.source, 200),
        str(value.language, 20),
        str(value.body, 1_000_000),
      ];
      const publishedAt = isoDateTime(value.published_at);
      if (!id) {
        rejections.add(line, 'id: missing');
        continue;
      }
      if (!fields[0] || !fields[1] || !fields[4]) {
        rejections.add(line, 'url, title and body are required strings');
        continue;
      }
      if (fields.some((f) => f === undefined) || publishedAt === undefined) {
        rejections.add(line, 'a field has the wrong type (published_at: ISO 8601)');
        continue;
      }
      const hash = createHash('md5')
        .update(JSON.stringify([fields, publishedAt]))
        .digest('hex');
      await writer.write([id, fields[0], fields[1], fields[2], publishedAt, fields[3], fields[4], hash, line]);
    }
    await writer.end();
    tables.media_articles = await countedUpsert(
      client,
      `src AS (SELECT DISTINCT ON (article_id) * FROM stg_media ORDER BY article_id, line DESC)`,
      `INSERT INTO media_articles (article_id, url, title, source, published_at, language, body, content_hash, import_run_id)
       SELECT article_id, url, title, source, published_at, language, body, hash, $1::bigint FROM src
       ON CONFLICT (article_id) DO UPDATE SET url = excluded.url, title = excluded.title, source = excluded.source, published_at = excluded.published_at,
         language = excluded.language, body = excluded.body, content_hash = excluded.content_hash, import_run_id = excluded.import_run_id
       WHERE media_articles.content_hash IS DISTINCT FROM excluded.content_hash`,
      [runId],
    );
    // The change feed (docs/monitoring.md): the monitored entities whose names the new or rewritten articles match.
    report.changes = await recordEntityIdChanges(client, {
      source: 'media',
      version: runVersion(runId),
      entityIds: await mediaChangedEntities(client, runId),
    });
    return rows;
  });
}
