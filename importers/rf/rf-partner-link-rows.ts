import type { PoolClient } from 'pg';
import type { RejectionLog } from '../support/rejections';

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
  for (const row of rows)
    rejections.add(
      Number(row.line),
      `partner of company ${row.root}: no establishment of that company in this release or the store`,
      row.file,
    );
}
