import type { PoolClient } from 'pg';
import type { TableCounts } from './summary';

/**
 * Runs `WITH src AS (…), up AS (INSERT … RETURNING (xmax = 0) AS inserted) …` built by the caller
 * and turns it into counts: rows of `src` that were neither inserted nor updated are unchanged.
 * `xmax = 0` is Postgres' way to tell a fresh insert from an ON CONFLICT update.
 */
export async function countedUpsert(client: PoolClient, withSrc: string, upsert: string, params: unknown[]): Promise<TableCounts> {
  const sql = `WITH ${withSrc}, up AS (${upsert} RETURNING (xmax = 0) AS inserted)
    SELECT (SELECT count(*) FROM src)::int AS total, count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM up`;
  const { rows } = await client.query(sql, params);
  const { total, inserted, updated } = rows[0];
  return { inserted, updated, unchanged: Math.max(0, total - inserted - updated) };
}

export function addCounts(into: TableCounts, more: TableCounts): TableCounts {
  into.inserted += more.inserted;
  into.updated += more.updated;
  into.unchanged += more.unchanged;
  return into;
}
