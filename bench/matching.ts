import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { candidateKeysOf } from '../domain/watchlists/candidate-keys';
import { matcherAlgorithm } from '../domain/watchlists/matcher-version';
import { rankCandidates } from '../domain/watchlists/rank-candidates';
import { defaultMatchThreshold, scoreMatch } from '../domain/watchlists/score-match';
import type { MatchQuery, WatchlistEntry } from '../domain/watchlists/watchlist-entry';
import { buildSyntheticWatchlist, buildWatchlistEvaluationSet, type EvaluationPair, evaluationSetPath } from '../generator/watchlist-evaluation-set';
import { flag, summarize } from './support/load';

/**
 * `npm run bench -- matching [--list 100000] [--candidates 200] [--single 500] [--held-out-seed <s>]`
 *
 * Quality: precision, recall and F1 at the default threshold (0.70) on the committed evaluation
 * set (test/fixtures/watchlists/evaluation-set.jsonl), overall and per category, plus the same
 * figures on a set generated from another seed (held out: the matcher was improved against the
 * committed one), and the share of true pairs whose names share a candidate key (what index
 * retrieval would fetch).
 *
 * Speed: a synthetic list of `--list` entries held in memory with an inverted index of the
 * candidate keys (the in-memory stand-in for the Postgres index); each query fetches the entries
 * sharing a token key, keeps the `--candidates` sharing most, and ranks them with the scorer.
 * Batches of 1, 10 and 100 queries: queries/s and p95 per batch. The database retrieval and the
 * API are measured by `npm run bench -- watchlist-match` (bench/watchlist-match.ts).
 */
type Confusion = { tp: number; fp: number; fn: number; tn: number };
type Quality = Confusion & { precision: number; recall: number; f1: number };

function quality(c: Confusion): Quality {
  const precision = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const r = (x: number) => Number(x.toFixed(4));
  return { ...c, precision: r(precision), recall: r(recall), f1: r(f1) };
}

function evaluate(pairs: readonly EvaluationPair[]): { overall: Quality; categories: Record<string, Quality> } {
  const total: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const byCategory = new Map<string, Confusion>();
  for (const pair of pairs) {
    const { match } = scoreMatch(pair.query, pair.entry, defaultMatchThreshold);
    const cell = match ? (pair.expected_match ? 'tp' : 'fp') : pair.expected_match ? 'fn' : 'tn';
    total[cell]++;
    const c = byCategory.get(pair.category) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
    c[cell]++;
    byCategory.set(pair.category, c);
  }
  return { overall: quality(total), categories: Object.fromEntries([...byCategory].map(([k, c]) => [k, quality(c)])) };
}

function sharesCandidateKey(pair: EvaluationPair): boolean {
  const queryKeys = new Set([pair.query.name, ...(pair.query.aliases ?? [])].flatMap((n) => candidateKeysOf(n, pair.query.schema).tokenKeys));
  return pair.entry.names.some((n) => candidateKeysOf(n.name, pair.entry.schema).tokenKeys.some((k) => queryKeys.has(k)));
}

class KeyIndex {
  private readonly postings = new Map<string, number[]>();
  constructor(private readonly entries: readonly WatchlistEntry[]) {
    entries.forEach((entry, i) => {
      const keys = new Set(entry.names.flatMap((n) => candidateKeysOf(n.name, entry.schema).tokenKeys));
      for (const key of keys) {
        const list = this.postings.get(`${entry.schema}|${key}`);
        if (list) list.push(i);
        else this.postings.set(`${entry.schema}|${key}`, [i]);
      }
    });
  }

  candidates(query: MatchQuery, limit: number): WatchlistEntry[] {
    const shared = new Map<number, number>();
    const keys = new Set([query.name, ...(query.aliases ?? [])].flatMap((n) => candidateKeysOf(n, query.schema).tokenKeys));
    for (const key of keys) for (const i of this.postings.get(`${query.schema}|${key}`) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    return [...shared]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([i]) => this.entries[i]);
  }
}

