import type { Knex } from 'knex';
import { recordEntityChanges, runVersion } from '../support/record-entity-changes';
import { resolutionCounts, resolveParties } from '../support/resolve-parties';
import { ImportOptions, runFileImport } from '../support/run-file-import';
import { stageProceedings } from './stage-proceedings';
import { upsertProceedings } from './upsert-proceedings';

/**
 * Administrative proceedings (docs/importers.md), one a line. Parties with a document are resolved
 * like sanctions (and created when unknown); parties without one keep their name only.
 * A proceeding whose content changed gets its party list replaced.
 */
export async function importProceedings(db: Knex, options: ImportOptions) {
  return runFileImport(db, 'proceedings', options, async (ctx) => {
    const rows = await stageProceedings(ctx);
    ctx.tables.entities = resolutionCounts(await resolveParties(ctx.client, ctx.runId, { create: true }));
    await upsertProceedings(ctx);
    // The change feed (docs/monitoring.md): the parties of the proceedings this import wrote or
    // rewrote, and the parties those proceedings named before (a party dropped from one changed too).
    ctx.report.changes = await recordEntityChanges(ctx.client, {
      source: 'proceedings',
      version: runVersion(ctx.runId),
      runId: ctx.runId,
      changedEntitiesSql: `SELECT pp.entity_id FROM proceeding_parties pp JOIN proceedings p ON p.id = pp.proceeding_id WHERE p.import_run_id = $1::bigint
        UNION SELECT entity_id FROM former_proc_party`,
    });
    return rows;
  });
}
