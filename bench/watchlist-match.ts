import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '../db/create-db';
import { findWatchlistCandidates, findWatchlistCandidatesOfMany } from '../db/repositories/watchlists/watchlist-candidate-repository';
import { createCompany, upsertPlan } from '../db/repositories/tenancy/tenancy-repository';
import { SYSTEM_ACTOR } from '../domain/actor';
import { scopes } from '../domain/tenancy';
import { candidateQueryOf } from '../domain/watchlists/candidate-query';
import { matcherAlgorithm } from '../domain/watchlists/matcher-version';
import { rankCandidates } from '../domain/watchlists/rank-candidates';
import { defaultMatchThreshold } from '../domain/watchlists/score-match';
import { type MatchQuery, type WatchlistEntry, watchlistCodes } from '../domain/watchlists/watchlist-entry';
import { buildSyntheticWatchlist } from '../generator/watchlist-evaluation-set';
import { Prng } from '../generator/prng';
import { importWatchlist } from '../importers/watchlists/import-watchlist';
import { getFreePort } from '../scripts/stack/ports';
import { removeStackData } from '../scripts/stack/postgres-location';
import { projectRoot, startInfrastructure, startServiceProcess, waitForReady } from '../scripts/stack/stack';
import { issueApiKey } from '../usecases/tenancy/issue-api-key';
import { withCpu } from './support/cpu';
import { closedLoop, flag } from './support/load';
import { writeUnConsolidatedList } from './support/un-list-writer';

type Labelled = { query: MatchQuery; expected: string | null; kind: string };

/**
 * `npm run bench -- watchlist-match [--list 100000] [--requests 400] [--concurrency 1,4,8] [--recall 600] [--keep]`
 *
 * The match API on the real stack (docs/watchlists.md, "Throughput"): a synthetic list of
 * `--list` entries (generator/watchlist-evaluation-set.ts) written as a UN Consolidated List XML,
 * imported through the real importer (timed), then POST /watchlists/match over HTTP, closed loop
 * at each `--concurrency`, with 1, 10 and 100 queries per request: queries/s, p50/p95 per
 * request and CPU per query by component (bench client, api, Postgres). Queries are half hits
 * (a listed entry's alias, its primary name with a word dropped, or its words reversed) and half
 * misses (names of a list from another seed, not imported). Recall on hit queries: how often the
 * true entry is among the candidates the repository fetches, and how often the API reports it as
 * a match. A same-run ratio for the shared machine: the in-process path (repository + ranking,
 * no HTTP) on the same queries.
 */
