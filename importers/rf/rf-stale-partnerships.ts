import type { PoolClient } from 'pg';

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
