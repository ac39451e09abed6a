import { countedUpsert } from '../support/counted-upsert';
import type { FileImportContext } from '../support/run-file-import';

/**
 * Upserts the staged proceedings; new or changed ones get their party list replaced as a set. Leaves
 * `former_proc_party` (the entities the changed proceedings named before) for the change feed.
 */
export async function upsertProceedings({ client, runId, tables }: FileImportContext): Promise<void> {
  await client.query(`CREATE TEMP TABLE changed_proc (id bigint, number text) ON COMMIT DROP`);
  tables.proceedings = await countedUpsert(
    client,
    `src AS (SELECT DISTINCT ON (number) * FROM stg_proc ORDER BY number, line DESC)`,
    `INSERT INTO proceedings (proceeding_number, proceeding_type, status, opened_at, decision_date, closed_at, authority, summary, content_hash, import_run_id)
     SELECT number, type, status, opened_at, decision_date, closed_at, authority, summary, hash, $1::bigint FROM src
     ON CONFLICT (proceeding_number) DO UPDATE SET proceeding_type = excluded.proceeding_type, status = excluded.status, opened_at = excluded.opened_at,
       decision_date = excluded.decision_date, closed_at = excluded.closed_at, authority = excluded.authority, summary = excluded.summary,
       content_hash = excluded.content_hash, import_run_id = excluded.import_run_id
     WHERE proceedings.content_hash IS DISTINCT FROM excluded.content_hash`,
    [runId],
  );
  // Parties of new or changed proceedings (import_run_id = this run) are replaced as a set.
  await client.query(`INSERT INTO changed_proc SELECT id, proceeding_number FROM proceedings WHERE import_run_id = $1::bigint`, [runId]);
  // The parties a changed proceeding had before: a party it no longer names changed too (the change feed, docs/monitoring.md).
  await client.query(
    `CREATE TEMP TABLE former_proc_party ON COMMIT DROP AS SELECT DISTINCT pp.entity_id FROM proceeding_parties pp JOIN changed_proc c ON c.id = pp.proceeding_id WHERE pp.entity_id IS NOT NULL`,
  );
  await client.query(`DELETE FROM proceeding_parties pp USING changed_proc c WHERE pp.proceeding_id = c.id`);
  await client.query(`INSERT INTO proceeding_parties (proceeding_id, entity_id, document, name, role)
    SELECT DISTINCT ON (c.id, s.document, s.name, s.role) c.id, p.entity_id, s.document, s.name, s.role
    FROM stg_proc_party s JOIN changed_proc c ON c.number = s.number LEFT JOIN party_input p ON p.ref = s.ref
    ON CONFLICT DO NOTHING`);
}