export default async function bench(args: string[]): Promise<Record<string, unknown>> {
  const listSize = flag(args, 'list', 100_000);
  const requests = flag(args, 'requests', 400);
  const recallQueries = flag(args, 'recall', 600);
  const ci = args.indexOf('--concurrency');
  const concurrencies = (ci >= 0 ? args[ci + 1] : '1,4,8').split(',').map(Number);
  const keep = args.includes('--keep');
  const log = (m: string) => process.stderr.write(`[bench watchlist-match] ${m}\n`);
  const loadBefore = loadavg().map((x) => Number(x.toFixed(2)));
  const dataDir = path.join(projectRoot, '.data', `bench-watchlist-match-${process.pid}`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const infra = await startInfrastructure({
    dataDir,
    pgPort: await getFreePort(),
    temporalPort: await getFreePort(),
    durable: false,
    echo: false,
  });
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 4 });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  try {
    log(`writing a UN Consolidated List XML of ${listSize} synthetic entries`);
    const entries = buildSyntheticWatchlist(listSize);
    const file = path.join(dataDir, 'un-consolidated-bench.xml');
    await writeUnConsolidatedList(file, entries, '2026-11-20T10:00:00.000Z');
    log('importing it through the un importer');
    const importStarted = performance.now();
    const imported = await importWatchlist(db, 'un', { file });
    const importSeconds = (performance.now() - importStarted) / 1000;
    log(`imported ${imported.entries} entries in ${importSeconds.toFixed(1)} s`);
    // What autovacuum does after a bulk load anyway (statistics, GIN pending lists merged): not
    // measured inside the first phase's Postgres CPU.
    await db.raw('VACUUM ANALYZE watchlist_names');
    await db.raw('VACUUM ANALYZE watchlist_entries');

    const queries = buildQueries(entries, Math.max(recallQueries, 2_000));
    await upsertPlan(db, {
      code: 'bench-watchlists',
      features: ['watchlists'],
      quotas: { watchlist_queries: 1_000_000_000 },
      limits: { requests_per_second: 1_000_000 },
    });
    const company = await createCompany(db, { name: 'Watchlist bench', planCode: 'bench-watchlists' });
    const { apiKey } = await issueApiKey({ db }, SYSTEM_ACTOR, { companyUuid: company.uuid, scopes: [...scopes], name: 'bench' });
    const port = await getFreePort();
    const env = { ...infra.env, NODE_ENV: 'production', PORT: String(port), LOG_LEVEL: 'warn' };
    children.push(startServiceProcess('api', env, { echo: false, logFile: path.join(dataDir, 'api.log') }));
    const apiUrl = `http://127.0.0.1:${port}`;
    await waitForReady(apiUrl, 120_000);
    const match = async (batch: Labelled[]) => {
      const response = await fetch(`${apiUrl}/watchlists/match`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ queries: Object.fromEntries(batch.map((q, i) => [`q${i}`, q.query])) }),
      });
      if (response.status !== 200) throw new Error(`POST /watchlists/match: ${response.status} ${(await response.text()).slice(0, 300)}`);
      return (await response.json()) as { results: Record<string, { matches: { entry_id: string; match: boolean }[] }> };
    };

    // Recall over hit queries: candidates as the use case fetches them, and the API's answer.
    log(`recall on ${recallQueries} hit queries`);
    const hits = queries.filter((q) => q.expected !== null).slice(0, recallQueries);
    const recall = {
      queries: hits.length,
      in_candidates: 0,
      reported_match: 0,
      reported_any: 0,
      mean_candidates: 0,
      by_kind: {} as Record<string, { queries: number; in_candidates: number; reported_match: number }>,
    };
    let fetchMs = 0;
    let rankMs = 0;
    for (const h of hits) {
      const t0 = performance.now();
      const candidates = await fetchCandidates(db, h.query);
      const t1 = performance.now();
      rankCandidates(h.query, candidates, { threshold: defaultMatchThreshold, limit: 5 });
      fetchMs += t1 - t0;
      rankMs += performance.now() - t1;
      recall.mean_candidates += candidates.length / hits.length;
      const found = candidates.some((c) => c.entry_id === h.expected);
      const k = (recall.by_kind[h.kind] ??= { queries: 0, in_candidates: 0, reported_match: 0 });
      k.queries++;
      if (found) {
        recall.in_candidates++;
        k.in_candidates++;
      }
    }
    // What fewer candidates per road would keep (the batch statement takes the limit as a parameter).
    const fewer: Record<string, { mean_candidates: number; true_entry_in_candidates: number }> = {};
    for (const perRoad of [25, 100, 200]) {
      const fetched = await findWatchlistCandidatesOfMany(db, {
        lists: [...watchlistCodes],
        queries: hits.map((h) => keyQuery(h.query)),
        limits: { perRoad },
      });
      let found = 0;
      let total = 0;
      hits.forEach((h, i) => {
        const c = fetched.get(i) ?? [];
        total += c.length;
        if (c.some((e) => e.entry_id === h.expected)) found++;
      });
      fewer[`per_road_${perRoad}`] = {
        mean_candidates: Number((total / hits.length).toFixed(1)),
        true_entry_in_candidates: Number((found / hits.length).toFixed(4)),
      };
    }
    for (let i = 0; i < hits.length; i += 100) {
      const batch = hits.slice(i, i + 100);
      const answer = await match(batch);
      batch.forEach((h, j) => {
        const matches = answer.results[`q${j}`].matches;
        if (matches.some((m) => m.entry_id === h.expected && m.match)) {
          recall.reported_match++;
          recall.by_kind[h.kind].reported_match++;
        }
        if (matches.some((m) => m.entry_id === h.expected)) recall.reported_any++;
      });
    }
    log(JSON.stringify(recall));

    log('warming the api up');
    await closedLoop(100, 2, async (i) => (await match([queries[i % queries.length]]), true), 'warm-up');
    const throughput: Record<string, unknown> = {};
    let cursor = 0;
    const nextBatch = (size: number) => Array.from({ length: size }, () => queries[cursor++ % queries.length]);
    for (const batch of [1, 10, 100]) {
      for (const concurrency of concurrencies) {
        if (batch === 100 && concurrency > 1) continue;
        const count = batch === 1 ? requests : batch === 10 ? Math.max(4, Math.round(requests / 10)) : 2;
        const figures = await withCpu(dataDir, () =>
          closedLoop(count, concurrency, async () => (await match(nextBatch(batch)), true), `batch ${batch} c=${concurrency}`),
        );
        const row = {
          requests: figures.count,
          errors: figures.errors,
          queries_per_second: Number(((figures.count * batch) / figures.seconds).toFixed(1)),
          seconds: figures.seconds,
          p50_ms: figures.p50_ms,
          p95_ms: figures.p95_ms,
          max_ms: figures.max_ms,
          cpu_ms_per_query: Object.fromEntries(
            Object.entries(figures.cpu_ms_per_item).map(([k, v]) => [k, Number((v / batch).toFixed(2))]),
          ),
        };
        throughput[`batch_${batch}_c${concurrency}`] = row;
        log(`batch ${batch} c=${concurrency}: ${JSON.stringify(row)}`);
      }
    }
    const r = (x: number) => Number(x.toFixed(4));
    return {
      bench: 'watchlist-match',
      algorithm: matcherAlgorithm,
      list: {
        entries: imported.entries,
        names: Number((await db('watchlist_names').count('* as n'))[0].n),
        format: 'UN Consolidated List XML',
        import_seconds: Number(importSeconds.toFixed(1)),
      },
      queries: { hit_share: 0.5, kinds: ['alias', 'dropped_word', 'reordered', 'miss'] },
      recall: {
        queries: recall.queries,
        mean_candidates: Number(recall.mean_candidates.toFixed(1)),
        true_entry_in_candidates: r(recall.in_candidates / recall.queries),
        reported_as_match: r(recall.reported_match / recall.queries),
        reported_at_all: r(recall.reported_any / recall.queries),
        by_kind: Object.fromEntries(
          Object.entries(recall.by_kind).map(([k, v]) => [
            k,
            { queries: v.queries, in_candidates: r(v.in_candidates / v.queries), reported_match: r(v.reported_match / v.queries) },
          ]),
        ),
      },
      candidate_limit_alternatives: fewer,
      in_process_ms_per_hit_query: {
        fetch: Number((fetchMs / hits.length).toFixed(2)),
        rank: Number((rankMs / hits.length).toFixed(2)),
        note: 'the bench process itself, one query at a time: the same-run yardstick of the machine load',
      },
      throughput,
      machine: { cores: 2, load_average_before: loadBefore, load_average_at_end: loadavg().map((x) => Number(x.toFixed(2))) },
      targets: { queries_per_second_single: 200, p95_ms_single: 50 },
    };
  } finally {
    for (const child of children) await child.stop().catch(() => undefined);
    await db.destroy();
    await infra.stop();
    if (!keep) removeStackData(dataDir);
  }
}

