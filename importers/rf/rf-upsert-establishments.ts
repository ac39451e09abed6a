import type { PoolClient } from 'pg';
import { AbsentKey, addCounts, countedUpsert } from '../support/counted-upsert';
import { emptyCounts, TableCounts } from '../support/summary';
import { organizationCaseSql, statusCaseSql } from './classification-sql';

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

/**
 * The ordered classification rules run once per distinct (nature, CNAE) pair, not once per row.
 * An analyzed table (about a hundred rows) makes the join back a hash join; as a CTE the planner
 * guessed 20,000 pairs and sorted every establishment for a merge join. The join is on one
 * combined key: on two, the planner joined the CNAE half before the company was known and
 * multiplied the establishments eightfold.
 */
const pairKey = (nature: string, cnae: string) => `coalesce(${nature}, '') || '|' || coalesce(${cnae}, '')`;

async function classifyPairs(client: PoolClient): Promise<void> {
  await client.query(`CREATE UNLOGGED TABLE rf_classes AS
    SELECT ${pairKey('nature_code', 'main_cnae')} AS pair_key, entity_type, '"organization_category":' || to_json(organization_category)::text AS profile_part
    FROM (SELECT nature_code, main_cnae,
        ${organizationCaseSql('entityType', 'nature_code', 'main_cnae')} AS entity_type,
        ${organizationCaseSql('category', 'nature_code', 'main_cnae')} AS organization_category
      FROM (SELECT DISTINCT c.nature_code, s.main_cnae FROM stg_estab s LEFT JOIN stg_company c ON c.root = s.root) pairs) classified`);
  await client.query('ANALYZE rf_classes');
}

/** Bulk mode: entities whose source key the store does not hold yet are inserted without ON CONFLICT. */
export const absentEntity = (bulk: boolean, column = 'source_key'): AbsentKey | undefined => (bulk ? { table: 'entities', match: `t.source_key = src.${column}` } : undefined);

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

export async function upsertEstablishments(client: PoolClient, runId: number, bulk = false, slice: EstablishmentSlice = {}): Promise<TableCounts> {
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

/** CNPJ → entity id of every establishment of the release (documents, headquarters and branches read it). */
export async function mapEstablishments(client: PoolClient): Promise<void> {
  await client.query(`CREATE UNLOGGED TABLE map_estab AS
    SELECT s.cnpj, s.root, s.is_hq, e.id FROM stg_estab s JOIN entities e ON e.source_key = 'rf:estab:' || s.cnpj`);
  await client.query('ANALYZE map_estab');
}

/** Every entity of this import holds its documents in entity_documents (what resolution reads). */
export async function upsertDocuments(client: PoolClient, runId: number, selectSql: string, bulk = false): Promise<TableCounts> {
  return countedUpsert(
    client,
    `src AS (${selectSql})`,
    `INSERT INTO entity_documents (entity_id, document, document_type, import_run_id) SELECT DISTINCT entity_id, document, document_type, $1::bigint FROM src
     ON CONFLICT (entity_id, document) DO NOTHING`,
    [runId],
    bulk ? { table: 'entity_documents', match: 't.entity_id = src.entity_id AND t.document = src.document' } : undefined,
  );
}

/**
 * Headquarters of every company root this release touches: from the release itself, else from
 * the store (an earlier release), preferring the establishment flagged as headquarters.
 */
export async function buildHeadquartersMap(client: PoolClient): Promise<void> {
  await client.query(`CREATE UNLOGGED TABLE rf_hq AS
    SELECT DISTINCT ON (root COLLATE "C") root, id AS entity_id FROM map_estab WHERE is_hq ORDER BY root COLLATE "C", cnpj COLLATE "C"`);
  // Only roots without a headquarters in this release look into the store (usually few or none).
  const { rowCount } = await client.query(`CREATE UNLOGGED TABLE rf_missing_roots AS
    SELECT root FROM stg_partner UNION SELECT root FROM map_estab EXCEPT SELECT root FROM rf_hq`);
  if (rowCount) {
    await client.query('ANALYZE rf_missing_roots');
    await client.query(`INSERT INTO rf_hq (root, entity_id)
      SELECT DISTINCT ON (r.root) r.root, e.id
      FROM rf_missing_roots r
      JOIN entities e ON left(e.document, 8) = r.root AND e.document_type = 'cnpj' AND e.source_key LIKE 'rf:estab:%'
      ORDER BY r.root, (e.profile ->> 'is_headquarters') = 'true' DESC, e.document`);
  }
  await client.query('ANALYZE rf_hq');
}

/** Branches point to their headquarters: profile.headquarters_entity_id and a BRANCH_OF edge. */
export async function linkBranches(client: PoolClient, runId: number, bulk = false): Promise<TableCounts> {
  await client.query(
    `UPDATE entities e SET profile = e.profile || jsonb_build_object('headquarters_entity_id', h.entity_id), updated_at = now(), import_run_id = $1::bigint
     FROM map_estab m JOIN rf_hq h ON h.root = m.root
     WHERE e.id = m.id AND NOT m.is_hq AND h.entity_id <> m.id AND (e.profile -> 'headquarters_entity_id') IS DISTINCT FROM to_jsonb(h.entity_id)`,
    [runId],
  );
  const counts = emptyCounts();
  return addCounts(counts, await countedUpsert(
    client,
    `src AS (SELECT m.id, h.entity_id AS hq_id, m.cnpj FROM map_estab m JOIN rf_hq h ON h.root = m.root WHERE NOT m.is_hq AND h.entity_id <> m.id)`,
    `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_role, is_active, evidence_source, evidence_table, evidence_id, confidence_level, source_key, content_hash, import_run_id)
     SELECT id, hq_id, 'BRANCH_OF', 'filial', true, 'rf', 'estabelecimentos', cnpj, 'high', 'rf:branch:' || cnpj, md5(hq_id::text), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET target_entity_id = excluded.target_entity_id, content_hash = excluded.content_hash,
       import_run_id = excluded.import_run_id, is_active = true, updated_at = now()
     WHERE relationships.content_hash IS DISTINCT FROM excluded.content_hash OR NOT relationships.is_active`,
    [runId],
    bulk ? { table: 'relationships', match: `t.source_key = 'rf:branch:' || src.cnpj` } : undefined,
  ));
}
