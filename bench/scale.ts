import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import type { Knex } from 'knex';
import { createDb } from '../db/create-db';
import { SYSTEM_ACTOR } from '../domain/actor';
import { sizeFromEntities } from '../generator/generate-dataset';
import { generateDatasetWithProgress, importProgress } from './support/step-progress';
import {
  importBods,
  importCnpj,
  importFamily,
  importMedia,
  importPep,
  importProceedings,
  importSanctions,
  type ImportSummary,
} from '../importers';
import { issueApiKey } from '../usecases/tenancy/issue-api-key';
import { createCompany, upsertPlan } from '../db/repositories/tenancy/tenancy-repository';
import { getFreePort } from '../scripts/stack/ports';
import { removeStackData } from '../scripts/stack/postgres-location';
import { projectRoot, startInfrastructure, startServiceProcess, waitForReady } from '../scripts/stack/stack';
import { bundleWorkflowsToFile } from '../worker/bundle-workflows';
import { bytesPerRow, extrapolateLinear, scaleRatios, scaleTargets } from '../support/scale-curve';
import { networkShape, WALK, type NetworkShape } from '../support/network-shape';
import { buildNameProfile } from '../domain/media/name-profile';
import { searchQueryOf } from '../domain/media/search-terms';
import { startBenchTemporal, waitForEmbeddedWorker } from './support/bench-temporal';
import { treeCpuMs, withCpu } from './support/cpu';
import { closedLoop, flag, summarize, type Latencies } from './support/load';

/**
 * `npm run bench -- scale [--sizes 100000,1000000,10000000] [--requests 200] [--keep] [--rows-from <partial.jsonl>]`
 * (docs/scaling.md). For each size, on a fresh stack of its own (Postgres, Temporal dev
 * server on tmpfs, api with its embedded worker + a worker process, as `analyses` runs them):
 * generates the synthetic release (`ops generate --entities N`: 40 % establishments, 60 % partner
 * rows, and the PEP, CEIS/CNEP, BODS, family, proceedings and media files in the generator's
 * proportions), imports it through the real importers, and measures import rows/s and peak RSS,
 * database size and bytes per row, sync analyses (c=1 p50, c=16 throughput) on subjects with deep
 * and with shallow networks, entity search p95 and graph expansion p95. The data of a size is
 * removed before the next size starts (the disk is shared).
 */
const round1 = (x: number) => Math.round(x * 10) / 10;
const load = () => os.loadavg().map((l) => Number(l.toFixed(2)));
const log = (m: string) => process.stderr.write(`[bench scale] ${new Date().toISOString().slice(11, 19)} ${m}\n`);

/** Peak RSS of this process (the generator or importer runs in it) while `work` runs, sampled every 100 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMb: number; ms: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakRssMb: Math.round(peak / 1024 / 1024), ms: Math.round(performance.now() - started) };
  } finally {
    clearInterval(timer);
  }
}

/** Every file of the generated dataset through its importer, in the order `npm start` loads the demo (scripts/stack/demo-data.ts). */
async function importAll(db: Knex, out: string, cnpjPhases: Record<string, number>): Promise<ImportSummary[]> {
  const file = (name: string) => path.join(out, name);
  const summaries: ImportSummary[] = [];
  const onPhase = (phase: string, ms: number) => (cnpjPhases[phase] = (cnpjPhases[phase] ?? 0) + ms);
  const phases: [string, () => Promise<ImportSummary>][] = [
    ['cnpj', () => importCnpj(db, { dir: file('cnpj'), onPhase, progressFactory: importProgress('cnpj') })],
    ['pep', () => importPep(db, { file: file('pep.csv'), progressFactory: importProgress('pep') })],
    ['ceis', () => importSanctions(db, 'ceis', { file: file('ceis.csv'), progressFactory: importProgress('ceis') })],
    ['cnep', () => importSanctions(db, 'cnep', { file: file('cnep.csv'), progressFactory: importProgress('cnep') })],
    ['bods', () => importBods(db, { file: file('bods.json'), progressFactory: importProgress('bods') })],
    ['family', () => importFamily(db, { file: file('family.jsonl'), progressFactory: importProgress('family') })],
    ['proceedings', () => importProceedings(db, { file: file('proceedings.jsonl'), progressFactory: importProgress('proceedings') })],
    ['media', () => importMedia(db, { file: file('media.jsonl'), progressFactory: importProgress('media') })],
  ];
  for (const [name, run] of phases) {
    const summary = await run();
    log(`  import ${name}: ${summary.rows_read} rows in ${summary.duration_ms} ms`);
    summaries.push(summary);
  }
  return summaries;
}