export default async function bench(args: string[]): Promise<Record<string, unknown>> {
  const log = (m: string) => process.stderr.write(`[bench matching] ${m}\n`);
  const listSize = flag(args, 'list', 100_000);
  const candidateLimit = flag(args, 'candidates', 200);
  const singles = flag(args, 'single', 500);
  const seedIndex = args.indexOf('--held-out-seed');
  const heldOutSeed = seedIndex >= 0 ? args[seedIndex + 1] : 'watchlist-held-out-1';
  const loadBefore = loadavg().map((x) => Number(x.toFixed(2)));

  const file = path.join(__dirname, '..', evaluationSetPath);
  const pairs: EvaluationPair[] = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  log(`scoring ${pairs.length} labelled pairs at threshold ${defaultMatchThreshold}`);
  const committed = evaluate(pairs);
  const heldOut = evaluate(buildWatchlistEvaluationSet(heldOutSeed));
  const truePairs = pairs.filter((p) => p.expected_match);
  const retrievable = truePairs.filter(sharesCandidateKey).length;

  log(`building a synthetic list of ${listSize} entries and its key index`);
  const entries = buildSyntheticWatchlist(listSize);
  const indexStarted = performance.now();
  const index = new KeyIndex(entries);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  // The queries: the evaluation set's queries (every culture and both schemas), and queries built
  // from list names themselves (so that true candidates exist in the big list).
  const queries: MatchQuery[] = [...pairs.map((p) => p.query), ...entries.slice(0, 500).map((e) => ({ schema: e.schema, name: e.names[0].name }))];
  let candidatesFetched = 0;
  const screen = (query: MatchQuery) => {
    const candidates = index.candidates(query, candidateLimit);
    candidatesFetched += candidates.length;
    return rankCandidates(query, candidates, { threshold: defaultMatchThreshold, limit: 5 });
  };
  for (let i = 0; i < 200; i++) screen(queries[(i * 7919) % queries.length]); // warm-up
  candidatesFetched = 0;
  const throughput: Record<string, unknown> = {};
  let screened = 0;
  for (const batch of [1, 10, 100]) {
    const batches = Math.max(5, Math.round(singles / batch));
    const samples: number[] = [];
    const started = performance.now();
    for (let b = 0; b < batches; b++) {
      const t0 = performance.now();
      for (let q = 0; q < batch; q++) screen(queries[(screened++ * 7919) % queries.length]);
      samples.push(performance.now() - t0);
    }
    const seconds = (performance.now() - started) / 1000;
    const s = summarize(samples, seconds, 0);
    throughput[`batch_${batch}`] = { batches: s.count, queries_per_second: Number(((batches * batch) / seconds).toFixed(1)), p50_ms: s.p50_ms, p95_ms: s.p95_ms, max_ms: s.max_ms };
    log(`batch ${batch}: ${JSON.stringify(throughput[`batch_${batch}`])}`);
  }
  const summary = {
    bench: 'matching',
    algorithm: matcherAlgorithm,
    threshold: defaultMatchThreshold,
    evaluation_set: { file: evaluationSetPath, pairs: pairs.length, true_pairs: truePairs.length, ...committed.overall },
    per_category: committed.categories,
    held_out: { seed: heldOutSeed, ...heldOut.overall },
    candidate_key_recall: Number((retrievable / truePairs.length).toFixed(4)),
    throughput: {
      list_entries: listSize,
      candidate_limit: candidateLimit,
      mean_candidates_scored: Number((candidatesFetched / screened).toFixed(1)),
      key_index_seconds: Number(indexSeconds.toFixed(2)),
      ...throughput,
      measured: 'in-memory: token-key inverted index + scorer over candidates, one process, one thread',
      not_measured: 'Postgres candidate retrieval and the API: npm run bench -- watchlist-match',
    },
    machine: { cores: 2, load_average_before: loadBefore, load_average_after: loadavg().map((x) => Number(x.toFixed(2))) },
    targets: { f1: 0.95, precision: 0.95, queries_per_second_single: 200, p95_ms_single: 50 },
  };
  return summary;
}
