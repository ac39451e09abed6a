import type { Knex } from 'knex';
import { recordEntityChanges, runVersion } from '../support/record-entity-changes';
import { normalizeName } from '../../domain/names/normalize-name';
import { parseBrDate, parseDecimalComma } from '../rf/rf-values';
import { CopyWriter } from '../support/copy-rows';
import { countedUpsert } from '../support/counted-upsert';
import { readCsvWithHeader } from '../support/read-csv-with-header';
import { parsePartyDocument } from '../support/party-document';
import { partyInputDdl, resolutionCounts, resolveParties } from '../support/resolve-parties';
import { ImportOptions, runFileImport } from '../support/run-file-import';
import { hashFiles } from '../support/source-entries';
import { lockCurrentVersion, recordVersion, refuseVersion } from '../watchlists/list-versions';
import { sanctionAliases, sanctionListMismatch, type SanctionList } from './header-map';
import { cguListVersion } from './cgu-list-version';

/**
 * CEIS / CNEP / CEPIM / CEAF → sanctions, linked by full document (CNPJ → its establishment, created as a
 * placeholder when unknown; CPF → the person, see resolve-parties). A row without a usable
 * document is kept unlinked (entity_id null): a name alone is not an identity.
 *
 * CEPIM and CEAF are versioned lists (docs/watchlists.md): the version is the download's date
 * (`--version`, else the `YYYYMMDD_` the Portal da Transparência names its files with); one not
 * newer than the current is a no-op that says so, checked before anything is written; a newer
 * one marks the rows it no longer lists delisted (kept) and becomes the current version.
 */
