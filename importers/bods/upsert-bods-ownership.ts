import { countedUpsert } from '../support/counted-upsert';
import type { FileImportContext } from '../support/run-file-import';

/**
 * From the staged, resolved statements: rejects relationships whose parties are not in the file,
 * then upserts beneficial_ownership_declarations (every interest) and relationships (the OWNS /
 * CONTROLS edges of direct or unspecified interests), the latest statement of a record winning.
 */
export async function upsertBodsOwnership({ client, runId, rejections, tables }: FileImportContext): Promise<void> {
  const { rows: dangling } = await client.query(`SELECT i.line, i.subject_ref, i.interested_ref FROM stg_interest i
    LEFT JOIN party_input s ON s.ref = i.subject_ref LEFT JOIN party_input o ON o.ref = i.interested_ref
    WHERE s.entity_id IS NULL OR o.entity_id IS NULL ORDER BY i.line`);
  for (const d of dangling)
    rejections.add(Number(d.line), `relationship references a statement not in this file (${d.subject_ref} ← ${d.interested_ref})`);
  const src = `src AS (SELECT DISTINCT ON (i.ref) i.*, s.entity_id AS subject_id, o.entity_id AS owner_id FROM stg_interest i
    JOIN party_input s ON s.ref = i.subject_ref JOIN party_input o ON o.ref = i.interested_ref
    WHERE s.entity_id IS NOT NULL AND o.entity_id IS NOT NULL ORDER BY i.ref, i.line DESC)`;
  tables.beneficial_ownership_declarations = await countedUpsert(
    client,
    src,
    `INSERT INTO beneficial_ownership_declarations (subject_entity_id, owner_entity_id, interest_types, share_exact, share_minimum, share_maximum, is_direct,
       beneficial_ownership_or_control, start_date, end_date, statement_id, source_key, content_hash, import_run_id)
     SELECT subject_id, owner_id, interest_types, share_exact, share_minimum, share_maximum, is_direct, boc, start_date, end_date, statement_id, 'bods:decl:' || ref,
       md5(concat_ws('|', subject_id, owner_id, interest_types::text, share_exact, share_minimum, share_maximum, is_direct, boc, start_date, end_date, statement_id)), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET subject_entity_id = excluded.subject_entity_id, owner_entity_id = excluded.owner_entity_id, interest_types = excluded.interest_types,
       share_exact = excluded.share_exact, share_minimum = excluded.share_minimum, share_maximum = excluded.share_maximum, is_direct = excluded.is_direct,
       beneficial_ownership_or_control = excluded.beneficial_ownership_or_control, start_date = excluded.start_date, end_date = excluded.end_date,
       statement_id = excluded.statement_id, content_hash = excluded.content_hash, import_run_id = excluded.import_run_id
     WHERE beneficial_ownership_declarations.content_hash IS DISTINCT FROM excluded.content_hash`,
    [runId],
  );
  tables.relationships = await countedUpsert(
    client,
    `${src.replace('src AS', 'all_src AS')}, src AS (SELECT * FROM all_src WHERE edge_type IS NOT NULL AND subject_id <> owner_id)`,
    `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_subtype, ownership_percentage, voting_percentage, valid_from, valid_to, is_active,
       evidence_source, evidence_table, evidence_id, confidence_level, source_key, content_hash, import_run_id)
     SELECT owner_id, subject_id, edge_type, CASE WHEN boc THEN 'beneficial_owner' END, ownership, voting, start_date, end_date, end_date IS NULL,
       'bods', 'beneficial_ownership_declarations', statement_id, 'high', 'bods:rel:' || ref,
       md5(concat_ws('|', owner_id, subject_id, edge_type, boc, ownership, voting, start_date, end_date, statement_id)), $1::bigint FROM src
     ON CONFLICT (source_key) DO UPDATE SET source_entity_id = excluded.source_entity_id, target_entity_id = excluded.target_entity_id, relationship_type = excluded.relationship_type,
       relationship_subtype = excluded.relationship_subtype, ownership_percentage = excluded.ownership_percentage, voting_percentage = excluded.voting_percentage,
       valid_from = excluded.valid_from, valid_to = excluded.valid_to, is_active = excluded.is_active, evidence_id = excluded.evidence_id,
       content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
     WHERE relationships.content_hash IS DISTINCT FROM excluded.content_hash`,
    [runId],
  );
}