const storeTables = [
  'entities',
  'entity_documents',
  'relationships',
  'pep_records',
  'sanctions',
  'beneficial_ownership_declarations',
  'proceedings',
  'proceeding_parties',
  'media_articles',
];
const analysisTables = ['analyses', 'analysis_events', 'analysis_graph_keys', 'webhook_events', 'quota_usage', 'audit_events'];

/** Rows and total bytes (heap + indexes + TOAST) of each table that exists. */
async function tableSizes(
  db: Knex,
  tables: string[],
): Promise<Record<string, { rows: number; bytes: number; bytes_per_row: number | null }>> {
  const sizes: Record<string, { rows: number; bytes: number; bytes_per_row: number | null }> = {};
  for (const table of tables) {
    const {
      rows: [exists],
    } = await db.raw('SELECT to_regclass(?) AS oid', [table]);
    if (!exists.oid) continue;
    const {
      rows: [r],
    } = await db.raw(`SELECT (SELECT count(*) FROM ${table})::bigint AS n, pg_total_relation_size(?::regclass) AS bytes`, [table]);
    sizes[table] = { rows: Number(r.n), bytes: Number(r.bytes), bytes_per_row: bytesPerRow(Number(r.bytes), Number(r.n)) };
  }
  return sizes;
}

/**
 * Deep: companies at the bottom of declared-ownership chains with at least 5 owners above them
 * (BODS chains of 5–6 layers), whose 4-hop networks also hold every layer's partners, spread
 * evenly over the store: the first ones by id are the release's oldest companies, which more
 * companies name as partner (generator/write-rf-partners.ts), so they are not like the rest.
 * Shallow: companies with one relationship whose counterpart has no other. Both deterministic.
 */
async function pickSubjects(db: Knex, count: number): Promise<{ deep: number[]; shallow: number[] }> {
  const { rows: deep } = await db.raw(
    `WITH RECURSIVE chain AS (
       SELECT r.target_entity_id AS subject, r.source_entity_id AS top, 1 AS height
       FROM relationships r
       WHERE r.evidence_source = 'bods' AND NOT EXISTS (SELECT 1 FROM relationships d WHERE d.evidence_source = 'bods' AND d.source_entity_id = r.target_entity_id)
       UNION ALL
       SELECT c.subject, r.source_entity_id, c.height + 1 FROM chain c JOIN relationships r ON r.target_entity_id = c.top AND r.evidence_source = 'bods' WHERE c.height < 8
     )
     , bottoms AS (SELECT subject AS id FROM chain GROUP BY subject HAVING max(height) >= 5)
     SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS rn, count(*) OVER () AS n FROM bottoms) b
     WHERE rn % GREATEST(1, n / ?) = 0 ORDER BY id LIMIT ?`,
    [count, count],
  );
  const { rows: shallow } = await db.raw(
    `SELECT e.id FROM entities e
     WHERE e.entity_type = 'organization'
       AND (SELECT count(*) FROM relationships r WHERE r.source_entity_id = e.id OR r.target_entity_id = e.id) = 1
       AND (SELECT count(*) FROM relationships r JOIN relationships o ON o.source_entity_id = r.source_entity_id OR o.target_entity_id = r.source_entity_id
            WHERE r.target_entity_id = e.id) = 1
     ORDER BY e.id LIMIT ?`,
    [count],
  );
  return { deep: deep.map((r: { id: string }) => Number(r.id)), shallow: shallow.map((r: { id: string }) => Number(r.id)) };
}

/** The subjects `analyses` visits for `total` calls (its stride), each once. */
function visitedSubjects(subjects: number[], total: number): number[] {
  return [...new Set(Array.from({ length: total }, (_, i) => subjects[(i * 7919) % subjects.length]))];
}

