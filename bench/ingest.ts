import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { createDb, migrateLatest } from '../db/create-db';
import { generateDataset } from '../generator/generate-dataset';
import { importBods, importCnpj, importPep, importSanctions } from '../importers';
import { startPostgres } from '../scripts/stack/postgres';
import { getFreePort } from '../scripts/stack/ports';
import { projectRoot } from '../scripts/stack/stack';

function flag(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

/** Peak resident memory of this process (the importer) while `work` runs, sampled every 100 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakRssMb: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * `npm run bench -- ingest [--establishments 1000000 --partners 2000000]`: generates a dataset,
 * then imports it into a throw-away PostgreSQL (its own port, fsync off, removed afterwards).
 */
export default async function ingest(args: string[]): Promise<Record<string, unknown>> {
  const establishments = flag(args, 'establishments', 1_000_000);
  const partners = flag(args, 'partners', 2_000_000);
  const dataDir = path.join(projectRoot, '.data', `bench-ingest-${process.pid}`);
  const pg = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), port: await getFreePort(), database: 'bench', durable: false });
  const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
  // `--explain`: every statement over 1 s is logged with its EXPLAIN ANALYZE plan (auto_explain).
  if (args.includes('--explain')) process.env.PGOPTIONS = '-c session_preload_libraries=auto_explain -c auto_explain.log_min_duration=1000 -c auto_explain.log_analyze=on';
  const db = createDb(pg.url, { poolMax: 4, applicationName: 'bench-ingest' });
  try {
    await migrateLatest(db);
    const out = path.join(dataDir, 'dataset');
    process.stderr.write(`generating ${establishments} establishments, ${partners} partners…\n`);
    const generateStarted = performance.now();
    const generated = await withPeakRss(() => generateDataset({ out, seed: 'bench', establishments, partners }));
    const generateMs = Math.round(performance.now() - generateStarted);
    process.stderr.write(`generated in ${generateMs} ms; importing…\n`);
    let phases: Record<string, number> = {};
    const onPhase = (phase: string, ms: number) => {
      phases[phase] = (phases[phase] ?? 0) + ms;
      process.stderr.write(`  ${phase}: ${ms} ms\n`);
    };
    const cnpj = await withPeakRss(() => importCnpj(db, { dir: path.join(out, 'cnpj'), onPhase }));
    process.stderr.write(`cnpj: ${cnpj.result.rows_read} rows in ${cnpj.result.duration_ms} ms\n`);
    const others = await withPeakRss(async () => [
      await importPep(db, { file: path.join(out, 'pep.csv') }),
      await importSanctions(db, 'ceis', { file: path.join(out, 'ceis.csv') }),
      await importSanctions(db, 'cnep', { file: path.join(out, 'cnep.csv') }),
      await importBods(db, { file: path.join(out, 'bods.json') }),
    ]);
    const firstPhases = phases;
    phases = {};
    const again = args.includes('--reimport') ? await withPeakRss(() => importCnpj(db, { dir: path.join(out, 'cnpj'), onPhase })) : undefined;
    const entities = Number((await db('entities').count({ n: '*' }))[0].n);
    const relationships = Number((await db('relationships').count({ n: '*' }))[0].n);
    const totalRows = cnpj.result.rows_read + others.result.reduce((s, r) => s + r.rows_read, 0);
    const totalMs = cnpj.result.duration_ms + others.result.reduce((s, r) => s + r.duration_ms, 0);
    return {
      benchmark: 'ingest',
      machine: { cpus: cpus().length, node: process.version, load_average_before: loadBefore, load_average_after: loadavg().map((l) => Number(l.toFixed(2))) },
      dataset: generated.result.counts,
      generate: { duration_ms: generateMs, peak_rss_mb: generated.peakRssMb },
      cnpj_import: { rows_read: cnpj.result.rows_read, duration_ms: cnpj.result.duration_ms, rows_per_second: cnpj.result.rows_per_second, peak_rss_mb: cnpj.peakRssMb, phases_ms: firstPhases, tables: cnpj.result.tables },
      other_imports: others.result.map((r) => ({ kind: r.kind, rows_read: r.rows_read, duration_ms: r.duration_ms })),
      other_imports_peak_rss_mb: others.peakRssMb,
      reimport: again && { duration_ms: again.result.duration_ms, rows_per_second: again.result.rows_per_second, inserted: again.result.inserted, updated: again.result.updated, unchanged: again.result.unchanged, peak_rss_mb: again.peakRssMb, phases_ms: phases },
      overall: { rows: totalRows, duration_ms: totalMs, rows_per_second: Math.round((totalRows * 1000) / totalMs), peak_rss_mb: Math.max(cnpj.peakRssMb, others.peakRssMb) },
      store: { entities, relationships },
      targets: { rows_per_second: 50_000, peak_rss_mb: 512 },
    };
  } finally {
    await db.destroy();
    await pg.stop();
    if (args.includes('--explain')) mkdirSync(path.join(projectRoot, 'bench-results'), { recursive: true });
    if (args.includes('--explain')) copyFileSync(path.join(dataDir, 'postgres', 'postgres.log'), path.join(projectRoot, 'bench-results', `ingest-explain-${process.pid}.log`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
