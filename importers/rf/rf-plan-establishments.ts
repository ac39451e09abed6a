import type { PoolClient } from 'pg';
import { organizationCaseSql } from './classification-sql';

/**
 * The ordered classification rules run once per distinct (nature, CNAE) pair, not once per row.
 * An analyzed table (about a hundred rows) makes the join back a hash join; as a CTE the planner
 * guessed 20,000 pairs and sorted every establishment for a merge join. The join is on one
 * combined key: on two, the planner joined the CNAE half before the company was known and
 * multiplied the establishments eightfold.
 */
export const pairKey = (nature: string, cnae: string) => `coalesce(${nature}, '') || '|' || coalesce(${cnae}, '')`;

async function classifyPairs(client: PoolClient): Promise<void> {
  await client.query(`CREATE UNLOGGED TABLE rf_classes AS
    SELECT ${pairKey('nature_code', 'main_cnae')} AS pair_key, entity_type, '"organization_category":' || to_json(organization_category)::text AS profile_part
    FROM (SELECT nature_code, main_cnae,
        ${organizationCaseSql('entityType', 'nature_code', 'main_cnae')} AS entity_type,
        ${organizationCaseSql('category', 'nature_code', 'main_cnae')} AS organization_category
      FROM (SELECT DISTINCT c.nature_code, s.main_cnae FROM stg_estab s LEFT JOIN stg_company c ON c.root = s.root) pairs) classified`);
  await client.query('ANALYZE rf_classes');
}

/** A CNPJ range `[from, to)` of the establishments; open ends when absent. */
export type EstablishmentSlice = { from?: string; to?: string };

/**
 * Classifies the (nature, CNAE) pairs and cuts the establishments in two CNPJ ranges for the two
 * connections — the first two thirds for the one that does nothing else meanwhile, the rest for
 * the one that loads the persons first — at a bound read from the staging table's histogram
 * (ANALYZE made it; no sort). Contiguous ranges keep each connection's inserts in key order.
 */
export async function planEstablishments(client: PoolClient): Promise<EstablishmentSlice[]> {
  await classifyPairs(client);
  const { rows } = await client.query(`SELECT histogram_bounds::text::text[] AS bounds FROM pg_stats
    WHERE schemaname = current_schema() AND tablename = 'stg_estab' AND attname = 'cnpj'`);
  const bounds: string[] | undefined = rows[0]?.bounds;
  if (!bounds || bounds.length < 3) return [{}];
  const cut = bounds[Math.floor((bounds.length * 2) / 3)];
  return [{ to: cut }, { from: cut }];
}
