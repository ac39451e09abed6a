import type { PoolClient } from 'pg';
import type { TableCounts } from './summary';

/** Bulk mode: how to tell a `src` row whose key the target table does not hold yet (`t` is the target, `src` the row). */
export type AbsentKey = { table: string; match: string };

/**
 * Runs `WITH src AS (…), up AS (INSERT … RETURNING (xmax = 0) AS inserted) …` built by the caller
 * and turns it into counts: rows of `src` that were neither inserted nor updated are unchanged.
 * `xmax = 0` is Postgres' way to tell a fresh insert from an ON CONFLICT update.
 *
 * With `absent` (bulk mode: an empty or small store), rows whose key the table does not hold are
 * written by a plain INSERT and only the others go through ON CONFLICT: speculative insertion
 * costs about a third more per row. Both inserts read the table as it was before the statement,
 * so the two sets are disjoint. A row of the same key written meanwhile by another import fails
 * the statement (unique violation) instead of being merged; importing again completes it.
 */
export async function countedUpsert(
  client: PoolClient,
  withSrc: string,
  upsert: string,
  params: unknown[],
  absent?: AbsentKey,
): Promise<TableCounts> {
  const sql = absent
    ? splitBulkUpsert(withSrc, upsert, absent)
    : `WITH ${withSrc}, up AS (${upsert} RETURNING (xmax = 0) AS inserted)
    SELECT (SELECT count(*) FROM src)::int AS total, count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM up`;
  const { rows } = await client.query(sql, params);
  const { total, inserted, updated } = rows[0];
  return { inserted, updated, unchanged: Math.max(0, total - inserted - updated) };
}

function splitBulkUpsert(withSrc: string, upsert: string, absent: AbsentKey): string {
  const parts = /^([\s\S]*\bFROM src)(\s+ON CONFLICT[\s\S]*)$/.exec(upsert);
  if (!parts) throw new Error('a bulk upsert must read FROM src and end with ON CONFLICT');
  const known = `EXISTS (SELECT 1 FROM ${absent.table} t WHERE ${absent.match})`;
  return `WITH ${withSrc},
    src_present AS (SELECT * FROM src WHERE ${known}),
    src_absent AS (SELECT * FROM src WHERE NOT ${known}),
    up AS (${parts[1]}_present${parts[2]} RETURNING (xmax = 0) AS inserted),
    ins AS (${parts[1]}_absent RETURNING 1)
    SELECT (SELECT count(*) FROM src)::int AS total, (SELECT count(*) FROM ins)::int + count(*) FILTER (WHERE inserted)::int AS inserted,
      count(*) FILTER (WHERE NOT inserted)::int AS updated FROM up`;
}

export function addCounts(into: TableCounts, more: TableCounts): TableCounts {
  into.inserted += more.inserted;
  into.updated += more.updated;
  into.unchanged += more.unchanged;
  return into;
}
