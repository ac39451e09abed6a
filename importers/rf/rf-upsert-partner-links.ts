import type { PoolClient } from 'pg';
import type { RejectionLog } from '../support/rejections';
import { countedUpsert } from '../support/counted-upsert';
import type { TableCounts } from '../support/summary';
import { administratorListSql } from './classification-sql';

/**
 * The partner links of a release, once every partner and establishment is in the store: partner
 * ids, PARTNER_OF, LEGAL_REPRESENTATIVE_OF and the deactivation of links a release no longer
 * lists. Sorts follow rf-upsert-partners.ts (byte order, by the parts of a key).
 */

/** Partner key → entity id and company headquarters, for the partner documents and links. */
export async function mapPartnerIds(client: PoolClient): Promise<void> {
  // One lookup of the store for every partner and representative key: documents and links read this.
  await client.query(`CREATE UNLOGGED TABLE partner_ids AS
    SELECT e.source_key AS key, e.id, e.document, e.document_type FROM entities e
    JOIN (SELECT partner_key AS key FROM partner_rows UNION SELECT rep_key FROM partner_rows WHERE rep_key IS NOT NULL) k ON e.source_key = k.key`);
  await client.query('ANALYZE partner_ids');
  await client.query(`CREATE UNLOGGED TABLE partner_links AS
    SELECT p.root, p.kind, p.partner_key, p.rep_key, p.qual, p.rep_qual, p.entry_date, p.file, p.line, pe.id AS partner_id, h.entity_id AS company_id, re.id AS rep_id
    FROM partner_rows p JOIN partner_ids pe ON pe.key = p.partner_key LEFT JOIN rf_hq h ON h.root = p.root LEFT JOIN partner_ids re ON re.key = p.rep_key`);
  await client.query('ANALYZE partner_links');
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
export async function upsertPartnerLinks(client: PoolClient, runId: number, bulk = false): Promise<TableCounts> {
  return countedUpsert(
    client,
    `src AS (SELECT DISTINCT ON (l.root COLLATE "C", l.partner_key COLLATE "C") 'rf:socio:' || l.root || ':' || l.partner_key AS key,
        l.root, l.partner_id, l.company_id, l.qual, l.entry_date, q.description AS role
      FROM partner_links l LEFT JOIN rf_codes q ON q.table_name = 'qualificacao' AND q.code = l.qual
      WHERE l.company_id IS NOT NULL AND l.partner_id <> l.company_id
      ORDER BY l.root COLLATE "C", l.partner_key COLLATE "C", l.line DESC)`,
    `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_subtype, relationship_role, qualification_code, valid_from, is_active,
       evidence_source, evidence_table, evidence_id, confidence_level, source_key, content_hash, import_run_id)
     SELECT partner_id, company_id, 'PARTNER_OF', CASE WHEN qual IN (${administratorListSql}) THEN 'administrator' ELSE 'partner' END, coalesce(role, qual), qual, entry_date, true,
       'rf', 'socios', root, 'high', key, md5(concat_ws('|', partner_id, company_id, qual, role, entry_date)), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET source_entity_id = excluded.source_entity_id, target_entity_id = excluded.target_entity_id,
       relationship_subtype = excluded.relationship_subtype, relationship_role = excluded.relationship_role, qualification_code = excluded.qualification_code,
       valid_from = excluded.valid_from, is_active = true, content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
     WHERE relationships.content_hash IS DISTINCT FROM excluded.content_hash OR NOT relationships.is_active`,
    [runId],
    bulk ? { table: 'relationships', match: 't.source_key = src.key' } : undefined,
  );
}

export async function upsertRepresentativeLinks(client: PoolClient, runId: number, bulk = false): Promise<TableCounts> {
  return countedUpsert(
    client,
    `src AS (SELECT DISTINCT ON (l.root COLLATE "C", l.partner_key COLLATE "C", l.rep_key COLLATE "C") 'rf:rep:' || l.root || ':' || l.partner_key || ':' || l.rep_key AS key,
        l.root, l.rep_id, l.partner_id, l.rep_qual, q.description AS role
      FROM partner_links l LEFT JOIN rf_codes q ON q.table_name = 'qualificacao' AND q.code = l.rep_qual
      WHERE l.rep_id IS NOT NULL AND l.company_id IS NOT NULL AND l.rep_id <> l.partner_id
      ORDER BY l.root COLLATE "C", l.partner_key COLLATE "C", l.rep_key COLLATE "C", l.line DESC)`,
    `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_role, qualification_code, is_active,
       evidence_source, evidence_table, evidence_id, confidence_level, source_key, content_hash, import_run_id)
     SELECT rep_id, partner_id, 'LEGAL_REPRESENTATIVE_OF', coalesce(role, rep_qual), rep_qual, true, 'rf', 'socios_representante', root, 'high', key,
       md5(concat_ws('|', rep_id, partner_id, rep_qual, role)), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET source_entity_id = excluded.source_entity_id, target_entity_id = excluded.target_entity_id,
       relationship_role = excluded.relationship_role, qualification_code = excluded.qualification_code, is_active = true,
       content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
     WHERE relationships.content_hash IS DISTINCT FROM excluded.content_hash OR NOT relationships.is_active`,
    [runId],
    bulk ? { table: 'relationships', match: 't.source_key = src.key' } : undefined,
  );
}

/** Partnerships of this release's companies that it no longer lists: deactivated, counted as updated. */
export async function deactivateStalePartnerships(client: PoolClient, runId: number): Promise<number> {
  // Only a partnership this run did not write can be stale; on a first load there is none, and the
  // set of seen keys (a sort of every partner row) is not needed.
  const { rows } = await client.query(
    `SELECT EXISTS (SELECT 1 FROM relationships WHERE evidence_source = 'rf' AND evidence_table IN ('socios', 'socios_representante') AND is_active
       AND import_run_id IS DISTINCT FROM $1::bigint) AS any`,
    [runId],
  );
  if (!rows[0].any) return 0;
  await client.query(`CREATE UNLOGGED TABLE seen_partner_keys AS
    SELECT 'rf:socio:' || root || ':' || partner_key AS key FROM partner_links
    UNION SELECT 'rf:rep:' || root || ':' || partner_key || ':' || rep_key FROM partner_links WHERE rep_key IS NOT NULL`);
  const stale = await client.query(
    `UPDATE relationships r SET is_active = false, import_run_id = $1::bigint, updated_at = now()
     WHERE r.evidence_source = 'rf' AND r.evidence_table IN ('socios', 'socios_representante') AND r.is_active
       AND r.evidence_id IN (SELECT DISTINCT root FROM stg_partner)
       AND NOT EXISTS (SELECT 1 FROM seen_partner_keys s WHERE s.key = r.source_key)`,
    [runId],
  );
  return stale.rowCount ?? 0;
}
