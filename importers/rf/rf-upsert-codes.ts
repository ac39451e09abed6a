import type { PoolClient } from 'pg';
import { countedUpsert } from '../support/counted-upsert';
import { TableCounts } from '../support/summary';

/** Code tables: a description that changed is updated, the rest is unchanged. */
export async function upsertRfCodes(client: PoolClient, runId: number): Promise<TableCounts> {
  return countedUpsert(
    client,
    'src AS (SELECT DISTINCT ON (table_name, code) table_name, code, description FROM stg_code ORDER BY table_name, code, line DESC)',
    `INSERT INTO rf_codes (table_name, code, description, import_run_id) SELECT table_name, code, description, $1::bigint FROM src
     ON CONFLICT (table_name, code) DO UPDATE SET description = excluded.description, import_run_id = excluded.import_run_id
     WHERE rf_codes.description IS DISTINCT FROM excluded.description`,
    [runId],
  );
}
