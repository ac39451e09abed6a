import type { PoolClient } from 'pg';
import { countedUpsert } from '../support/counted-upsert';
import type { TableCounts } from '../support/summary';
import { administratorListSql } from './classification-sql';

/**
 * The partner links of a release, once every partner and establishment is in the store:
 * PARTNER_OF and LEGAL_REPRESENTATIVE_OF (the partner ids they read: rf-partner-link-rows.ts; the
 * deactivation of links a release no longer lists: rf-stale-partnerships.ts). Sorts follow
 * rf-upsert-partners.ts (byte order, by the parts of a key).
 */

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
