import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Snapshot } from '../../domain/analysis/snapshot';

/**
 * The golden subjects of the engine (test/unit/domain/scoring/golden/*.snapshot.json) written into
 * the entity store, so that a real analysis over the stack runs on the same facts: every entity,
 * relationship, sanction, PEP record and ownership declaration of the snapshot, under fresh ids and
 * `golden:` source keys (tests never collide). A real run walks, screens and scores them itself
 * (as_of today, the current catalog), so its verdict is not the golden file's byte for byte; the
 * subject, its network and the facts are. No `entity_documents` rows: the goldens' documents are
 * not unique, so tests name the subject by entity_id.
 */
export const GOLDEN_FIXTURES = [
  'clean-company',
  'sanctioned-company-pep-partner',
  'person-pep-grace',
  'opaque-foreign-chain-with-cycle',
] as const;
export type GoldenFixture = (typeof GOLDEN_FIXTURES)[number];

const goldenDir = path.join(__dirname, '..', 'unit', 'domain', 'scoring', 'golden');

export function goldenSnapshot(name: GoldenFixture): Snapshot {
  return JSON.parse(readFileSync(path.join(goldenDir, `${name}.snapshot.json`), 'utf8')) as Snapshot;
}

/** Loads the golden subject `name`; returns the new entity id of its subject and of every golden id. */
export async function loadGoldenFixture(db: Knex, name: GoldenFixture): Promise<{ subjectId: number; ids: Map<number, number> }> {
  const snapshot = goldenSnapshot(name);
  if (snapshot.proceedings.length > 0 || snapshot.media_hits.length > 0)
    throw new Error(`golden ${name}: proceedings and media hits are not loaded by this fixture`);
  const run = `golden:${name}:${randomUUID()}`;
  const ids = new Map<number, number>();
  const id = (golden: number) => {
    const mapped = ids.get(golden);
    if (mapped === undefined) throw new Error(`golden ${name}: no entity ${golden}`);
    return mapped;
  };
  const nameOf = new Map(snapshot.network.entities.map((e) => [e.entity_id, e]));
  return db.transaction(async (trx) => {
    for (const e of snapshot.network.entities) {
      const [row] = await trx('entities')
        .insert({
          entity_type: e.entity_type,
          display_name: e.display_name,
          normalized_name: e.normalized_name,
          document: e.document,
          document_type: e.document_type,
          status: e.status,
          profile: JSON.stringify(e.profile ?? {}),
          source_key: `${run}:e${e.entity_id}`,
        })
        .returning('id');
      ids.set(e.entity_id, Number(row.id));
    }
    for (const r of snapshot.network.relationships) {
      await trx('relationships').insert({
        source_entity_id: id(r.source_entity_id),
        target_entity_id: id(r.target_entity_id),
        relationship_type: r.relationship_type,
        relationship_subtype: r.relationship_subtype,
        relationship_role: r.relationship_role,
        qualification_code: r.qualification_code,
        ownership_percentage: r.ownership_percentage,
        voting_percentage: r.voting_percentage,
        valid_from: r.valid_from,
        valid_to: r.valid_to,
        is_active: r.is_active,
        evidence_source: r.evidence_source,
        evidence_table: r.evidence_table,
        evidence_id: r.evidence_id === null ? null : String(r.evidence_id),
        confidence_level: r.confidence_level,
        source_key: `${run}:r${r.relationship_id}`,
      });
    }
    for (const s of snapshot.sanctions) {
      const holder = nameOf.get(s.entity_id)!;
      await trx('sanctions').insert({
        entity_id: id(s.entity_id),
        list_code: s.list_code,
        name: holder.display_name,
        normalized_name: holder.normalized_name,
        sanction_type: s.sanction_type,
        start_date: s.start_date,
        end_date: s.end_date,
        sanctioning_body: s.sanctioning_body,
        process_number: s.process_number,
        legal_basis: s.legal_basis,
        source_key: `${run}:s${s.sanction_id}`,
      });
    }
    for (const p of snapshot.pep_records) {
      const holder = nameOf.get(p.entity_id)!;
      await trx('pep_records').insert({
        entity_id: id(p.entity_id),
        name: holder.display_name,
        normalized_name: holder.normalized_name,
        role_acronym: p.role_acronym,
        role_description: p.role_description,
        role_level: p.role_level,
        institution_name: p.institution_name,
        start_date: p.start_date,
        end_date: p.end_date,
        grace_end_date: p.grace_end_date,
        pep_type: p.pep_type,
        source_key: `${run}:p${p.pep_record_id}`,
      });
    }
    for (const d of snapshot.ownership_declarations) {
      await trx('beneficial_ownership_declarations').insert({
        subject_entity_id: id(d.subject_entity_id),
        owner_entity_id: id(d.owner_entity_id),
        interest_types: d.interest_types,
        share_exact: d.share_exact,
        share_minimum: d.share_minimum,
        share_maximum: d.share_maximum,
        is_direct: d.is_direct,
        beneficial_ownership_or_control: d.beneficial_ownership_or_control,
        start_date: d.start_date,
        end_date: d.end_date,
        statement_id: `${run}:${d.statement_id}`,
        source_key: `${run}:d${d.declaration_id}`,
      });
    }
    return { subjectId: id(snapshot.subject_entity_id), ids };
  });
}
