import type { PoolClient } from 'pg';
import { addCounts, countedUpsert } from '../support/counted-upsert';
import { absentEntity } from './rf-upsert-establishments';
import { emptyCounts, TableCounts } from '../support/summary';

/**
 * Partners (Socios) of a release: natural persons (masked CPF + normalized name is their identity,
 * `person:cpfm:<mask>:<name>`, shared with the PEP and BODS importers), legal entities (the
 * partner CNPJ's establishment, a placeholder until its own release arrives) and foreigners.
 * Latest-line-wins sorts use `COLLATE "C"`: byte order allows abbreviated keys, where the
 * database's locale collation calls strcoll per comparison; grouping is the same either way. They
 * sort by the parts of a key, not the key: every key starts with the same prefix (`person:cpfm:`,
 * `rf:socio:`), which made the 8-byte abbreviated keys useless. The parts map one to one to keys
 * (CNPJ roots and masked CPFs have a fixed length; normalized names hold no `:`).
 */
/**
 * Everything partner-side that writes nothing to the store: the partner rows with their keys, the
 * partner count per company and the latest row per person. It runs as soon as the partner files
 * are staged, while the other files are still being parsed (Node-bound), so on the other core.
 */
export async function preparePartners(client: PoolClient): Promise<void> {
  await client.query(`CREATE UNLOGGED TABLE partner_rows AS
    SELECT p.*,
      CASE p.kind WHEN '1' THEN 'rf:estab:' || p.document WHEN '2' THEN 'person:cpfm:' || p.document || ':' || p.normalized_name
        ELSE 'foreign:' || p.normalized_name || ':' || coalesce(p.country_code, '') END AS partner_key,
      CASE WHEN p.rep_name IS NOT NULL AND p.rep_document IS NOT NULL THEN 'person:cpfm:' || p.rep_document || ':' || p.rep_normalized_name END AS rep_key
    FROM stg_partner p`);
  await client.query('ANALYZE partner_rows');
  await client.query('CREATE UNLOGGED TABLE partner_counts AS SELECT root, count(*)::int AS n FROM stg_partner GROUP BY root');
  await client.query('ANALYZE partner_counts');
  // Persons: the partner row (with its age range) wins over a legal-representative mention.
  await client.query(`CREATE UNLOGGED TABLE person_rows AS
    SELECT DISTINCT ON (document COLLATE "C", normalized_name COLLATE "C") 'person:cpfm:' || document || ':' || normalized_name AS key,
      name, normalized_name, document, age_range FROM (
      SELECT name, normalized_name, document, age_range, line, 1 AS pri FROM partner_rows WHERE kind = '2'
      UNION ALL SELECT rep_name, rep_normalized_name, rep_document, NULL, line, 0 FROM partner_rows WHERE rep_key IS NOT NULL
    ) x ORDER BY document COLLATE "C", normalized_name COLLATE "C", pri DESC, line DESC`);
  await client.query('ANALYZE person_rows');
}

/** Persons and foreign partners: they depend on nothing else of the release, so they load beside the establishments. */
export async function upsertPartnerPersons(client: PoolClient, runId: number, bulk = false): Promise<TableCounts> {
  const counts = emptyCounts();
  addCounts(
    counts,
    await countedUpsert(
      client,
      'src AS (SELECT * FROM person_rows)',
      `INSERT INTO entities (entity_type, display_name, normalized_name, document, document_type, profile, source_key, content_hash, import_run_id)
     SELECT 'person', name, normalized_name, document, 'cpf_masked', jsonb_strip_nulls(jsonb_build_object('age_range_code', age_range)), key,
       md5(concat_ws('|', 'rf', name, age_range)), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET display_name = excluded.display_name, profile = entities.profile || excluded.profile,
       content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
     WHERE entities.content_hash IS DISTINCT FROM excluded.content_hash`,
      [runId],
      absentEntity(bulk, 'key'),
    ),
  );
  addCounts(
    counts,
    await countedUpsert(
      client,
      `src AS (SELECT DISTINCT ON (p.partner_key COLLATE "C") p.partner_key AS key, p.name, p.normalized_name, pa.description AS country
      FROM partner_rows p LEFT JOIN rf_codes pa ON pa.table_name = 'pais' AND pa.code = p.country_code WHERE p.kind = '3' ORDER BY p.partner_key COLLATE "C", p.line DESC)`,
      `INSERT INTO entities (entity_type, display_name, normalized_name, document_type, profile, source_key, content_hash, import_run_id)
     SELECT 'foreign_entity', name, normalized_name, 'foreign', jsonb_strip_nulls(jsonb_build_object('country', country, 'organization_category', 'foreign_company')), key,
       md5(concat_ws('|', name, country)), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET display_name = excluded.display_name, profile = excluded.profile, content_hash = excluded.content_hash,
       import_run_id = excluded.import_run_id, updated_at = now()
     WHERE entities.content_hash IS DISTINCT FROM excluded.content_hash`,
      [runId],
      absentEntity(bulk, 'key'),
    ),
  );
  return counts;
}

/**
 * Legal-entity partners: never overwrite an establishment already known; a placeholder has no
 * content hash, so the company's own release fills it in later. Runs after the establishments
 * have committed (both insert `rf:estab:` keys; concurrently they would wait on each other).
 */
export async function upsertPartnerCompanies(client: PoolClient, runId: number, bulk = false): Promise<TableCounts> {
  return countedUpsert(
    client,
    `src AS (SELECT DISTINCT ON (document COLLATE "C") partner_key AS key, name, normalized_name, document FROM partner_rows WHERE kind = '1' ORDER BY document COLLATE "C", line DESC)`,
    `INSERT INTO entities (entity_type, display_name, normalized_name, document, document_type, profile, source_key, import_run_id)
     SELECT 'organization', name, normalized_name, document, 'cnpj', jsonb_build_object('legal_name', name, 'cnpj_root', left(document, 8)), key, $1::bigint FROM src
     ON CONFLICT (source_key) DO NOTHING`,
    [runId],
    absentEntity(bulk, 'key'),
  );
}
