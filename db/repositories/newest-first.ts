import type { Knex } from 'knex';
import type { Executor } from '../create-db';

/**
 * The order of every customer list: newest first by (created_at, id), a keyset on indexed
 * columns (migration 20261123150000). The position keeps created_at as text to the microsecond.
 */
export type CreatedKey = { t: string; id: number };
export type CreatedRange = { from?: Date; to?: Date };
export type NewestFirstPage = { after: CreatedKey | null; limit: number };

/** The row's position as a column `created_key` (ISO 8601, microseconds, UTC). */
export function createdKeyColumn(db: Executor, alias: string): Knex.Raw {
  return db.raw(`to_char(${alias}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key`);
}

/** created_from ≤ created_at < created_to, newest first, after the cursor's row, `limit` rows. */
export function pageNewestFirst<Q extends Knex.QueryBuilder>(query: Q, alias: string, range: CreatedRange, page: NewestFirstPage): Q {
  if (range.from) query.where(`${alias}.created_at`, '>=', range.from);
  if (range.to) query.where(`${alias}.created_at`, '<', range.to);
  if (page.after) query.whereRaw(`(${alias}.created_at, ${alias}.id) < (?::timestamptz, ?)`, [page.after.t, page.after.id]);
  return query
    .orderBy([
      { column: `${alias}.created_at`, order: 'desc' },
      { column: `${alias}.id`, order: 'desc' },
    ])
    .limit(page.limit) as Q;
}