/** The candidates as usecases/watchlists/match-watchlist-names.ts fetches them for one query. */
function fetchCandidates(db: ReturnType<typeof createDb>, query: MatchQuery) {
  return findWatchlistCandidates(db, { lists: [...watchlistCodes], ...keyQuery(query) });
}

function keyQuery(query: MatchQuery) {
  return candidateQueryOf(query.schema, [query.name, ...(query.aliases ?? [])]);
}

/** Alternating hits (variants of listed names) and misses (names of a list not imported), seeded. */
function buildQueries(entries: readonly WatchlistEntry[], count: number): Labelled[] {
  const rng = new Prng('watchlist-match-bench-queries');
  const others = buildSyntheticWatchlist(Math.ceil(count / 2), 'watchlist-match-bench-misses');
  const out: Labelled[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 1) {
      const other = others[(i - 1) / 2];
      out.push({ query: { schema: other.schema, name: other.names[0].name }, expected: null, kind: 'miss' });
      continue;
    }
    const entry = entries[rng.int(entries.length)];
    const words = entry.names[0].name.split(/\s+/);
    const strong = entry.names.filter((n) => n.quality === 'strong');
    const pick = rng.int(3);
    let name: string;
    let kind: string;
    if (pick === 0 && strong.length > 0) {
      name = strong[rng.int(strong.length)].name;
      kind = 'alias';
    } else if (pick <= 1 && words.length >= 3) {
      const drop = 1 + rng.int(words.length - 1);
      name = words.filter((_, k) => k !== drop).join(' ');
      kind = 'dropped_word';
    } else {
      name = [...words].reverse().join(' ');
      kind = 'reordered';
    }
    out.push({ query: { schema: entry.schema, name }, expected: entry.entry_id, kind });
  }
  return out;
}
