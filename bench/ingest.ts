import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { createDb, migrateLatest } from '../db/create-db';
import { importBods, importCnpj, importPep, importSanctions } from '../importers';
import { startPostgres } from '../scripts/stack/postgres';
import { getFreePort } from '../scripts/stack/ports';
import { removeStackData } from '../scripts/stack/postgres-location';
import { projectRoot } from '../scripts/stack/stack';
import { measureCopyFloor } from './support/copy-floor';
import { compareWithFloor } from './support/ingest-floor-ratio';
import { flag } from './support/load';
import { generateDatasetWithProgress, importProgress } from './support/step-progress';

/** utime + stime + reaped children's, in clock ticks (USER_HZ = 100), of one process; null when it has gone. */
function processTicks(pid: string): { ppid: number; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by the cluster in `pgData` (postmaster and its children); null without /proc. */
function postgresCpuSeconds(pgData: string): number | null {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!existsSync('/proc') || !existsSync(pidFile)) return null;
  const postmaster = readFileSync(pidFile, 'utf8').split('\n')[0];
  let ticks = processTicks(postmaster)?.ticks ?? 0;
  for (const pid of readdirSync('/proc'))
    if (/^\d+$/.test(pid)) ticks += processTicks(pid)?.ppid === Number(postmaster) ? processTicks(pid)!.ticks : 0;
  return ticks / 100;
}

const nodeCpuSeconds = () => (process.cpuUsage().user + process.cpuUsage().system) / 1e6;

type CpuSeconds = { node: number; postgres: number | null };

/**
 * Peak resident memory of this process (the importer) while `work` runs, sampled every 100 ms,
 * and the CPU seconds the importer and the database spent on it (steadier than wall time on a
 * shared machine).
 */
async function withPeakRss<T>(
  work: () => Promise<T>,
  pgDataDir?: string,
): Promise<{ result: T; peakRssMb: number; cpuSeconds: CpuSeconds }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const nodeBefore = nodeCpuSeconds();
  const pgBefore = pgDataDir ? postgresCpuSeconds(pgDataDir) : null;
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    const pgAfter = pgDataDir ? postgresCpuSeconds(pgDataDir) : null;
    const cpuSeconds = {
      node: Number((nodeCpuSeconds() - nodeBefore).toFixed(1)),
      postgres: pgBefore === null || pgAfter === null ? null : Number((pgAfter - pgBefore).toFixed(1)),
    };
    return { result, peakRssMb: Math.round(peak / 1024 / 1024), cpuSeconds };
  } finally {
    clearInterval(timer);
  }
}

/**
 * `npm run bench -- ingest [--establishments 1000000 --partners 2000000]`: generates a dataset,
 * COPYes its CNPJ files bare (the floor), then imports it into a throw-away PostgreSQL (its own
 * port, fsync off, removed afterwards); the guard compares the import's ratio to the floor.
 */
