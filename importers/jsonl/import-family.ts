import type { Knex } from 'knex';
import { normalizeName } from '../../domain/names/normalize-name';
import { CopyWriter } from '../support/copy-rows';
import { countedUpsert } from '../support/counted-upsert';
import { recordEntityChanges, runVersion } from '../support/record-entity-changes';
import { parsePartyDocument } from '../support/party-document';
import { partyInputDdl, resolutionCounts, resolveParties } from '../support/resolve-parties';
import { ImportOptions, runFileImport } from '../support/run-file-import';
import { str } from './json-fields';
import { readJsonLines } from './read-json-lines';

const kinds = new Set(['spouse', 'partner', 'child', 'parent', 'sibling', 'relative']);

/**
 * Family ties (the PEP "relatives and close associates" of AML rules), a documented JSON-lines
 * extension — no Brazilian public registry publishes them:
 * `{"person": {"document", "name"}, "relative": {"document", "name"}, "relationship": "spouse|partner|child|parent|sibling|relative"}`.
 * Each line becomes a FAMILY_OF edge relative → person (subtype = relationship).
 */
export async function importFamily(db: Knex, options: ImportOptions) {
  return runFileImport(db, 'family', options, async ({ client, runId, entry, rejections, tables, progress, report }) => {
    await client.query(
      `${partyInputDdl}; CREATE TEMP TABLE stg_family (person_ref text, relative_ref text, kind text, line bigint) ON COMMIT DROP`,
    );
    const family = new CopyWriter(client, 'stg_family', ['person_ref', 'relative_ref', 'kind', 'line']);
    const inputs = new Map<string, unknown[]>();
    let rows = 0;
    for await (const { line, value, error } of readJsonLines(entry, progress)) {
      rows++;
      if (!value) {
        rejections.add(line, error!);
        continue;
      }
      const kind = str(value.relationship, 40);
      const refs: string[] = [];
      for (const side of ['person', 'relative'] as const) {
        const party = value[side] as Record<string, unknown> | undefined;
        const name = str(party?.name, 500);
        const doc = parsePartyDocument(typeof party?.document === 'string' ? party.document : null, 'cpf');
        if (!name || !doc || doc.kind === 'none' || doc.kind === 'cnpj') break;
        const normalized = normalizeName(name);
        const ref = `${doc.kind}:${doc.document}:${normalized}`;
        if (!inputs.has(ref)) inputs.set(ref, [ref, doc.kind, doc.document, doc.masked, normalized, name, 'person']);
        refs.push(ref);
      }
      if (refs.length !== 2) {
        rejections.add(line, 'person and relative need a name and a CPF (full or masked)');
        continue;
      }
      if (!kind || !kinds.has(kind)) {
        rejections.add(line, `relationship: one of ${[...kinds].join(', ')}`);
        continue;
      }
      await family.write([refs[0], refs[1], kind, line]);
    }
    await family.end();
    const writer = new CopyWriter(client, 'party_input', [
      'ref',
      'doc_kind',
      'document',
      'masked',
      'normalized_name',
      'display_name',
      'entity_type',
    ]);
    for (const input of inputs.values()) await writer.write(input as string[]);
    await writer.end();
    tables.entities = resolutionCounts(await resolveParties(client, runId, { create: true }));
    tables.relationships = await countedUpsert(
      client,
      `src AS (SELECT DISTINCT ON (r.entity_id, p.entity_id) r.entity_id AS source_id, p.entity_id AS target_id, f.kind FROM stg_family f
        JOIN party_input p ON p.ref = f.person_ref JOIN party_input r ON r.ref = f.relative_ref WHERE p.entity_id <> r.entity_id ORDER BY r.entity_id, p.entity_id, f.line DESC)`,
      `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_subtype, is_active, evidence_source, evidence_table, confidence_level, source_key, content_hash, import_run_id)
       SELECT source_id, target_id, 'FAMILY_OF', kind, true, 'family', 'family_declarations', 'medium', 'family:' || source_id || ':' || target_id, md5(kind), $1::bigint FROM src
       ON CONFLICT (source_key) DO UPDATE SET relationship_subtype = excluded.relationship_subtype, content_hash = excluded.content_hash, import_run_id = excluded.import_run_id, updated_at = now()
       WHERE relationships.content_hash IS DISTINCT FROM excluded.content_hash`,
      [runId],
    );
    // The change feed (docs/monitoring.md): both ends of every FAMILY_OF tie this import wrote or rewrote.
    report.changes = await recordEntityChanges(client, {
      source: 'family',
      version: runVersion(runId),
      runId,
      changedEntitiesSql:
        'SELECT source_entity_id AS entity_id FROM relationships WHERE import_run_id = $1::bigint UNION SELECT target_entity_id FROM relationships WHERE import_run_id = $1::bigint',
    });
    return rows;
  });
}