export async function importSanctions(db: Knex, list: SanctionList, options: ImportOptions & { version?: string }) {
  const versioned = list === 'cepim' || list === 'ceaf' ? cguListVersion(list, options.file, options.version) : undefined;
  const fileSha256 = versioned ? await hashFiles([options.file]) : '';
  return runFileImport(db, list, options, async ({ client, runId, entry, rejections, tables, progress, report }) => {
    if (versioned) {
      const current = await lockCurrentVersion(client, list);
      Object.assign(report, {
        list,
        version: versioned.version,
        published_at: versioned.published_at,
        previous_version: current?.version ?? null,
        delisted: 0,
      });
      const refused = refuseVersion(list, versioned, current);
      if (refused) {
        Object.assign(report, { outcome: 'unchanged', message: refused });
        return 0;
      }
    }
    await client.query(`CREATE TEMP TABLE stg_sanction (ref text, doc_kind text, document text, masked text, name text, normalized_name text, entity_type text, sanction_type text,
      start_date date, end_date date, sanctioning_body text, process_number text, legal_basis text, fine_amount numeric, raw jsonb, line bigint) ON COMMIT DROP; ${partyInputDdl}`);
    const writer = new CopyWriter(client, 'stg_sanction', [
      'ref',
      'doc_kind',
      'document',
      'masked',
      'name',
      'normalized_name',
      'entity_type',
      'sanction_type',
      'start_date',
      'end_date',
      'sanctioning_body',
      'process_number',
      'legal_basis',
      'fine_amount',
      'raw',
      'line',
    ]);
    let rows = 0;
    const required = list === 'ceis' || list === 'cnep' ? (['document', 'name', 'start_date'] as const) : (['document', 'name'] as const);
    for await (const row of readCsvWithHeader(entry, sanctionAliases, [...required], progress, (index) =>
      sanctionListMismatch(list, index),
    )) {
      rows++;
      if (row.columns !== row.expected) {
        rejections.add(row.line, `expected ${row.expected} columns, found ${row.columns}`);
        continue;
      }
      const personType = (row.get('person_type') ?? '').toUpperCase();
      const hint =
        list === 'cepim' ? 'cnpj' : list === 'ceaf' || personType.startsWith('F') ? 'cpf' : personType.startsWith('J') ? 'cnpj' : undefined;
      const doc = parsePartyDocument(row.get('document'), hint);
      const name = row.get('name') ?? row.get('registry_name');
      if (!name) {
        rejections.add(row.line, 'name of the sanctioned party: empty');
        continue;
      }
      if (!doc) {
        rejections.add(row.line, `document: not a valid CPF or CNPJ: "${(row.get('document') ?? '').slice(0, 20)}"`);
        continue;
      }
      const start = parseBrDate(row.get('start_date') ?? '');
      const end = parseBrDate(row.get('end_date') ?? '');
      if (start === undefined || end === undefined) {
        rejections.add(row.line, 'sanction dates: not dd/mm/yyyy');
        continue;
      }
      const fine = parseDecimalComma(row.get('fine_amount') ?? '');
      const normalized = normalizeName(name);
      const identity =
        row.get('sanction_code') ??
        [doc.document ?? normalized, row.get('process_number'), row.get('sanction_type'), start, row.get('sanctioning_body')].join('|');
      await writer.write([
        identity,
        doc.kind,
        doc.document,
        doc.masked,
        name,
        normalized,
        doc.kind === 'cnpj' ? 'organization' : 'person',
        row.get('sanction_type'),
        start,
        end,
        row.get('sanctioning_body'),
        row.get('process_number'),
        row.get('legal_basis'),
        fine ?? null,
        JSON.stringify({
          person_type: row.get('person_type'),
          registry_name: row.get('registry_name'),
          ...(list === 'ceaf' ? { position: row.get('position'), workplace: row.get('workplace') } : {}),
        }),
        row.line,
      ]);
    }
    await writer.end();
    await client.query(`INSERT INTO party_input (ref, doc_kind, document, masked, normalized_name, display_name, entity_type)
      SELECT DISTINCT ON (doc_kind, document, normalized_name) doc_kind || ':' || document || ':' || normalized_name, doc_kind, document, masked, normalized_name, name, entity_type
      FROM stg_sanction WHERE doc_kind <> 'none' ORDER BY doc_kind, document, normalized_name, line DESC`);
    tables.entities = resolutionCounts(await resolveParties(client, runId, { create: true }));
    tables.sanctions = await countedUpsert(
      client,
      `src AS (SELECT DISTINCT ON (s.ref) s.*, p.entity_id FROM stg_sanction s LEFT JOIN party_input p ON p.ref = s.doc_kind || ':' || s.document || ':' || s.normalized_name ORDER BY s.ref, s.line DESC)`,
      `INSERT INTO sanctions (entity_id, list_code, document, document_type, name, normalized_name, sanction_type, start_date, end_date, sanctioning_body, process_number, legal_basis, fine_amount, raw, source_key, content_hash, import_run_id)
       SELECT entity_id, '${list}', document, NULLIF(doc_kind, 'none'), name, normalized_name, sanction_type, start_date, end_date, sanctioning_body, process_number, legal_basis, fine_amount, raw,
         '${list}:' || ref, md5(concat_ws('|', entity_id, name, sanction_type, start_date, end_date, sanctioning_body, process_number, legal_basis, fine_amount)), $1::bigint FROM src
       ON CONFLICT (source_key) DO UPDATE SET entity_id = excluded.entity_id, name = excluded.name, normalized_name = excluded.normalized_name, sanction_type = excluded.sanction_type,
         start_date = excluded.start_date, end_date = excluded.end_date, sanctioning_body = excluded.sanctioning_body, process_number = excluded.process_number,
         legal_basis = excluded.legal_basis, fine_amount = excluded.fine_amount, raw = excluded.raw, content_hash = excluded.content_hash, import_run_id = excluded.import_run_id
       WHERE sanctions.content_hash IS DISTINCT FROM excluded.content_hash`,
      [runId],
    );
    const changeVersion = versioned?.version ?? runVersion(runId);
    if (versioned) {
      const listed = `SELECT '${list}:' || ref FROM stg_sanction`;
      await client.query(
        `UPDATE sanctions SET delisted_in_version = NULL, delisted_at = NULL WHERE list_code = $1 AND delisted_in_version IS NOT NULL AND source_key IN (${listed})`,
        [list],
      );
      const delisted = await client.query(
        `UPDATE sanctions SET delisted_in_version = $2, delisted_at = $3 WHERE list_code = $1 AND delisted_in_version IS NULL AND source_key NOT IN (${listed})`,
        [list, versioned.version, versioned.published_at],
      );
      const entries = Number(
        (await client.query(`SELECT count(*) AS n FROM sanctions WHERE list_code = $1 AND delisted_in_version IS NULL`, [list])).rows[0].n,
      );
      await recordVersion(client, { list, version: versioned, entries, fileSha256, runId });
      Object.assign(report, {
        outcome: 'imported',
        message: report.previous_version
          ? `${list} version ${versioned.version} replaces ${report.previous_version}`
          : `${list} version ${versioned.version} imported`,
        delisted: delisted.rowCount ?? 0,
      });
    }
    // The change feed (docs/monitoring.md): the entities whose sanctions this import wrote, rewrote or delisted.
    report.changes = await recordEntityChanges(client, {
      source: list,
      version: changeVersion,
      runId,
      changedEntitiesSql: `SELECT entity_id FROM sanctions WHERE import_run_id = $1 UNION SELECT entity_id FROM sanctions WHERE list_code = '${list}' AND delisted_in_version = '${versioned ? versioned.version.replace(/'/g, "''") : ''}'`,
    });
    return rows;
  });
}