/**
 * The networks of `subjects` as the analysis walks them (support/network-shape.ts: every
 * relationship both ways, GRAPH_MAX_DEPTH hops, at most GRAPH_MAX_NODES), and the adverse-media
 * articles each entity in them finds (the screening's full-text prefilter, capped past the
 * candidate limit): what the analyses of this size had to read, to set beside the other sizes'.
 */
async function measureNetworks(db: Knex, subjects: number[], mediaCache: Map<string, number>): Promise<NetworkShape> {
  const networks: { nodes: number; depth: number }[] = [];
  const media: number[] = [];
  for (const subject of subjects) {
    const seen = new Set([subject]);
    let frontier = [subject];
    let depth = 0;
    while (frontier.length > 0 && depth < WALK.maxDepth && seen.size < WALK.maxNodes) {
      const { rows } = await db.raw(
        'SELECT source_entity_id AS s, target_entity_id AS t FROM relationships WHERE source_entity_id = ANY(?::bigint[]) OR target_entity_id = ANY(?::bigint[])',
        [frontier, frontier],
      );
      const next: number[] = [];
      for (const r of rows as { s: string; t: string }[])
        for (const id of [Number(r.s), Number(r.t)])
          if (!seen.has(id) && seen.size < WALK.maxNodes) {
            seen.add(id);
            next.push(id);
          }
      if (next.length === 0) break;
      depth++;
      frontier = next;
    }
    networks.push({ nodes: seen.size, depth });
    const { rows: entities } = await db.raw('SELECT entity_type, display_name FROM entities WHERE id = ANY(?::bigint[])', [[...seen]]);
    for (const e of entities as { entity_type: string; display_name: string }[]) {
      const query = searchQueryOf(buildNameProfile(e.display_name, e.entity_type === 'person' ? 'person' : 'organization'));
      if (!query) {
        media.push(0);
        continue;
      }
      if (!mediaCache.has(query)) {
        const { rows: counted } = await db.raw(
          `SELECT count(*)::int AS n FROM (SELECT 1 FROM media_articles WHERE search_vector @@ plainto_tsquery('portuguese', ?) LIMIT 1001) x`,
          [query],
        );
        mediaCache.set(query, counted[0].n);
      }
      media.push(mediaCache.get(query)!);
    }
  }
  return networkShape(networks, media);
}

type Api = { url: string; key: string };

