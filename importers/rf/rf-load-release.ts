import type { Progress } from '../support/progress';
import { RejectionLog } from '../support/rejections';
import type { TableCounts } from '../support/summary';
import { ImportSession, inParallel, useRunSchema } from '../support/import-session';
import { createPhaseTimer, PhaseHook } from '../support/phase-timer';
import { BulkLoadMode, dropIndexesAndKeys, SavedSchema, shouldBulkLoad } from '../support/bulk-load-mode';
import { dropSupersededLines, stagingDdl } from './rf-staging';
import { Known, stageRelease } from './rf-stage-release';
import { linkReleasePartners } from './rf-link-release-partners';
import { upsertReleaseEntities } from './rf-upsert-release-entities';

/** What a release writes; in bulk mode their secondary indexes and foreign keys are rebuilt once. */
const bulkTables = ['entities', 'entity_documents', 'relationships'];

export type LoadOptions = { onPhase?: PhaseHook; bulkLoad?: BulkLoadMode };

/**
 * The schedule of one release on the two connections of `session` (docs/importers.md, "Third
 * push"): staging, then upserts in two lanes where they do not depend on each other, then (bulk
 * mode) the index and key rebuild shared by both. Returns the rows read.
 */
export async function loadRelease(
  session: ImportSession,
  runId: number,
  known: Known[],
  rejections: RejectionLog,
  progress: Progress,
  tables: Record<string, TableCounts>,
  options: LoadOptions,
  onDrop: (saved: SavedSchema) => void,
): Promise<number> {
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
  await upsertReleaseEntities(session, runId, tables, bulk, phase);
  await linkReleasePartners(session, runId, rejections, tables, bulk, saved, options.onPhase, phase);
  if (saved) await a.query(`UPDATE import_runs SET stats = stats - 'pending_schema' WHERE id = $1`, [runId]);
  await phase('analyze_final', () =>
    inParallel(
      () => a.query('ANALYZE entities'),
      () => b.query('ANALYZE entity_documents; ANALYZE relationships'),
    ),
  );
  return rowsRead;
}
