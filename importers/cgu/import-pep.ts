import type { Knex } from 'knex';
import { recordEntityChanges, runVersion } from '../support/record-entity-changes';
import { classifyPepRole } from '../../domain/entity-store/pep-type';
import { normalizeName } from '../../domain/names/normalize-name';
import { parseBrDate } from '../rf/rf-values';
import { CopyWriter } from '../support/copy-rows';
import { countedUpsert } from '../support/counted-upsert';
import { readCsvWithHeader } from '../support/read-csv-with-header';
import { partyInputDdl, resolutionCounts, resolveParties } from '../support/resolve-parties';
import { parsePartyDocument } from '../support/party-document';
import { ImportOptions, runFileImport } from '../support/run-file-import';
import { pepAliases } from './header-map';

/**
 * CGU's PEP list → pep_records, each linked to the person (masked CPF, normalized name),
 * created when unknown. A PEP row's identity is (CPF, name, role, institution, start date).
 */
export async function importPep(db: Knex, options: ImportOptions) {
  return runFileImport(db, 'pep', options, async ({ client, runId, entry, rejections, tables, progress, report }) => {
    await client.query(`CREATE TEMP TABLE stg_pep (ref text, cpf text, masked text, doc_kind text, name text, normalized_name text, role_acronym text, role_description text, role_level text,
      institution text, start_date date, end_date date, grace_end_date date, pep_type text, line bigint) ON COMMIT DROP; ${partyInputDdl}`);
    const pep = new CopyWriter(client, 'stg_pep', [
      'ref',
      'cpf',
      'masked',
      'doc_kind',
      'name',
      'normalized_name',
      'role_acronym',
      'role_description',
      'role_level',
      'institution',
      'start_date',
      'end_date',
      'grace_end_date',
      'pep_type',
      'line',
    ]);
    let rows = 0;
    for await (const row of readCsvWithHeader(entry, pepAliases, ['cpf', 'name'], progress)) {
      rows++;
      if (row.columns !== row.expected) {
        rejections.add(row.line, `expected ${row.expected} columns, found ${row.columns}`);
        continue;
      }
      const name = row.get('name');
      const doc = parsePartyDocument(row.get('cpf'), 'cpf');
      if (!name) {
        rejections.add(row.line, 'Nome_PEP: empty');
        continue;
      }
      if (!doc || doc.kind === 'cnpj') {
        rejections.add(row.line, `CPF: not a CPF or masked CPF: "${(row.get('cpf') ?? '').slice(0, 20)}"`);
        continue;
      }
      const dates = (['start_date', 'end_date', 'grace_end_date'] as const).map((f) => parseBrDate(row.get(f) ?? ''));
      if (dates.some((d) => d === undefined)) {
        rejections.add(row.line, 'a date is not dd/mm/yyyy');
        continue;
      }
      const normalized = normalizeName(name);
      const roleDescription = row.get('role_description');
      const roleAcronym = row.get('role_acronym');
      await pep.write([
        `${doc.document}|${normalized}|${roleAcronym}|${row.get('institution')}|${dates[0]}`,
        doc.document,
        doc.masked,
        doc.kind,
        name,
        normalized,
        roleAcronym,
        roleDescription,
        row.get('role_level'),
        row.get('institution'),
        dates[0],
        dates[1],
        dates[2],
        classifyPepRole(roleDescription, roleAcronym),
        row.line,
      ]);
    }
    await pep.end();
    await client.query(`INSERT INTO party_input (ref, doc_kind, document, masked, normalized_name, display_name, entity_type)
      SELECT DISTINCT ON (doc_kind, cpf, normalized_name) doc_kind || ':' || cpf || ':' || normalized_name, doc_kind, cpf, masked, normalized_name, name, 'person'
      FROM stg_pep WHERE doc_kind <> 'none' ORDER BY doc_kind, cpf, normalized_name, line DESC`);
    tables.entities = resolutionCounts(await resolveParties(client, runId, { create: true }));
    tables.pep_records = await countedUpsert(
      client,
      `src AS (SELECT DISTINCT ON (s.ref) s.*, p.entity_id FROM stg_pep s JOIN party_input p ON p.ref = s.doc_kind || ':' || s.cpf || ':' || s.normalized_name ORDER BY s.ref, s.line DESC)`,
      `INSERT INTO pep_records (entity_id, cpf_masked, name, normalized_name, role_acronym, role_description, role_level, institution_name, start_date, end_date, grace_end_date, pep_type, source_key, content_hash, import_run_id)
       SELECT entity_id, masked, name, normalized_name, role_acronym, role_description, role_level, institution, start_date, end_date, grace_end_date, pep_type, 'pep:' || ref,
         md5(concat_ws('|', entity_id, name, role_description, role_level, end_date, grace_end_date, pep_type)), $1::bigint FROM src
       ON CONFLICT (source_key) DO UPDATE SET entity_id = excluded.entity_id, name = excluded.name, role_description = excluded.role_description, role_level = excluded.role_level,
         end_date = excluded.end_date, grace_end_date = excluded.grace_end_date, pep_type = excluded.pep_type, content_hash = excluded.content_hash, import_run_id = excluded.import_run_id
       WHERE pep_records.content_hash IS DISTINCT FROM excluded.content_hash`,
      [runId],
    );
    // The change feed (docs/monitoring.md): the persons whose PEP records this import wrote or rewrote.
    report.changes = await recordEntityChanges(client, {
      source: 'pep',
      version: runVersion(runId),
      runId,
      changedEntitiesSql: 'SELECT entity_id FROM pep_records WHERE import_run_id = $1',
    });
    return rows;
  });
}
