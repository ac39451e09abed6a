import type { PoolClient } from 'pg';
import { AbsentKey, countedUpsert } from '../support/counted-upsert';
import { TableCounts } from '../support/summary';
import { statusCaseSql } from './classification-sql';
import { EstablishmentSlice, pairKey } from './rf-plan-establishments';

/** Bulk mode: entities whose source key the store does not hold yet are inserted without ON CONFLICT. */
export const absentEntity = (bulk: boolean, column = 'source_key'): AbsentKey | undefined =>
  bulk ? { table: 'entities', match: `t.source_key = src.${column}` } : undefined;

/**
 * One organization entity per establishment (`rf:estab:<cnpj>`). Its profile is the latest
 * establishment line's part, its company's and Simples' parts (rf-profile-parts.ts, built while
 * parsing), the partner count and the classification, concatenated and cast to jsonb once. The
 * content hash is over that text plus the columns, so an unchanged establishment is not written
 * again; the headquarters link (set later, from entity ids) is carried over on update. The staging
 * tables hold one line per CNPJ (per root for companies and Simples; `dropSupersededLines`), so
 * this is plain hash joins: no sort of whole rows (at a million establishments it spilled 900 MB
 * to disk), and rows go into the store in file order, which is CNPJ order in published releases.
 */
export async function upsertEstablishments(
  client: PoolClient,
  runId: number,
  bulk = false,
  slice: EstablishmentSlice = {},
): Promise<TableCounts> {
  const src = `src AS (
    SELECT 'rf:estab:' || s.cnpj AS source_key, s.cnpj, cls.entity_type,
      coalesce(c.legal_name, s.trade_name, 'CNPJ ' || s.cnpj) AS display_name,
      coalesce(c.normalized_name, s.trade_normalized_name, 'CNPJ ' || s.cnpj) AS normalized_name,
      ${statusCaseSql('s.status_code')} AS status,
      '{' || concat_ws(',', nullif(s.profile_part, ''), nullif(c.profile_part, ''), nullif(sn.profile_part, ''), '"partner_count":' || coalesce(pc.n, 0), cls.profile_part) || '}' AS profile
    FROM stg_estab s
    LEFT JOIN stg_company c ON c.root = s.root
    LEFT JOIN stg_simples sn ON sn.root = s.root
    LEFT JOIN partner_counts pc ON pc.root = s.root
    JOIN rf_classes cls ON cls.pair_key = ${pairKey('c.nature_code', 's.main_cnae')}
    WHERE ($2::text IS NULL OR s.cnpj >= $2::text) AND ($3::text IS NULL OR s.cnpj < $3::text)
  )`;
  return countedUpsert(
    client,
    src,
    `INSERT INTO entities (entity_type, display_name, normalized_name, document, document_type, status, profile, source_key, content_hash, import_run_id)
     SELECT entity_type, display_name, normalized_name, cnpj, 'cnpj', status, profile::jsonb, source_key,
       md5(concat_ws('|', entity_type, display_name, normalized_name, status, profile)), $1::bigint
     FROM src
     ON CONFLICT (source_key) DO UPDATE SET entity_type = excluded.entity_type, display_name = excluded.display_name,
       normalized_name = excluded.normalized_name, document = excluded.document, document_type = excluded.document_type, status = excluded.status,
       profile = excluded.profile || jsonb_strip_nulls(jsonb_build_object('headquarters_entity_id', entities.profile -> 'headquarters_entity_id')),
       content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
     WHERE entities.content_hash IS DISTINCT FROM excluded.content_hash`,
    [runId, slice.from ?? null, slice.to ?? null],
    absentEntity(bulk),
  );
}
