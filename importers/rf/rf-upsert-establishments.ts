import type { PoolClient } from 'pg';
import { addCounts, countedUpsert } from '../support/counted-upsert';
import { emptyCounts, TableCounts } from '../support/summary';
import { organizationCaseSql, sizeCaseSql, statusCaseSql } from './classification-sql';

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

const code = (table: string, alias: string, column: string) => `LEFT JOIN rf_codes ${alias} ON ${alias}.table_name = '${table}' AND ${alias}.code = ${column}`;

/**
 * The ordered classification rules run once per distinct (nature, CNAE) pair, not once per row.
 * An analyzed temp table (about a hundred rows) makes the join back a hash join; as a CTE the
 * planner guessed 20,000 pairs and sorted every establishment for a merge join.
 */
async function classifyPairs(client: PoolClient): Promise<void> {
  await client.query(`CREATE TEMP TABLE rf_classes ON COMMIT DROP AS
    SELECT coalesce(nature_code, '') AS nature_key, coalesce(main_cnae, '') AS cnae_key,
      ${organizationCaseSql('entityType', 'nature_code', 'main_cnae')} AS entity_type,
      ${organizationCaseSql('category', 'nature_code', 'main_cnae')} AS organization_category
    FROM (SELECT DISTINCT c.nature_code, s.main_cnae FROM stg_estab s LEFT JOIN stg_company c ON c.root = s.root) pairs`);
  await client.query('ANALYZE rf_classes');
}

/**
 * One organization entity per establishment (`rf:estab:<cnpj>`), its profile joined from the
 * company (Empresas), Simples and the code tables. The content hash covers everything the row
 * says, so an unchanged establishment is not written again; the headquarters link (set later,
 * from entity ids) is carried over on update. Sorts by CNPJ use `COLLATE "C"` (byte order, much
 * cheaper than the locale's; which line wins is unchanged).
 */