export default async function ingest(args: string[]): Promise<Record<string, unknown>> {
  const establishments = flag(args, 'establishments', 1_000_000);
  const partners = flag(args, 'partners', 2_000_000);
  const dataDir = path.join(projectRoot, '.data', `bench-ingest-${process.pid}`);
  const pgDataDir = path.join(dataDir, 'postgres', 'pgdata');
  const pg = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), port: await getFreePort(), database: 'bench', durable: false });
  const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
  // `--explain`: every statement over 1 s is logged with its EXPLAIN ANALYZE plan (auto_explain).
  if (args.includes('--explain'))
    process.env.PGOPTIONS =
      '-c session_preload_libraries=auto_explain -c auto_explain.log_min_duration=1000 -c auto_explain.log_analyze=on';
  // As the schema owner, as the bench measured before the roles: its imports' ANALYZE of the store tables is the owner's.
  const db = createDb(pg.ownerUrl, { poolMax: 4, applicationName: 'bench-ingest' });
  try {
    await migrateLatest(db);
    const out = path.join(dataDir, 'dataset');
    process.stderr.write(`generating ${establishments} establishments, ${partners} partners…\n`);
    const generateStarted = performance.now();
    const generated = await withPeakRss(() => generateDatasetWithProgress({ out, seed: 'bench', establishments, partners }));
    const generateMs = Math.round(performance.now() - generateStarted);
    // The floor first, on the same files and cluster, so both rates come from one run (docs/importers.md, "The floor").
    process.stderr.write(`generated in ${generateMs} ms; COPY floor…\n`);
    const floor = await withPeakRss(() => measureCopyFloor(db, path.join(out, 'cnpj')), pgDataDir);
    process.stderr.write(`floor: ${floor.result.rows} rows in ${floor.result.duration_ms} ms; importing…\n`);
    let phases: Record<string, number> = {};
    const onPhase = (phase: string, ms: number) => {
      phases[phase] = (phases[phase] ?? 0) + ms;
      process.stderr.write(`  ${phase}: ${ms} ms\n`);
    };
    const cnpj = await withPeakRss(
      () => importCnpj(db, { dir: path.join(out, 'cnpj'), onPhase, progressFactory: importProgress('cnpj') }),
      pgDataDir,
    );
    process.stderr.write(`cnpj: ${cnpj.result.rows_read} rows in ${cnpj.result.duration_ms} ms\n`);
    const others = await withPeakRss(
      async () => [
        await importPep(db, { file: path.join(out, 'pep.csv'), progressFactory: importProgress('pep') }),
        await importSanctions(db, 'ceis', { file: path.join(out, 'ceis.csv'), progressFactory: importProgress('ceis') }),
        await importSanctions(db, 'cnep', { file: path.join(out, 'cnep.csv'), progressFactory: importProgress('cnep') }),
        await importBods(db, { file: path.join(out, 'bods.json'), progressFactory: importProgress('bods') }),
      ],
      pgDataDir,
    );
    const firstPhases = phases;
    phases = {};
    const again = args.includes('--reimport')
      ? await withPeakRss(
          () => importCnpj(db, { dir: path.join(out, 'cnpj'), onPhase, progressFactory: importProgress('cnpj') }),
          pgDataDir,
        )
      : undefined;
    const entities = Number((await db('entities').count({ n: '*' }))[0].n);
    const relationships = Number((await db('relationships').count({ n: '*' }))[0].n);
    const versusFloor = compareWithFloor(
      { rows: cnpj.result.rows_read, duration_ms: cnpj.result.duration_ms },
      floor.result,
      cnpj.peakRssMb,
    );
    process.stderr.write(
      `cnpj ${versusFloor.importer_rows_per_second} rows/s, COPY floor ${versusFloor.floor_rows_per_second} rows/s: ${versusFloor.importer_over_floor}×, peak RSS ${cnpj.peakRssMb} MB\n`,
    );
    const totalRows = cnpj.result.rows_read + others.result.reduce((s, r) => s + r.rows_read, 0);
    const totalMs = cnpj.result.duration_ms + others.result.reduce((s, r) => s + r.duration_ms, 0);
    return {
      benchmark: 'ingest',
      machine: {
        cpus: cpus().length,
        node: process.version,
        load_average_before: loadBefore,
        load_average_after: loadavg().map((l) => Number(l.toFixed(2))),
        // The name the regression guard prints beside the baseline's (scripts/bench.ts).
        load_average_at_end: loadavg().map((l) => Number(l.toFixed(2))),
      },
      dataset: generated.result.counts,
      generate: { duration_ms: generateMs, peak_rss_mb: generated.peakRssMb },
      cnpj_import: {
        rows_read: cnpj.result.rows_read,
        duration_ms: cnpj.result.duration_ms,
        rows_per_second: cnpj.result.rows_per_second,
        peak_rss_mb: cnpj.peakRssMb,
        cpu_seconds: cnpj.cpuSeconds,
        phases_ms: firstPhases,
        tables: cnpj.result.tables,
      },
      copy_floor: { ...floor.result, cpu_seconds: floor.cpuSeconds },
      versus_floor: {
        importer_rows_per_second: versusFloor.importer_rows_per_second,
        floor_rows_per_second: versusFloor.floor_rows_per_second,
        importer_over_floor: versusFloor.importer_over_floor,
        peak_rss_mb: versusFloor.peak_rss_mb,
      },
      other_imports: others.result.map((r) => ({ kind: r.kind, rows_read: r.rows_read, duration_ms: r.duration_ms })),
      other_imports_peak_rss_mb: others.peakRssMb,
      other_imports_cpu_seconds: others.cpuSeconds,
      reimport: again && {
        duration_ms: again.result.duration_ms,
        rows_per_second: again.result.rows_per_second,
        inserted: again.result.inserted,
        updated: again.result.updated,
        unchanged: again.result.unchanged,
        peak_rss_mb: again.peakRssMb,
        cpu_seconds: again.cpuSeconds,
        phases_ms: phases,
      },
      overall: {
        rows: totalRows,
        duration_ms: totalMs,
        rows_per_second: Math.round((totalRows * 1000) / totalMs),
        peak_rss_mb: Math.max(cnpj.peakRssMb, others.peakRssMb),
      },
      store: { entities, relationships },
      // The figures the regression guard compares with the committed baseline (scripts/bench.ts): ratios and memory only.
      guard: versusFloor.guard,
      targets: versusFloor.targets,
    };
  } finally {
    await db.destroy();
    await pg.stop();
    if (args.includes('--explain')) mkdirSync(path.join(projectRoot, 'bench-results'), { recursive: true });
    if (args.includes('--explain'))
      copyFileSync(
        path.join(dataDir, 'postgres', 'postgres.log'),
        path.join(projectRoot, 'bench-results', `ingest-explain-${process.pid}.log`),
      );
    removeStackData(dataDir);
  }
}
