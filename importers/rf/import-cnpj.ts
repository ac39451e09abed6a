import type { Knex } from 'knex';
import { recordEntityChanges, runVersion } from '../support/record-entity-changes';
import { finishImportRun, startImportRun } from '../../db/repositories/entities/import-run-repository';
import { Progress, silentProgress } from '../support/progress';
import { RejectionLog, WrongFormatError } from '../support/rejections';
import { hashFiles, listFiles, listSourceEntries } from '../support/source-entries';
import { buildSummary, emptyCounts, ImportSummary, TableCounts } from '../support/summary';
import { closeImportSession, openImportSession } from '../support/import-session';
import { recoverInterruptedImports } from '../support/interrupted-imports';
import type { PhaseHook } from '../support/phase-timer';
import { BulkLoadMode, SavedSchema } from '../support/bulk-load-mode';
import { restoreIndexesAndKeys } from '../support/restore-indexes-and-keys';
import { classifyRfFile } from './rf-files';
import { loadRelease } from './rf-load-release';

/**
 * `ops import cnpj --dir`: one Receita Federal release (plain files or the published zips) →
 * staging tables by COPY → set-based upserts, on two connections (import-session.ts) so the
 * database uses two cores. Statements commit as they finish: a failed import is marked `failed`
 * and may have written part of the release; every upsert is idempotent, so importing the release
 * again completes it (docs/importers.md, "Third push"). The release's files are expected together
 * (companies, establishments, partners, simples; code tables may come from an earlier release).
 */
export async function importCnpj(
  db: Knex,
  options: {
    dir: string;
    progressFactory?: (totalBytes: number) => Progress;
    log?: (m: string) => void;
    onPhase?: PhaseHook;
    bulkLoad?: BulkLoadMode;
  },
): Promise<ImportSummary> {
  const startedAt = performance.now();
  const log = options.log ?? (() => undefined);
  const entries = (await listSourceEntries(options.dir)).map((entry) => ({ entry, kind: classifyRfFile(entry.name) }));
  const known = entries.filter((e) => e.kind !== null);
  for (const e of entries) if (e.kind === null) log(`ignored (not a Receita Federal CNPJ file name): ${e.entry.name}`);
  if (known.length === 0)
    throw new WrongFormatError(
      options.dir,
      'no Receita Federal CNPJ files (*.EMPRECSV, *.ESTABELE, *.SOCIOCSV, *SIMPLES*, code tables, or zips holding them)',
    );
  const fileSha256 = await hashFiles(await listFiles(options.dir));
  const session = await openImportSession(db, 'import:cnpj');
  let outcome: { status: 'completed' | 'failed'; stats: Record<string, unknown> } | undefined;
  let runId: number | undefined;
  try {
    await recoverInterruptedImports(session.a, 'cnpj', log);
    runId = await startImportRun(db, { kind: 'cnpj', fileName: options.dir, fileSha256 });
    const rejections = new RejectionLog();
    const progress = options.progressFactory?.(known.reduce((s, e) => s + e.entry.size, 0)) ?? silentProgress;
    const tables: Record<string, TableCounts> = {
      rf_codes: emptyCounts(),
      entities: emptyCounts(),
      entity_documents: emptyCounts(),
      relationships: emptyCounts(),
    };
    let saved: SavedSchema | undefined;
    try {
      const rowsRead = await loadRelease(session, runId, known, rejections, progress, tables, options, (s) => (saved = s));
      // The change feed (docs/monitoring.md): the entities and the ends of the relationships this release wrote or rewrote.
      const changes = await recordEntityChanges(session.a, {
        source: 'cnpj',
        version: runVersion(runId),
        runId,
        // Both ends of a relationship from one scan of the run's relationships, not two.
        changedEntitiesSql:
          'SELECT id AS entity_id FROM entities WHERE import_run_id = $1 UNION SELECT unnest(ARRAY[source_entity_id, target_entity_id]) FROM relationships WHERE import_run_id = $1',
        versionIsNew: true,
      });
      progress.done();
      const summary = {
        ...buildSummary({
          kind: 'cnpj',
          files: known.map((e) => e.entry.name),
          importRunId: runId,
          rowsRead,
          rejections,
          tables,
          startedAt,
        }),
        changes,
      };
      outcome = { status: 'completed', stats: summary };
      return summary;
    } catch (error) {
      progress.done();
      outcome = { status: 'failed', stats: { error: (error as Error).message } };
      // Bulk mode committed the index drop: put the schema back now, or leave it for the next import.
      if (saved) await restoreIndexesAndKeys([session.a, session.b], saved).catch(() => (outcome!.stats.pending_schema = saved));
      throw error;
    }
  } finally {
    // The run is finished while the lock is still held, so no other import takes it for interrupted.
    await closeImportSession(db, session, async () => {
      if (runId === undefined || !outcome) return;
      const finishing = finishImportRun(db, runId, outcome.status, outcome.stats);
      // A failed import reports its own error; a completed one fails if its run cannot be recorded.
      await (outcome.status === 'completed' ? finishing : finishing.catch(() => undefined));
    });
  }
}
