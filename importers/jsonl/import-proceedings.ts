import type { Knex } from 'knex';
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
    return rows;
  });
}
