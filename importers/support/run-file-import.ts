import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { finishImportRun, ImportRunKind, startImportRun } from '../../db/repositories/entities/import-run-repository';
import { withImportClient } from './import-client';
import { createPhaseTimer } from './phase-timer';
import { Progress, silentProgress } from './progress';
import { RejectionLog } from './rejections';
import { hashFiles, listSourceEntries, SourceEntry } from './source-entries';
import { buildSummary, ImportSummary, TableCounts } from './summary';

export type ImportOptions = { file: string; progressFactory?: (totalBytes: number) => Progress; log?: (m: string) => void };

/** What an import adds to its summary beyond the counts (e.g. a versioned list's outcome). */
export type SummaryReport = Record<string, unknown>;

export type FileImportContext = {
  client: PoolClient;
  runId: number;
  entry: SourceEntry;
  rejections: RejectionLog;
  tables: Record<string, TableCounts>;
  progress: Progress;
  report: SummaryReport;
};

/**
 * The frame of a one-file import: an import run (provenance, sha256 of the bytes), one
 * connection and transaction, the summary. `work` returns the number of rows read.
 */
export async function runFileImport(
  db: Knex,
  kind: ImportRunKind,
  options: ImportOptions,
  work: (ctx: FileImportContext) => Promise<number>,
): Promise<ImportSummary> {
  const startedAt = performance.now();
  const entries = await listSourceEntries(options.file);
  if (entries.length !== 1) throw new Error(`${options.file}: expected exactly one file (a zip must hold exactly one)`);
  const entry = entries[0];
  const runId = await startImportRun(db, { kind, fileName: options.file, fileSha256: await hashFiles([options.file]) });
  const rejections = new RejectionLog();
  const tables: Record<string, TableCounts> = {};
  const progress = options.progressFactory?.(entry.size) ?? silentProgress;
  progress.track(tables, rejections);
  const phase = createPhaseTimer(undefined, progress);
  const report: SummaryReport = {};
  try {
    const rowsRead = await phase('read_and_write', () =>
      withImportClient(db, (client) => work({ client, runId, entry, rejections, tables, progress, report })),
    );
    progress.addRows(rowsRead);
    progress.done();
    const summary = {
      ...buildSummary({ kind, files: [entry.name], importRunId: runId, rowsRead, rejections, tables, startedAt }),
      ...report,
    };
    await finishImportRun(db, runId, 'completed', summary);
    return summary;
  } catch (error) {
    progress.done();
    await finishImportRun(db, runId, 'failed', { error: (error as Error).message }).catch(() => undefined);
    throw error;
  }
}
