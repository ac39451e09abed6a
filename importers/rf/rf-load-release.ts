import { addCounts } from '../support/counted-upsert';
import type { Progress } from '../support/progress';
import { RejectionLog } from '../support/rejections';
import type { TableCounts } from '../support/summary';
import { ImportSession, inParallel, useRunSchema } from '../support/import-session';
import { createPhaseTimer, PhaseHook } from '../support/phase-timer';
import { BulkLoadMode, dropIndexesAndKeys, restoreIndexesAndKeys, restoreQueue, SavedSchema, shouldBulkLoad, splitSavedSchema } from '../support/bulk-load-mode';
import { dropSupersededLines, stagingDdl } from './rf-staging';
import { Known, stageRelease } from './rf-stage-release';
import { planEstablishments, upsertEstablishments, upsertRfCodes } from './rf-upsert-establishments';
import { buildHeadquartersMap, linkBranches, mapEstablishments, upsertDocuments } from './rf-link-establishments';
import { upsertPartnerCompanies, upsertPartnerPersons } from './rf-upsert-partners';
import { mapPartnerIds, rejectUnlinkedPartners } from './rf-partner-link-rows';
import { deactivateStalePartnerships } from './rf-stale-partnerships';
import { upsertPartnerLinks, upsertRepresentativeLinks } from './rf-upsert-partner-links';

/** What a release writes; in bulk mode their secondary indexes and foreign keys are rebuilt once. */
const bulkTables = ['entities', 'entity_documents', 'relationships'];


export type LoadOptions = { onPhase?: PhaseHook; bulkLoad?: BulkLoadMode };

/**
 * The schedule of one release on the two connections of `session` (docs/importers.md, "Third
 * push"): staging, then upserts in two lanes where they do not depend on each other, then (bulk
 * mode) the index and key rebuild shared by both. Returns the rows read.
 */
export async function loadRelease(session: ImportSession, runId: number, known: Known[], rejections: RejectionLog, progress: Progress, tables: Record<string, TableCounts>, options: LoadOptions, onDrop: (saved: SavedSchema) => void): Promise<number> {
  const { a, b } = session;
  const phase = createPhaseTimer(options.onPhase, progress);
  progress.track(tables, rejections);
  await useRunSchema(session, runId);
  // A full release sorts rows hundreds of bytes wide by the million (latest line per CNPJ, per
  // partner key): 80 MB at 200k establishments, so a full release outgrew 128 MB and spilled.
  for (const client of [a, b]) await client.query(`SET work_mem = '512MB'`);
  await a.query(stagingDdl);
  const rowsRead = await phase('stage', () => stageRelease(session, known, rejections, progress, phase));
  progress.label('upserting');
  await phase('analyze_staging', async () => {
    await dropSupersededLines(a);
    await a.query('ANALYZE stg_code; ANALYZE stg_company; ANALYZE stg_simples; ANALYZE stg_estab');
  });
  const bulk = await shouldBulkLoad(a, 'entities', rowsRead, options.bulkLoad);
  const saved = bulk ? await phase('drop_indexes', () => dropIndexesAndKeys(a, bulkTables, runId)) : undefined;
  if (saved) onDrop(saved);
  tables.rf_codes = await phase('rf_codes', () => upsertRfCodes(a, runId));
  // Establishments in two CNPJ ranges: two thirds on A; B loads the persons and foreigners first.
  const slices = await phase('classify', () => planEstablishments(a));
  await inParallel(
    async () => addCounts(tables.entities, await phase('establishments', () => upsertEstablishments(a, runId, bulk, slices[0]))),
    async () => {
      addCounts(tables.entities, await phase('partner_entities', () => upsertPartnerPersons(b, runId, bulk)));
      if (slices[1]) addCounts(tables.entities, await phase('establishments', () => upsertEstablishments(b, runId, bulk, slices[1])));
    },
  );
  await phase('map_establishments', () => mapEstablishments(a));
  await inParallel(
    async () => {
      await phase('headquarters', () => buildHeadquartersMap(a));
      addCounts(tables.relationships, await phase('branches', () => linkBranches(a, runId, bulk)));
    },
    async () => addCounts(tables.entity_documents, await phase('estab_documents', () => upsertDocuments(b, runId, `SELECT id AS entity_id, cnpj AS document, 'cnpj' AS document_type FROM map_estab`, bulk))),
  );
  addCounts(tables.entities, await phase('partner_companies', () => upsertPartnerCompanies(a, runId, bulk)));
  // Fresh statistics: after a first bulk load the planner would otherwise think the store is empty.
  await phase('analyze_store', () => a.query('ANALYZE entities; ANALYZE entity_documents'));
  // From here on `entities` is final: in bulk mode its indexes (the trigram one is the longest
  // build) are rebuilt on the second connection while the first maps partner ids and links.
  const [entityPart, restPart] = saved ? splitSavedSchema(saved, 'entities') : [undefined, undefined];
  // The other tables' indexes and keys: a queue each connection joins when its own work is done.
  const rebuildRest = restPart ? restoreQueue(restPart, options.onPhase) : async () => undefined;
  const idsMapped = phase('partner_ids', () => mapPartnerIds(a));
  idsMapped.catch(() => undefined); // observed by both lanes below
  await inParallel(
    async () => {
      await idsMapped;
      await phase('reject_unlinked', () => rejectUnlinkedPartners(a, rejections));
      addCounts(tables.relationships, await phase('partner_relationships', () => upsertPartnerLinks(a, runId, bulk)));
      tables.relationships.updated += await phase('stale_partnerships', () => deactivateStalePartnerships(a, runId));
      await phase('rebuild_indexes', () => rebuildRest(a));
    },
    async () => {
      if (entityPart) await phase('rebuild_entity_indexes', () => restoreIndexesAndKeys([b], entityPart, options.onPhase));
      await idsMapped;
      addCounts(tables.entity_documents, await phase('partner_documents', () => upsertDocuments(b, runId, `SELECT id AS entity_id, document, document_type FROM partner_ids
        WHERE key NOT LIKE 'foreign:%' AND document IS NOT NULL AND document_type IN ('cnpj', 'cpf_masked')`, bulk)));
      addCounts(tables.relationships, await phase('representative_relationships', () => upsertRepresentativeLinks(b, runId, bulk)));
      // A relationships job taken here waits for the other connection's statements on that table.
      await phase('rebuild_indexes', () => rebuildRest(b));
    },
  );
  if (saved) await a.query(`UPDATE import_runs SET stats = stats - 'pending_schema' WHERE id = $1`, [runId]);
  await phase('analyze_final', () => inParallel(() => a.query('ANALYZE entities'), () => b.query('ANALYZE entity_documents; ANALYZE relationships')));
  return rowsRead;
}
