import type { Knex } from 'knex';
import { recordEntityChanges, runVersion } from '../support/record-entity-changes';
import { resolutionCounts, resolveParties } from '../support/resolve-parties';
import { WrongFormatError } from '../support/rejections';
import { ImportOptions, runFileImport } from '../support/run-file-import';
import { stageBodsStatements } from './stage-bods-statements';
import { upsertBodsOwnership } from './upsert-bods-ownership';

/**
 * BODS → entities (matched by BR-CNPJ / BR-CPF identifiers, else `bods:<recordId|statementId>`),
 * beneficial_ownership_declarations (every ownership-or-control statement, direct or not, with
 * exact/minimum/maximum shares) and OWNS / CONTROLS edges for direct (or unspecified) interests.
 * Line numbers are statement positions for a JSON array, line numbers for JSON lines.
 */
export async function importBods(db: Knex, options: ImportOptions) {
  return runFileImport(db, 'bods', options, async (ctx) => {
    const { rows, recognized } = await stageBodsStatements(ctx);
    if (rows > 0 && recognized === 0)
      throw new WrongFormatError(ctx.entry.name, 'no BODS statement recognized (recordType or statementType)');
    ctx.tables.entities = resolutionCounts(await resolveParties(ctx.client, ctx.runId, { create: true }));
    await upsertBodsOwnership(ctx);
    // The change feed (docs/monitoring.md): both ends of every declaration and ownership edge this
    // import wrote or rewrote (an ended interest is a rewrite: its end date changed the content).
    ctx.report.changes = await recordEntityChanges(ctx.client, {
      source: 'bods',
      version: runVersion(ctx.runId),
      runId: ctx.runId,
      changedEntitiesSql: `SELECT subject_entity_id AS entity_id FROM beneficial_ownership_declarations WHERE import_run_id = $1::bigint
        UNION SELECT owner_entity_id FROM beneficial_ownership_declarations WHERE import_run_id = $1::bigint
        UNION SELECT source_entity_id FROM relationships WHERE import_run_id = $1::bigint AND evidence_source = 'bods'
        UNION SELECT target_entity_id FROM relationships WHERE import_run_id = $1::bigint AND evidence_source = 'bods'`,
    });
    return rows;
  });
}
