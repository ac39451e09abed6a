import type { Knex } from 'knex';
import { bodsEdge, mapBodsStatement } from '../../domain/entity-store/bods-mapping';
import { CopyWriter } from '../support/copy-rows';
import { countedUpsert } from '../support/counted-upsert';
import { partyInputDdl, resolutionCounts, resolveParties } from '../support/resolve-parties';
import { WrongFormatError } from '../support/rejections';
import { ImportOptions, runFileImport } from '../support/run-file-import';
import { readBodsStatements } from './read-bods-statements';

/**
 * BODS → entities (matched by BR-CNPJ / BR-CPF identifiers, else `bods:<recordId|statementId>`),
 * beneficial_ownership_declarations (every ownership-or-control statement, direct or not, with
 * exact/minimum/maximum shares) and OWNS / CONTROLS edges for direct (or unspecified) interests.
 * Line numbers are statement positions for a JSON array, line numbers for JSON lines.
 */
export async function importBods(db: Knex, options: ImportOptions) {
  return runFileImport(db, 'bods', options, async ({ client, runId, entry, rejections, tables, progress }) => {
    await client.query(`${partyInputDdl}; CREATE TEMP TABLE stg_interest (ref text, statement_id text, subject_ref text, interested_ref text, interest_types text[], share_exact numeric,
      share_minimum numeric, share_maximum numeric, is_direct boolean, boc boolean, start_date date, end_date date, edge_type text, ownership numeric, voting numeric, line bigint) ON COMMIT DROP`);
    const parties = new CopyWriter(client, 'party_input', ['ref', 'doc_kind', 'document', 'masked', 'normalized_name', 'display_name', 'entity_type', 'profile', 'source_key']);
    // One COPY at a time per connection: relationships wait in memory until the parties are staged.
    const interestRows: unknown[][] = [];
    const seenParties = new Set<string>();
    let rows = 0;
    let recognized = 0;
    for await (const { line, value, error } of readBodsStatements(entry, progress)) {
      rows++;
      const mapped = error ? { ok: false as const, reason: error } : mapBodsStatement(value);
      if (!mapped.ok) { rejections.add(line, mapped.reason); continue; }
      recognized++;
      if ('party' in mapped && mapped.party) {
        const p = mapped.party;
        if (seenParties.has(p.ref)) continue; // a later statement of the same record: the first one wins within a file
        seenParties.add(p.ref);
        await parties.write([p.ref, p.document?.kind ?? 'none', p.document?.value ?? null, p.document?.masked ?? null, p.normalizedName, p.name, p.entityType, JSON.stringify(p.profile), `bods:${p.ref}`]);
      } else if ('interest' in mapped && mapped.interest) {
        const i = mapped.interest;
        if (!i.interestedRef) { rejections.add(line, 'relationship: interested party unspecified (nothing to link)'); continue; }
        const edge = bodsEdge(i);
        interestRows.push([i.ref, i.statementId, i.subjectRef, i.interestedRef, `{${i.interestTypes.map((t) => `"${t.replace(/["\\]/g, '')}"`).join(',')}}`, i.shareExact, i.shareMinimum, i.shareMaximum,
          i.isDirect, i.beneficialOwnershipOrControl, i.startDate, i.endDate, edge?.type ?? null, edge?.ownership ?? null, edge?.voting ?? null, line]);
      }
    }
    await parties.end();
    const interests = new CopyWriter(client, 'stg_interest', ['ref', 'statement_id', 'subject_ref', 'interested_ref', 'interest_types', 'share_exact', 'share_minimum', 'share_maximum', 'is_direct', 'boc', 'start_date', 'end_date', 'edge_type', 'ownership', 'voting', 'line']);
    for (const row of interestRows) await interests.write(row as (string | number | boolean | null)[]);
    await interests.end();
    if (rows > 0 && recognized === 0) throw new WrongFormatError(entry.name, 'no BODS statement recognized (recordType or statementType)');
    tables.entities = resolutionCounts(await resolveParties(client, runId, { create: true }));
    const { rows: dangling } = await client.query(`SELECT i.line, i.subject_ref, i.interested_ref FROM stg_interest i
      LEFT JOIN party_input s ON s.ref = i.subject_ref LEFT JOIN party_input o ON o.ref = i.interested_ref
      WHERE s.entity_id IS NULL OR o.entity_id IS NULL ORDER BY i.line`);
    for (const d of dangling) rejections.add(Number(d.line), `relationship references a statement not in this file (${d.subject_ref} ← ${d.interested_ref})`);
    const src = `src AS (SELECT DISTINCT ON (i.ref) i.*, s.entity_id AS subject_id, o.entity_id AS owner_id FROM stg_interest i
      JOIN party_input s ON s.ref = i.subject_ref JOIN party_input o ON o.ref = i.interested_ref
      WHERE s.entity_id IS NOT NULL AND o.entity_id IS NOT NULL ORDER BY i.ref, i.line DESC)`;
    tables.beneficial_ownership_declarations = await countedUpsert(client, src,
      `INSERT INTO beneficial_ownership_declarations (subject_entity_id, owner_entity_id, interest_types, share_exact, share_minimum, share_maximum, is_direct,
         beneficial_ownership_or_control, start_date, end_date, statement_id, source_key, content_hash, import_run_id)
       SELECT subject_id, owner_id, interest_types, share_exact, share_minimum, share_maximum, is_direct, boc, start_date, end_date, statement_id, 'bods:decl:' || ref,
         md5(concat_ws('|', subject_id, owner_id, interest_types::text, share_exact, share_minimum, share_maximum, is_direct, boc, start_date, end_date, statement_id)), $1::bigint FROM src
       ON CONFLICT (source_key) DO UPDATE SET subject_entity_id = excluded.subject_entity_id, owner_entity_id = excluded.owner_entity_id, interest_types = excluded.interest_types,
         share_exact = excluded.share_exact, share_minimum = excluded.share_minimum, share_maximum = excluded.share_maximum, is_direct = excluded.is_direct,
         beneficial_ownership_or_control = excluded.beneficial_ownership_or_control, start_date = excluded.start_date, end_date = excluded.end_date,
         statement_id = excluded.statement_id, content_hash = excluded.content_hash, import_run_id = excluded.import_run_id
       WHERE beneficial_ownership_declarations.content_hash IS DISTINCT FROM excluded.content_hash`, [runId]);
    tables.relationships = await countedUpsert(client, `${src.replace('src AS', 'all_src AS')}, src AS (SELECT * FROM all_src WHERE edge_type IS NOT NULL AND subject_id <> owner_id)`,
      `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_subtype, ownership_percentage, voting_percentage, valid_from, valid_to, is_active,
         evidence_source, evidence_table, evidence_id, confidence_level, source_key, content_hash, import_run_id)
       SELECT owner_id, subject_id, edge_type, CASE WHEN boc THEN 'beneficial_owner' END, ownership, voting, start_date, end_date, end_date IS NULL,
         'bods', 'beneficial_ownership_declarations', statement_id, 'high', 'bods:rel:' || ref,
         md5(concat_ws('|', owner_id, subject_id, edge_type, boc, ownership, voting, start_date, end_date, statement_id)), $1::bigint FROM src
       ON CONFLICT (source_key) DO UPDATE SET source_entity_id = excluded.source_entity_id, target_entity_id = excluded.target_entity_id, relationship_type = excluded.relationship_type,
         relationship_subtype = excluded.relationship_subtype, ownership_percentage = excluded.ownership_percentage, voting_percentage = excluded.voting_percentage,
         valid_from = excluded.valid_from, valid_to = excluded.valid_to, is_active = excluded.is_active, evidence_id = excluded.evidence_id,
         content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
       WHERE relationships.content_hash IS DISTINCT FROM excluded.content_hash`, [runId]);
    return rows;
  });
}