export async function upsertEstablishments(client: PoolClient, runId: number): Promise<TableCounts> {
  const src = `pc AS (SELECT root, count(*)::int AS n FROM stg_partner GROUP BY root),
  raw AS (
    SELECT DISTINCT ON (s.cnpj COLLATE "C") s.*, c.legal_name, c.normalized_name AS legal_normalized_name, c.nature_code, c.capital, c.size_code, c.federal_entity,
      sn.simples, sn.simples_start, sn.simples_end, sn.mei, sn.mei_start, sn.mei_end, pc.n AS partner_count,
      cn.description AS cnae_description, nj.description AS nature_description, mo.description AS reason_description,
      mu.description AS city_name, pa.description AS country_name
    FROM stg_estab s
    LEFT JOIN stg_company c ON c.root = s.root
    LEFT JOIN stg_simples sn ON sn.root = s.root
    LEFT JOIN pc ON pc.root = s.root
    ${code('cnae', 'cn', 's.main_cnae')} ${code('natureza_juridica', 'nj', 'c.nature_code')} ${code('motivo', 'mo', 's.reason_code')}
    ${code('municipio', 'mu', 's.municipality_code')} ${code('pais', 'pa', 's.country_code')}
    ORDER BY s.cnpj COLLATE "C", s.line DESC, c.line DESC, sn.line DESC
  ),
  src AS (
    SELECT 'rf:estab:' || cnpj AS source_key, cnpj,
      cls.entity_type,
      coalesce(legal_name, trade_name, 'CNPJ ' || cnpj) AS display_name,
      coalesce(legal_normalized_name, trade_normalized_name, 'CNPJ ' || cnpj) AS normalized_name,
      ${statusCaseSql('status_code')} AS status,
      jsonb_strip_nulls(jsonb_build_object(
        'legal_name', legal_name, 'trade_name', trade_name, 'status_date', status_date,
        'registration_status_reason_code', CASE WHEN reason_code ~ '^[0-9]+$' THEN reason_code::int END, 'registration_status_reason', reason_description,
        'main_cnae_code', main_cnae, 'main_cnae_description', cnae_description,
        'secondary_cnae_codes', CASE WHEN secondary_cnaes IS NULL THEN '[]'::jsonb ELSE to_jsonb(string_to_array(secondary_cnaes, ',')) END,
        'legal_nature_code', nature_code, 'legal_nature_description', nature_description,
        'organization_category', cls.organization_category,
        'company_size', ${sizeCaseSql('size_code')}, 'capital_social', capital, 'currency', CASE WHEN capital IS NOT NULL THEN 'BRL' END,
        'federal_entity_responsible', federal_entity, 'incorporation_date', start_date,
        'primary_address', address, 'city', coalesce(city_name, city_abroad), 'state', CASE WHEN state <> 'EX' THEN state END, 'postal_code', postal_code,
        'country', CASE WHEN state = 'EX' OR city_abroad IS NOT NULL THEN country_name ELSE 'BRASIL' END,
        'is_headquarters', is_hq, 'establishment_type', CASE WHEN is_hq THEN 'headquarters' ELSE 'branch' END,
        'simples_nacional_option', simples, 'simples_nacional_start_date', simples_start, 'simples_nacional_end_date', simples_end,
        'mei_option', mei, 'mei_start_date', mei_start, 'mei_end_date', mei_end,
        'partner_count', coalesce(partner_count, 0), 'special_status', special_status, 'special_status_date', special_status_date,
        'cnpj_root', root
      )) AS profile
    FROM raw JOIN rf_classes cls ON cls.nature_key = coalesce(raw.nature_code, '') AND cls.cnae_key = coalesce(raw.main_cnae, '')
  )`;
  await classifyPairs(client);
  const counts = await countedUpsert(
    client,
    src,
    `INSERT INTO entities (entity_type, display_name, normalized_name, document, document_type, status, profile, source_key, content_hash, import_run_id)
     SELECT entity_type, display_name, normalized_name, cnpj, 'cnpj', status, profile, source_key,
       md5(concat_ws('|', entity_type, display_name, normalized_name, status, profile::text)), $1::bigint
     FROM src
     ON CONFLICT (source_key) DO UPDATE SET entity_type = excluded.entity_type, display_name = excluded.display_name,
       normalized_name = excluded.normalized_name, document = excluded.document, document_type = excluded.document_type, status = excluded.status,
       profile = excluded.profile || jsonb_strip_nulls(jsonb_build_object('headquarters_entity_id', entities.profile -> 'headquarters_entity_id')),
       content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
     WHERE entities.content_hash IS DISTINCT FROM excluded.content_hash`,
    [runId],
  );
  await client.query(`CREATE TEMP TABLE map_estab ON COMMIT DROP AS
    SELECT s.cnpj, s.root, s.is_hq, e.id FROM (SELECT DISTINCT ON (cnpj COLLATE "C") cnpj, root, is_hq FROM stg_estab ORDER BY cnpj COLLATE "C", line DESC) s
    JOIN entities e ON e.source_key = 'rf:estab:' || s.cnpj`);
  await client.query('ANALYZE map_estab');
  return counts;
}

/** Every entity of this import holds its documents in entity_documents (what resolution reads). */
export async function upsertDocuments(client: PoolClient, runId: number, selectSql: string): Promise<TableCounts> {
  return countedUpsert(
    client,
    `src AS (${selectSql})`,
    `INSERT INTO entity_documents (entity_id, document, document_type, import_run_id) SELECT DISTINCT entity_id, document, document_type, $1::bigint FROM src
     ON CONFLICT (entity_id, document) DO NOTHING`,
    [runId],
  );
}

/**
 * Headquarters of every company root this release touches: from the release itself, else from
 * the store (an earlier release), preferring the establishment flagged as headquarters.
 */
export async function buildHeadquartersMap(client: PoolClient): Promise<void> {
  await client.query(`CREATE TEMP TABLE rf_hq ON COMMIT DROP AS
    SELECT DISTINCT ON (root COLLATE "C") root, id AS entity_id FROM map_estab WHERE is_hq ORDER BY root COLLATE "C", cnpj COLLATE "C"`);
  // Only roots without a headquarters in this release look into the store (usually few or none).
  const { rowCount } = await client.query(`CREATE TEMP TABLE rf_missing_roots ON COMMIT DROP AS
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
export async function linkBranches(client: PoolClient, runId: number): Promise<TableCounts> {
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
  ));
}
