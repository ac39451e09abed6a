import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { finishImportRun, startImportRun } from '../../db/repositories/import-run-repository';
import { addCounts } from '../support/counted-upsert';
import { Progress, silentProgress } from '../support/progress';
import { RejectionLog, WrongFormatError } from '../support/rejections';
import { hashFiles, listFiles, listSourceEntries } from '../support/source-entries';
import { buildSummary, emptyCounts, ImportSummary, TableCounts } from '../support/summary';
import { withImportClient } from '../support/import-client';
import { createPhaseTimer, PhaseHook } from '../support/phase-timer';
import { BulkLoadMode, dropIndexesAndKeys, restoreIndexesAndKeys, shouldBulkLoad } from '../support/bulk-load-mode';
import { classifyRfFile, rfLoadOrder } from './rf-files';
import { stageRfEntry, stagingDdl } from './rf-staging';
import { buildHeadquartersMap, linkBranches, upsertDocuments, upsertEstablishments, upsertRfCodes } from './rf-upsert-establishments';
import { preparePartners, rejectUnlinkedPartners, upsertPartnerEntities, upsertPartnerRelationships } from './rf-upsert-partners';

/** What a release writes; in bulk mode their secondary indexes and foreign keys are rebuilt once. */
const bulkTables = ['entities', 'entity_documents', 'relationships'];

/**
 * `ops import cnpj --dir`: one Receita Federal release (plain files or the published zips) →
 * staging tables by COPY → set-based upserts, in one transaction: a failed import leaves the
 * store as it was. The release's files are expected together (companies, establishments,
 * partners, simples; code tables may come from an earlier release already in the store).
 */
export async function importCnpj(db: Knex, options: { dir: string; progressFactory?: (totalBytes: number) => Progress; log?: (m: string) => void; onPhase?: PhaseHook; bulkLoad?: BulkLoadMode }): Promise<ImportSummary> {
  const startedAt = performance.now();
  const log = options.log ?? (() => undefined);
  const entries = (await listSourceEntries(options.dir)).map((entry) => ({ entry, kind: classifyRfFile(entry.name) }));
  const known = entries.filter((e) => e.kind !== null);
  for (const e of entries) if (e.kind === null) log(`ignored (not a Receita Federal CNPJ file name): ${e.entry.name}`);
  if (known.length === 0) throw new WrongFormatError(options.dir, 'no Receita Federal CNPJ files (*.EMPRECSV, *.ESTABELE, *.SOCIOCSV, *SIMPLES*, code tables, or zips holding them)');
  const files = await listFiles(options.dir);
  const runId = await startImportRun(db, { kind: 'cnpj', fileName: options.dir, fileSha256: await hashFiles(files) });
  const rejections = new RejectionLog();
  const progress = options.progressFactory?.(known.reduce((s, e) => s + e.entry.size, 0)) ?? silentProgress;
  const tables: Record<string, TableCounts> = { rf_codes: emptyCounts(), entities: emptyCounts(), entity_documents: emptyCounts(), relationships: emptyCounts() };
  let rowsRead = 0;
  try {
    await withImportClient(db, async (client: PoolClient) => {
      const phase = createPhaseTimer(options.onPhase);
      // A full release sorts rows hundreds of bytes wide by the million (latest line per CNPJ, per
      // partner key): 80 MB at 200k establishments, so a full release outgrew 128 MB and spilled
      // to disk. This transaction only.
      await client.query(`SET LOCAL work_mem = '512MB'`);
      await client.query(stagingDdl);
      await phase('stage', async () => {
        for (const kind of rfLoadOrder) {
          for (const { entry } of known.filter((e) => e.kind === kind)) {
            progress.label(entry.name);
            rowsRead += await stageRfEntry(client, entry, kind, rejections, progress);
          }
        }
      });
      progress.label('upserting');
      await phase('analyze_staging', () => client.query('ANALYZE stg_code; ANALYZE stg_company; ANALYZE stg_simples; ANALYZE stg_estab; ANALYZE stg_partner'));
      const bulk = await shouldBulkLoad(client, 'entities', rowsRead, options.bulkLoad);
      const saved = bulk ? await phase('drop_indexes', () => dropIndexesAndKeys(client, bulkTables)) : undefined;
      tables.rf_codes = await phase('rf_codes', () => upsertRfCodes(client, runId));
      tables.entities = await phase('establishments', () => upsertEstablishments(client, runId));
      addCounts(tables.entity_documents, await phase('estab_documents', () => upsertDocuments(client, runId, `SELECT id AS entity_id, cnpj AS document, 'cnpj' AS document_type FROM map_estab`)));
      // Fresh statistics: after a first bulk load the planner would otherwise think the store is empty.
      await phase('analyze_store', () => client.query('ANALYZE entities; ANALYZE entity_documents'));
      await phase('headquarters', () => buildHeadquartersMap(client));
      addCounts(tables.relationships, await phase('branches', () => linkBranches(client, runId)));
      await phase('partner_rows', () => preparePartners(client));
      addCounts(tables.entities, await phase('partner_entities', () => upsertPartnerEntities(client, runId)));
      addCounts(tables.entity_documents, await phase('partner_documents', () => upsertDocuments(client, runId, `SELECT id AS entity_id, document, document_type FROM partner_ids
        WHERE key NOT LIKE 'foreign:%' AND document IS NOT NULL AND document_type IN ('cnpj', 'cpf_masked')`)));
      await phase('reject_unlinked', () => rejectUnlinkedPartners(client, rejections));
      addCounts(tables.relationships, await phase('partner_relationships', () => upsertPartnerRelationships(client, runId)));
      if (saved) await phase('rebuild_indexes', () => restoreIndexesAndKeys(client, saved, options.onPhase));
      await phase('analyze_final', () => client.query('ANALYZE entities; ANALYZE entity_documents; ANALYZE relationships'));
    });
    progress.done();
    const summary = buildSummary({ kind: 'cnpj', files: known.map((e) => e.entry.name), importRunId: runId, rowsRead, rejections, tables, startedAt });
    await finishImportRun(db, runId, 'completed', summary);
    return summary;
  } catch (error) {
    progress.done();
    await finishImportRun(db, runId, 'failed', { error: (error as Error).message }).catch(() => undefined);
    throw error;
  }
}
