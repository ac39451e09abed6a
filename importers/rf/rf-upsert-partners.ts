import type { PoolClient } from 'pg';
import type { RejectionLog } from '../support/rejections';
import { addCounts, countedUpsert } from '../support/counted-upsert';
import { emptyCounts, TableCounts } from '../support/summary';
import { administratorListSql } from './classification-sql';

/**
 * Partners (Socios) of a release: natural persons (masked CPF + normalized name is their identity,
 * `person:cpfm:<mask>:<name>`, shared with the PEP and BODS importers), legal entities (the
 * partner CNPJ's establishment, a placeholder until its own release arrives) and foreigners.
 * Latest-line-wins sorts use `COLLATE "C"`: byte order allows abbreviated keys, where the
 * database's locale collation calls strcoll per comparison; grouping is the same either way.
 */
export async function preparePartners(client: PoolClient): Promise<void> {
  await client.query(`CREATE TEMP TABLE partner_rows ON COMMIT DROP AS
    SELECT p.*,
      CASE p.kind WHEN '1' THEN 'rf:estab:' || p.document WHEN '2' THEN 'person:cpfm:' || p.document || ':' || p.normalized_name
        ELSE 'foreign:' || p.normalized_name || ':' || coalesce(p.country_code, '') END AS partner_key,
      CASE WHEN p.rep_name IS NOT NULL AND p.rep_document IS NOT NULL THEN 'person:cpfm:' || p.rep_document || ':' || p.rep_normalized_name END AS rep_key
    FROM stg_partner p`);
  await client.query('ANALYZE partner_rows');
}

export async function upsertPartnerEntities(client: PoolClient, runId: number): Promise<TableCounts> {
  const counts = emptyCounts();
  // Persons: the partner row (with its age range) wins over a legal-representative mention.
  addCounts(counts, await countedUpsert(
    client,
    `src AS (SELECT DISTINCT ON (key COLLATE "C") key, name, normalized_name, document, age_range FROM (
        SELECT partner_key AS key, name, normalized_name, document, age_range, line, 1 AS pri FROM partner_rows WHERE kind = '2'
        UNION ALL SELECT rep_key, rep_name, rep_normalized_name, rep_document, NULL, line, 0 FROM partner_rows WHERE rep_key IS NOT NULL
      ) x ORDER BY key COLLATE "C", pri DESC, line DESC)`,
    `INSERT INTO entities (entity_type, display_name, normalized_name, document, document_type, profile, source_key, content_hash, import_run_id)
     SELECT 'person', name, normalized_name, document, 'cpf_masked', jsonb_strip_nulls(jsonb_build_object('age_range_code', age_range)), key,
       md5(concat_ws('|', 'rf', name, age_range)), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET display_name = excluded.display_name, profile = entities.profile || excluded.profile,
       content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
     WHERE entities.content_hash IS DISTINCT FROM excluded.content_hash`,
    [runId],
  ));
  addCounts(counts, await countedUpsert(
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
  ));
  // Legal-entity partners: never overwrite an establishment already known; a placeholder has no
  // content hash, so the company's own release fills it in later.
  addCounts(counts, await countedUpsert(
    client,
    `src AS (SELECT DISTINCT ON (partner_key COLLATE "C") partner_key AS key, name, normalized_name, document FROM partner_rows WHERE kind = '1' ORDER BY partner_key COLLATE "C", line DESC)`,
    `INSERT INTO entities (entity_type, display_name, normalized_name, document, document_type, profile, source_key, import_run_id)
     SELECT 'organization', name, normalized_name, document, 'cnpj', jsonb_build_object('legal_name', name, 'cnpj_root', left(document, 8)), key, $1::bigint FROM src
     ON CONFLICT (source_key) DO NOTHING`,
    [runId],
  ));
  // One lookup of the store for every partner and representative key: documents and links read this.
  await client.query(`CREATE TEMP TABLE partner_ids ON COMMIT DROP AS
    SELECT e.source_key AS key, e.id, e.document, e.document_type FROM entities e
    JOIN (SELECT partner_key AS key FROM partner_rows UNION SELECT rep_key FROM partner_rows WHERE rep_key IS NOT NULL) k ON e.source_key = k.key`);
  await client.query('ANALYZE partner_ids');
  await client.query(`CREATE TEMP TABLE partner_links ON COMMIT DROP AS
    SELECT p.root, p.kind, p.partner_key, p.rep_key, p.qual, p.rep_qual, p.entry_date, p.file, p.line, pe.id AS partner_id, h.entity_id AS company_id, re.id AS rep_id
    FROM partner_rows p JOIN partner_ids pe ON pe.key = p.partner_key LEFT JOIN rf_hq h ON h.root = p.root LEFT JOIN partner_ids re ON re.key = p.rep_key`);
  await client.query('ANALYZE partner_links');
  return counts;
}

