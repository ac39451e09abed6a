import type { PoolClient } from 'pg';
import { addCounts, countedUpsert } from '../support/counted-upsert';
import { emptyCounts, TableCounts } from '../support/summary';

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
  return addCounts(
    counts,
    await countedUpsert(
      client,
      `src AS (SELECT m.id, h.entity_id AS hq_id, m.cnpj FROM map_estab m JOIN rf_hq h ON h.root = m.root WHERE NOT m.is_hq AND h.entity_id <> m.id)`,
      `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_role, is_active, evidence_source, evidence_table, evidence_id, confidence_level, source_key, content_hash, import_run_id)
     SELECT id, hq_id, 'BRANCH_OF', 'filial', true, 'rf', 'estabelecimentos', cnpj, 'high', 'rf:branch:' || cnpj, md5(hq_id::text), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET target_entity_id = excluded.target_entity_id, content_hash = excluded.content_hash,
       import_run_id = excluded.import_run_id, is_active = true, updated_at = now()
     WHERE relationships.content_hash IS DISTINCT FROM excluded.content_hash OR NOT relationships.is_active`,
      [runId],
      bulk ? { table: 'relationships', match: `t.source_key = 'rf:branch:' || src.cnpj` } : undefined,
    ),
  );
}
