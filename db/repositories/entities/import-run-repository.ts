import type { Executor } from '../../create-db';

export type ImportRunKind =
  'cnpj' | 'pep' | 'ceis' | 'cnep' | 'cepim' | 'ceaf' | 'un' | 'ofac_sdn' | 'eu_fsf' | 'bods' | 'proceedings' | 'media' | 'family' | 'demo';

/** Provenance: every imported row carries the id of the run that last wrote it. */
export async function startImportRun(db: Executor, run: { kind: ImportRunKind; fileName: string; fileSha256: string }): Promise<number> {
  const [row] = await db('import_runs')
    .insert({ kind: run.kind, file_name: run.fileName, file_sha256: run.fileSha256, status: 'running' })
    .returning('id');
  return Number(row.id);
}

export async function finishImportRun(
  db: Executor,
  id: number,
  status: 'completed' | 'failed',
  stats: Record<string, unknown>,
): Promise<void> {
  await db('import_runs')
    .where({ id })
    .update({ status, stats: JSON.stringify(stats), finished_at: db.fn.now() });
}

/** The last completed run of `kind` over exactly these bytes, if any (lets the demo loader skip work). */
export async function findCompletedImportRun(
  db: Executor,
  kind: ImportRunKind,
  fileSha256: string,
): Promise<{ id: number; stats: Record<string, unknown> } | undefined> {
  return db('import_runs').where({ kind, file_sha256: fileSha256, status: 'completed' }).orderBy('id', 'desc').first('id', 'stats');
}

export type ImportedRows = { kind: string; read: number; inserted: number; updated: number; rejected: number };

/** Rows of completed import runs by kind (the api's `entity_risk_import_rows` gauge; imports run in the ops CLI). */
export async function sumImportedRows(db: Executor): Promise<ImportedRows[]> {
  const count = (field: string) =>
    db.raw(`coalesce(sum((stats->>'${field}')::bigint), 0)::float8 as ${field === 'rows_read' ? 'read' : field}`);
  const rows = await db('import_runs')
    .where({ status: 'completed' })
    .groupBy('kind')
    .select('kind', count('rows_read'), count('inserted'), count('updated'), count('rejected'));
  return rows.map((r: any) => ({
    kind: r.kind,
    read: Number(r.read),
    inserted: Number(r.inserted),
    updated: Number(r.updated),
    rejected: Number(r.rejected),
  }));
}