/** Partners of a company that is neither in this release nor in the store cannot be linked. */
export async function rejectUnlinkedPartners(client: PoolClient, rejections: RejectionLog): Promise<void> {
  const { rows } = await client.query(`SELECT file, line, root FROM partner_links WHERE company_id IS NULL ORDER BY file, line`);
  for (const row of rows) rejections.add(Number(row.line), `partner of company ${row.root}: no establishment of that company in this release or the store`, row.file);
}

/**
 * PARTNER_OF (partner → company headquarters) and LEGAL_REPRESENTATIVE_OF (representative →
 * partner). A partnership of a company in this release that the release no longer lists is
 * deactivated (valid_to stays unknown: Receita Federal does not publish exit dates).
 */
export async function upsertPartnerRelationships(client: PoolClient, runId: number): Promise<TableCounts> {
  const counts = emptyCounts();
  addCounts(counts, await countedUpsert(
    client,
    `src AS (SELECT DISTINCT ON (key COLLATE "C") * FROM (
        SELECT 'rf:socio:' || l.root || ':' || l.partner_key AS key, l.*, q.description AS role FROM partner_links l
        LEFT JOIN rf_codes q ON q.table_name = 'qualificacao' AND q.code = l.qual WHERE l.company_id IS NOT NULL AND l.partner_id <> l.company_id
      ) x ORDER BY key COLLATE "C", line DESC)`,
    `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_subtype, relationship_role, qualification_code, valid_from, is_active,
       evidence_source, evidence_table, evidence_id, confidence_level, source_key, content_hash, import_run_id)
     SELECT partner_id, company_id, 'PARTNER_OF', CASE WHEN qual IN (${administratorListSql}) THEN 'administrator' ELSE 'partner' END, coalesce(role, qual), qual, entry_date, true,
       'rf', 'socios', root, 'high', key, md5(concat_ws('|', partner_id, company_id, qual, role, entry_date)), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET source_entity_id = excluded.source_entity_id, target_entity_id = excluded.target_entity_id,
       relationship_subtype = excluded.relationship_subtype, relationship_role = excluded.relationship_role, qualification_code = excluded.qualification_code,
       valid_from = excluded.valid_from, is_active = true, content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
     WHERE relationships.content_hash IS DISTINCT FROM excluded.content_hash OR NOT relationships.is_active`,
    [runId],
  ));
  addCounts(counts, await countedUpsert(
    client,
    `src AS (SELECT DISTINCT ON (key COLLATE "C") * FROM (
        SELECT 'rf:rep:' || l.root || ':' || l.partner_key || ':' || l.rep_key AS key, l.*, q.description AS role FROM partner_links l
        LEFT JOIN rf_codes q ON q.table_name = 'qualificacao' AND q.code = l.rep_qual WHERE l.rep_id IS NOT NULL AND l.company_id IS NOT NULL AND l.rep_id <> l.partner_id
      ) x ORDER BY key COLLATE "C", line DESC)`,
    `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_role, qualification_code, is_active,
       evidence_source, evidence_table, evidence_id, confidence_level, source_key, content_hash, import_run_id)
     SELECT rep_id, partner_id, 'LEGAL_REPRESENTATIVE_OF', coalesce(role, rep_qual), rep_qual, true, 'rf', 'socios_representante', root, 'high', key,
       md5(concat_ws('|', rep_id, partner_id, rep_qual, role)), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET source_entity_id = excluded.source_entity_id, target_entity_id = excluded.target_entity_id,
       relationship_role = excluded.relationship_role, qualification_code = excluded.qualification_code, is_active = true,
       content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
     WHERE relationships.content_hash IS DISTINCT FROM excluded.content_hash OR NOT relationships.is_active`,
    [runId],
  ));
  await client.query(`CREATE TEMP TABLE seen_partner_keys ON COMMIT DROP AS
    SELECT 'rf:socio:' || root || ':' || partner_key AS key FROM partner_links
    UNION SELECT 'rf:rep:' || root || ':' || partner_key || ':' || rep_key FROM partner_links WHERE rep_key IS NOT NULL`);
  const stale = await client.query(
    `UPDATE relationships r SET is_active = false, import_run_id = $1::bigint, updated_at = now()
     WHERE r.evidence_source = 'rf' AND r.evidence_table IN ('socios', 'socios_representante') AND r.is_active
       AND r.evidence_id IN (SELECT DISTINCT root FROM stg_partner)
       AND NOT EXISTS (SELECT 1 FROM seen_partner_keys s WHERE s.key = r.source_key)`,
    [runId],
  );
  counts.updated += stale.rowCount ?? 0;
  return counts;
}