async function post(api: Api, pathName: string, body: unknown): Promise<Response> {
  return fetch(`${api.url}${pathName}`, {
    method: 'POST',
    headers: { 'X-API-Key': api.key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Sync analyses of `subjects` (visited in a stride, each about once): the analysis uuids of the successful ones go to `uuids`. */
async function analyses(
  api: Api,
  subjects: number[],
  total: number,
  concurrency: number,
  uuids?: string[],
): Promise<Latencies & { answers: Record<string, number> }> {
  // What the calls that failed answered (status, or the client's error): an error count alone does not say why.
  const answers: Record<string, number> = {};
  const result = await closedLoop(
    total,
    concurrency,
    async (i) => {
      const response = await post(api, '/analyses', { entity_id: subjects[(i * 7919) % subjects.length] }).catch((error: Error) => error);
      const answer = response instanceof Error ? response.name : String(response.status);
      answers[answer] = (answers[answer] ?? 0) + 1;
      if (response instanceof Error) return false;
      const body = (await response.json().catch(() => ({}))) as { uuid?: string };
      if (response.status === 201 && uuids) uuids.push(body.uuid ?? '');
      return response.status === 201;
    },
    `analyses c=${concurrency}`,
  );
  return { ...result, answers };
}

/** `GET /entities?q=` with two words of the names of `total` entities spread over the store. */
async function entitySearches(db: Knex, api: Api, total: number): Promise<Latencies & { hits_per_query: number }> {
  const { rows } = await db.raw(
    `SELECT normalized_name FROM entities WHERE id % ? = 0 AND normalized_name IS NOT NULL ORDER BY id LIMIT ?`,
    [Math.max(1, Math.floor(Number((await db.raw('SELECT max(id) AS m FROM entities')).rows[0].m) / total)), total],
  );
  const queries = rows.map((r: { normalized_name: string }) => r.normalized_name.split(' ').slice(0, 2).join(' '));
  let hits = 0;
  const result = await closedLoop(
    queries.length,
    1,
    async (i) => {
      const response = await fetch(`${api.url}/entities?q=${encodeURIComponent(queries[i])}&limit=20`, {
        headers: { 'X-API-Key': api.key },
      });
      const body = (await response.json()) as { items?: unknown[] };
      hits += body.items?.length ?? 0;
      return response.status === 200;
    },
    'entity search',
  );
  return { ...result, hits_per_query: round1(hits / Math.max(1, queries.length)) };
}

/** Expands up to `perAnalysis` entity nodes of each analysis (the farthest first), one at a time. */
async function expansions(api: Api, uuids: string[], perAnalysis: number): Promise<Latencies & { graph_nodes_p50: number }> {
  const samples: number[] = [];
  const nodeCounts: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (const uuid of uuids) {
    const graph = (await (await fetch(`${api.url}/analyses/${uuid}/graph`, { headers: { 'X-API-Key': api.key } })).json()) as {
      graph?: { nodes: { key: string }[] };
    };
    const nodes = graph.graph?.nodes ?? [];
    nodeCounts.push(nodes.length);
    for (const node of nodes
      .filter((n) => n.key.startsWith('entity:'))
      .reverse()
      .slice(0, perAnalysis)) {
      const t0 = performance.now();
      const response = await post(api, `/analyses/${uuid}/graph/nodes/${encodeURIComponent(node.key)}/expand`, {
        domains: ['ownership', 'administration', 'family'],
      });
      await response.arrayBuffer();
      if (response.status === 200) samples.push(performance.now() - t0);
      else errors++;
    }
  }
  const sorted = [...nodeCounts].sort((a, b) => a - b);
  return {
    ...summarize(samples, (performance.now() - started) / 1000, errors),
    graph_nodes_p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
  };
}

const fileBytes = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/** One size on a stack of its own; the stack and its data are removed afterwards unless `keep`. */
async function measureSize(entities: number, options: { requests: number; keep: boolean }): Promise<Record<string, unknown>> {
  const dataDir = path.join(projectRoot, '.data', `bench-scale-${process.pid}-${entities}`);
  const temporalDir = path.join('/dev/shm', `${path.basename(dataDir)}-temporal`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const loadBefore = load();
  const [pgPort, temporalPort, apiPort] = [await getFreePort(), await getFreePort(), await getFreePort()];
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  children.push(await startBenchTemporal(temporalPort, { store: 'tmpfs', tuning: true, dataDir }));
  process.env.TEMPORAL_ADDRESS = `127.0.0.1:${temporalPort}`;
  const infra = await startInfrastructure({ dataDir, pgPort, temporalPort, durable: false, echo: false });
  // The importers run as the schema owner, as `ops import` does (docs/operations.md, "Database roles"):
  // a bulk load drops and rebuilds indexes, which the service role may not. The api keeps the service role.
  const db = createDb(infra.privilegedDatabaseUrls.ownerUrl, { poolMax: 8, applicationName: 'bench-scale' });
  const out = path.join(dataDir, 'dataset');
  try {
    const size = sizeFromEntities(entities);
    log(`${entities}: generating ${size.establishments} establishments, ${size.partners} partner rows (load ${load().join(' ')})`);
    const generated = await withPeakRss(() => generateDatasetWithProgress({ out, seed: 'scale', ...size }));
    const datasetBytes = Number((await import('node:child_process')).execFileSync('du', ['-sb', out], { encoding: 'utf8' }).split('\t')[0]);
    log(`${entities}: generated in ${generated.ms} ms (${(datasetBytes / 1e6).toFixed(0)} MB); importing`);
    const importLoadBefore = load();
    const cpuBefore = treeCpuMs(dataDir);
    const cnpjPhases: Record<string, number> = {};
    const imported = await withPeakRss(() => importAll(db, out, cnpjPhases));
    const cpuAfter = treeCpuMs(dataDir);
    const importLoadAfter = load();
    const rows = imported.result.reduce((s, r) => s + r.rows_read, 0);
    const importMs = imported.result.reduce((s, r) => s + r.duration_ms, 0);
    rmSync(out, { recursive: true, force: true }); // the files are not needed any more: disk for the database
    // ANALYZE only: a VACUUM of the 10M store takes minutes and autovacuum would do it later anyway.
    await db.raw('ANALYZE');
    const databaseBytes = Number((await db.raw('SELECT pg_database_size(current_database()) AS b')).rows[0].b);
    const store = await tableSizes(db, storeTables);
    log(`${entities}: imported ${rows} rows in ${importMs} ms; database ${(databaseBytes / 1e9).toFixed(2)} GB; picking subjects`);

    const subjects = await pickSubjects(db, 200);
    await upsertPlan(db, {
      code: 'bench-scale',
      features: ['analyses', 'analyses_async'],
      quotas: { analyses: 10_000_000 },
      limits: { requests_per_second: 1_000_000 },
    });
    const company = await createCompany(db, { name: 'Scale bench', planCode: 'bench-scale' });
    const { apiKey } = await issueApiKey({ db }, SYSTEM_ACTOR, {
      companyUuid: company.uuid,
      scopes: ['analyses:read', 'analyses:write', 'entities:read'],
    });

    // The services as `analyses` runs them as shipped: api with its embedded worker (eager start) and a worker process.
    const bundlePath = path.join(dataDir, 'workflow-bundle.js');
    await bundleWorkflowsToFile(bundlePath);
    const env = { ...infra.env, NODE_ENV: 'production', PORT: String(apiPort), WORKFLOW_BUNDLE_PATH: bundlePath, LOG_LEVEL: 'warn' };
    children.push(startServiceProcess('worker', env, { echo: false, logFile: path.join(dataDir, 'worker.log') }));
    const apiProcess = startServiceProcess('api', env, { echo: false, logFile: path.join(dataDir, 'api.log') });
    children.push(apiProcess);
    const api: Api = { url: `http://127.0.0.1:${apiPort}`, key: apiKey };
    await waitForReady(api.url, 120_000, apiProcess.exited);
    await waitForEmbeddedWorker(infra.env.TEMPORAL_ADDRESS, apiProcess.child.pid!);
    const temporalBytesBefore = fileBytes(path.join(temporalDir, 'temporal.db')) + fileBytes(path.join(temporalDir, 'temporal.db-wal'));

    const queryLoadBefore = load();
    log(`${entities}: analyses on ${subjects.deep.length} deep and ${subjects.shallow.length} shallow subjects`);
    await analyses(api, [...subjects.deep, ...subjects.shallow], 60, 4); // warm-up: JIT, pools, caches
    const deepUuids: string[] = [];
    const deepC1 = await analyses(api, subjects.deep, Math.min(100, options.requests), 1, deepUuids);
    const shallowC1 = await analyses(api, subjects.shallow, Math.min(100, options.requests), 1);
    const deepC16 = await withCpu(dataDir, () => analyses(api, subjects.deep, options.requests, 16));
    const shallowC16 = await withCpu(dataDir, () => analyses(api, subjects.shallow, options.requests, 16));
    log(`${entities}: entity search and graph expansion`);
    const search = await entitySearches(db, api, 200);
    const expansion = await expansions(api, deepUuids.filter(Boolean).slice(0, 20), 3);
    const queryLoadAfter = load();
    // After every timed phase: the walk and the counts would warm the caches the analyses read.
    log(`${entities}: measuring the networks of the analysed subjects`);
    const c1Calls = Math.min(100, options.requests);
    const mediaCache = new Map<string, number>();
    const networkShapes = {
      deep: await measureNetworks(db, visitedSubjects(subjects.deep, c1Calls), mediaCache),
      shallow: await measureNetworks(db, visitedSubjects(subjects.shallow, c1Calls), mediaCache),
    };
    for (const kind of ['deep', 'shallow'] as const) {
      const shape = networkShapes[kind];
      log(
        `${entities}: ${kind} networks (${shape.nodes.n}): nodes p50 ${shape.nodes.p50} / p95 ${shape.nodes.p95} (mean ${shape.nodes.mean}), depth p50 ${shape.depth.p50} / p95 ${shape.depth.p95}, media per entity mean ${shape.media_per_entity.mean} / p95 ${shape.media_per_entity.p95}`,
      );
    }
    const workflows = 60 + deepC1.count + shallowC1.count + deepC16.count + shallowC16.count + expansion.count;
    const temporalBytes =
      fileBytes(path.join(temporalDir, 'temporal.db')) + fileBytes(path.join(temporalDir, 'temporal.db-wal')) - temporalBytesBefore;
    const analysisStore = await tableSizes(db, analysisTables);
    const analysesRows = analysisStore.analyses?.rows ?? 0;
    const analysisBytes = Object.values(analysisStore).reduce((s, t) => s + t.bytes, 0);
    return {
      size: entities,
      generator: {
        ...size,
        counts: generated.result.counts,
        duration_ms: generated.ms,
        peak_rss_mb: generated.peakRssMb,
        dataset_bytes: datasetBytes,
      },
      store: {
        entities: store.entities?.rows ?? 0,
        relationships: store.relationships?.rows ?? 0,
        database_bytes: databaseBytes,
        tables: store,
      },
      import: {
        rows,
        duration_ms: importMs,
        rows_per_second: Math.round((rows * 1000) / importMs),
        peak_rss_mb: imported.peakRssMb,
        cpu_seconds: {
          importer: round1((cpuAfter.bench_client - cpuBefore.bench_client) / 1000),
          postgres: round1((cpuAfter.postgres - cpuBefore.postgres) / 1000),
        },
        cnpj_phases_ms: cnpjPhases,
        per_file: imported.result.map((r) => ({
          kind: r.kind,
          rows_read: r.rows_read,
          duration_ms: r.duration_ms,
          rows_per_second: r.rows_per_second,
          rejected: r.rejected,
        })),
        load_average_before: importLoadBefore,
        load_average_after: importLoadAfter,
      },
      subjects: { deep: subjects.deep.length, shallow: subjects.shallow.length },
      network_shape: networkShapes,
      analyses: { deep: { c1: deepC1, c16: deepC16 }, shallow: { c1: shallowC1, c16: shallowC16 } },
      entity_search: search,
      graph_expansion: expansion,
      per_analysis: {
        analyses: analysesRows,
        postgres_bytes: analysisBytes,
        postgres_bytes_per_analysis: bytesPerRow(analysisBytes, analysesRows),
        tables: analysisStore,
      },
      per_workflow: { workflows, temporal_sqlite_bytes: temporalBytes, temporal_bytes_per_workflow: bytesPerRow(temporalBytes, workflows) },
      load_average: { start: loadBefore, queries_before: queryLoadBefore, queries_after: queryLoadAfter, end: load() },
    };
  } finally {
    await db.destroy();
    for (const child of children.reverse()) await child.stop(20_000).catch(() => undefined);
    await infra.stop();
    delete process.env.TEMPORAL_ADDRESS;
    if (!options.keep) removeStackData(dataDir);
    rmSync(temporalDir, { recursive: true, force: true });
  }
}

export default async function scale(args: string[]): Promise<Record<string, unknown>> {
  const sizesArg = args.includes('--sizes') ? args[args.indexOf('--sizes') + 1] : '100000,1000000';
  const sizes = sizesArg.split(',').map(Number);
  if (sizes.some((s) => !Number.isInteger(s) || s < 1_000))
    throw new Error(`--sizes: comma-separated entity counts of at least 1000, got ${sizesArg}`);
  const requests = flag(args, 'requests', 200);
  // `--rows-from <partial.jsonl>`: the rows a stopped run had finished (one per line), summarized as a run.
  if (args.includes('--rows-from')) {
    const given = readFileSync(args[args.indexOf('--rows-from') + 1], 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, any>);
    return summarizeRun(sizes, given, [], given[0]?.load_average?.start ?? load());
  }
  Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } } });
  const started = load();
  const rows: Record<string, any>[] = [];
  // Each finished size is also appended to a partial file at once: a long run stopped at a later
  // size keeps the rows measured before it.
  const partial = path.join(projectRoot, 'bench-results', `scale-partial-${process.pid}.jsonl`);
  mkdirSync(path.dirname(partial), { recursive: true });
  const failed: { size: number; error: string }[] = [];
  for (const size of sizes) {
    try {
      rows.push(await measureSize(size, { requests, keep: args.includes('--keep') }));
    } catch (error) {
      log(`${size}: failed: ${(error as Error).stack ?? error}`);
      failed.push({ size, error: String((error as Error).message ?? error) });
      continue;
    }
    appendFileSync(partial, `${JSON.stringify(rows.at(-1))}\n`);
    log(
      `${size}: ${JSON.stringify({ import: rows.at(-1)!.import.rows_per_second, deep_c1_p50: rows.at(-1)!.analyses.deep.c1.p50_ms, shallow_c1_p50: rows.at(-1)!.analyses.shallow.c1.p50_ms })}`,
    );
  }
  rmSync(partial, { force: true });
  return summarizeRun(sizes, rows, failed, started);
}

/** The bench's JSON object from the measured rows (also for `--rows-from`, the rows of a stopped run). */
function summarizeRun(
  sizes: number[],
  rows: Record<string, any>[],
  failed: { size: number; error: string }[],
  started: number[],
): Record<string, unknown> {
  const figures = rows.map((r) => ({
    size: r.size,
    import_rows_per_second: r.import.rows_per_second,
    import_peak_rss_mb: r.import.peak_rss_mb,
    analysis_c1_p50_ms: { deep: r.analyses.deep.c1.p50_ms, shallow: r.analyses.shallow.c1.p50_ms },
    entity_search_p95_ms: r.entity_search.p95_ms,
  }));
  // What a size that was not run would take, on the line through the two largest measured sizes.
  const notRun = [10_000_000].filter((s) => !rows.some((r) => r.size === s) && rows.length >= 2);
  const extrapolated = Object.fromEntries(
    notRun.map((s) => [
      s,
      {
        generate_seconds: round1(
          extrapolateLinear(
            rows.map((r) => ({ size: r.size, value: r.generator.duration_ms / 1000 })),
            s,
          ) ?? 0,
        ),
        import_seconds: round1(
          extrapolateLinear(
            rows.map((r) => ({ size: r.size, value: r.import.duration_ms / 1000 })),
            s,
          ) ?? 0,
        ),
        dataset_gb: round1(
          extrapolateLinear(
            rows.map((r) => ({ size: r.size, value: r.generator.dataset_bytes / 1e9 })),
            s,
          ) ?? 0,
        ),
        database_gb: round1(
          extrapolateLinear(
            rows.map((r) => ({ size: r.size, value: r.store.database_bytes / 1e9 })),
            s,
          ) ?? 0,
        ),
      },
    ]),
  );
  return {
    benchmark: 'scale',
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      memory_gb: round1(os.totalmem() / 1e9),
      load_average_at_start: started,
      load_average_at_end: load(),
    },
    sizes,
    stopped_before: sizes.filter((s) => !rows.some((r) => r.size === s) && !failed.some((f) => f.size === s)),
    rows,
    failed,
    summary: rows.map((r) => ({
      size: r.size,
      entities: r.store.entities,
      relationships: r.store.relationships,
      database_gb: Number((r.store.database_bytes / 1e9).toFixed(2)),
      import_rows_per_second: r.import.rows_per_second,
      import_peak_rss_mb: r.import.peak_rss_mb,
      deep_c1_p50_ms: r.analyses.deep.c1.p50_ms,
      shallow_c1_p50_ms: r.analyses.shallow.c1.p50_ms,
      deep_c16_per_second: r.analyses.deep.c16.per_second,
      shallow_c16_per_second: r.analyses.shallow.c16.per_second,
      entity_search_p95_ms: r.entity_search.p95_ms,
      graph_expansion_p95_ms: r.graph_expansion.p95_ms,
      // What was compared: the measured shape of the analysed subjects' networks (absent in rows of older runs).
      network_shape: r.network_shape
        ? Object.fromEntries(
            (['deep', 'shallow'] as const).map((kind) => [
              kind,
              {
                nodes_p50: r.network_shape[kind].nodes.p50,
                nodes_p95: r.network_shape[kind].nodes.p95,
                depth_p50: r.network_shape[kind].depth.p50,
                depth_p95: r.network_shape[kind].depth.p95,
                media_per_entity_mean: r.network_shape[kind].media_per_entity.mean,
                media_per_entity_p95: r.network_shape[kind].media_per_entity.p95,
              },
            ]),
          )
        : null,
      load: r.load_average,
    })),
    extrapolated,
    // Each size against the smallest (c=1 p50, deep and shallow) and search p95 per size: the figures
    // the regression guard compares with the committed baseline (scripts/bench.ts).
    guard: scaleRatios(figures),
    targets: scaleTargets(figures),
  };
}
