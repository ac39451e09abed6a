import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { candidateKeysOf } from '../domain/watchlists/candidate-keys';
import { matcherAlgorithm } from '../domain/watchlists/matcher-version';
import { rankCandidates } from '../domain/watchlists/rank-candidates';
import { defaultMatchThreshold, scoreMatch } from '../domain/watchlists/score-match';
import type { MatchQuery, WatchlistEntry } from '../domain/watchlists/watchlist-entry';
import {
  buildSyntheticWatchlist,
  buildWatchlistEvaluationSet,
  type EvaluationPair,
  evaluationSetPath,
} from '../generator/watchlist-evaluation-set';
import { anyAsciiRomanizer, drawFakerPeople } from './support/faker-people';
import { referencePairOf } from './support/follow-the-money';
import { buildHeldOutSet, type HeldOutLocale, heldOutLocales, type HeldOutPair, type NativePerson } from './support/held-out-set';
import { flag, summarize } from './support/load';
import { bestThreshold, type Quality, type QualityReport, ratePerSecond, tallyDecisions } from './support/matching-quality';
import { scoreWithNomenklatura } from './support/nomenklatura-reference';

/**
 * `npm run bench -- matching [--reference nomenklatura] [--quality-only] [--list 100000]
 *   [--candidates 200] [--single 500] [--other-seed <s>] [--held-out-seed <s>] [--held-out-per-kind 30] [--every 1]`
 *
 * Quality: precision, recall and F1 at the default threshold (0.70) on the committed evaluation
 * set (test/fixtures/watchlists/evaluation-set.jsonl), overall and per category; the same on a
 * set of the same generator from another seed (`--other-seed`: not held out — the same name
 * pools and romanization rules); and on the held-out set (bench/support/held-out-set.ts):
 * people drawn from faker's ar, fa, ru, uk, zh_CN, ko, tr and vi locales with a fixed seed,
 * romanized by any-ascii, that the matcher and its generator never saw. Also the share of true
 * pairs whose names share a candidate key (what index retrieval would fetch), and the labelled
 * pairs scored per second (each query against its one labelled entry).
 *
 * `--reference nomenklatura` scores the very same pairs with OpenSanctions' nomenklatura
 * (`logic-v2` and `name-based`, pinned, in a virtualenv under .tools/:
 * bench/support/nomenklatura-reference.ts) at the same threshold, and prints both sides'
 * precision, recall, F1 and pairs/s side by side, plus each side's best threshold on the
 * committed set.
 *
 * Speed (skipped with `--quality-only`): a synthetic list of `--list` entries held in memory with
 * an inverted index of the candidate keys (the in-memory stand-in for the Postgres index); each
 * query fetches the entries sharing a token key, keeps the `--candidates` sharing most, and ranks
 * them with the scorer. Batches of 1, 10 and 100 queries: queries/s and p95 per batch. The
 * database retrieval and the API are measured by `npm run bench -- watchlist-match`
 * (bench/watchlist-match.ts).
 */
type LabelledPair = { id: string; category: string; query: MatchQuery; entry: WatchlistEntry; expected_match: boolean };
type SideResult = QualityReport & { scores: number[]; matches: boolean[]; pairs_per_second: number | null };

// nomenklatura sets no match threshold of its own; OpenSanctions' screening API (yente) calls a
// result a match from 0.70, which is also ours (docs/watchlists.md, "Beside an independent matcher").
const referenceAlgorithms = ['logic-v2', 'name-based'] as const;
const referenceThreshold = 0.7;
const sweep = Array.from({ length: 19 }, (_, i) => Number((0.5 + i * 0.025).toFixed(3)));

function tallyFlags(
  pairs: readonly LabelledPair[],
  matches: readonly boolean[],
  by: (p: LabelledPair) => string = (p) => p.category,
): QualityReport {
  return tallyDecisions(pairs.map((p, i) => ({ category: by(p), expected: p.expected_match, predicted: matches[i] })));
}

function decide(
  pairs: readonly LabelledPair[],
  scores: readonly number[],
  threshold: number,
  by?: (p: LabelledPair) => string,
): QualityReport {
  return tallyFlags(
    pairs,
    scores.map((score) => score >= threshold),
    by,
  );
}

function scoreOurs(pairs: readonly LabelledPair[]): SideResult {
  for (const p of pairs.slice(0, 200)) scoreMatch(p.query, p.entry, defaultMatchThreshold); // warm-up, as the reference's
  const started = performance.now();
  const results = pairs.map((p) => scoreMatch(p.query, p.entry, defaultMatchThreshold));
  const seconds = (performance.now() - started) / 1000;
  const matches = results.map((r) => r.match);
  return {
    ...tallyFlags(pairs, matches),
    scores: results.map((r) => r.score),
    matches,
    pairs_per_second: ratePerSecond(pairs.length, seconds),
  };
}

function sharesCandidateKey(pair: EvaluationPair): boolean {
  const queryKeys = new Set(
    [pair.query.name, ...(pair.query.aliases ?? [])].flatMap((n) => candidateKeysOf(n, pair.query.schema).tokenKeys),
  );
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

function stringFlag(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}

function measureThroughput(
  pairs: readonly EvaluationPair[],
  listSize: number,
  candidateLimit: number,
  singles: number,
  log: (m: string) => void,
): Record<string, unknown> {
  log(`building a synthetic list of ${listSize} entries and its key index`);
  const entries = buildSyntheticWatchlist(listSize);
  const indexStarted = performance.now();
  const index = new KeyIndex(entries);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  // The queries: the evaluation set's queries (every culture and both schemas), and queries built
  // from list names themselves (so that true candidates exist in the big list).
  const queries: MatchQuery[] = [
    ...pairs.map((p) => p.query),
    ...entries.slice(0, 500).map((e) => ({ schema: e.schema, name: e.names[0].name })),
  ];
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
    throughput[`batch_${batch}`] = {
      batches: s.count,
      queries_per_second: Number(((batches * batch) / seconds).toFixed(1)),
      p50_ms: s.p50_ms,
      p95_ms: s.p95_ms,
      max_ms: s.max_ms,
    };
    log(`batch ${batch}: ${JSON.stringify(throughput[`batch_${batch}`])}`);
  }
  return {
    list_entries: listSize,
    candidate_limit: candidateLimit,
    mean_candidates_scored: Number((candidatesFetched / screened).toFixed(1)),
    key_index_seconds: Number(indexSeconds.toFixed(2)),
    ...throughput,
    measured: 'in-memory: token-key inverted index + scorer over candidates, one process, one thread',
    not_measured: 'Postgres candidate retrieval and the API: npm run bench -- watchlist-match',
  };
}

type SetName = 'committed' | 'other_seed' | 'held_out';

/** One line per side and set: the figures the bench is run for, readable without the JSON. */
function printComparison(rows: { set: SetName; side: string; q: Quality; perSecond: number | null }[], log: (m: string) => void): void {
  log('set         side                      precision  recall     F1   pairs/s');
  for (const r of rows)
    log(
      `${r.set.padEnd(11)} ${r.side.padEnd(25)} ${r.q.precision.toFixed(4)}  ${r.q.recall.toFixed(4)}  ${r.q.f1.toFixed(4)}  ${String(r.perSecond ?? '-').padStart(8)}`,
    );
}

export default async function bench(args: string[]): Promise<Record<string, unknown>> {
  const log = (m: string) => process.stderr.write(`[bench matching] ${m}\n`);
  const listSize = flag(args, 'list', 100_000);
  const candidateLimit = flag(args, 'candidates', 200);
  const singles = flag(args, 'single', 500);
  const perKind = flag(args, 'held-out-per-kind', 30);
  const otherSeed = stringFlag(args, 'other-seed', 'watchlist-held-out-1');
  const heldOutSeed = stringFlag(args, 'held-out-seed', 'faker-held-out-v1');
  const reference = stringFlag(args, 'reference', '');
  if (reference !== '' && reference !== 'nomenklatura') throw new Error(`--reference: only nomenklatura is known, not ${reference}`);
  const loadBefore = loadavg().map((x) => Number(x.toFixed(2)));

  const file = path.join(__dirname, '..', evaluationSetPath);
  // `--every n` keeps every n-th pair of both generated sets: a quick look while developing, never a figure to quote.
  const every = flag(args, 'every', 1);
  const thin = <T>(pairs: T[]) => pairs.filter((_, i) => i % every === 0);
  const committedPairs: EvaluationPair[] = thin(
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line)),
  );
  const otherSeedPairs = thin(buildWatchlistEvaluationSet(otherSeed));
  const people = Object.fromEntries(heldOutLocales.map((l) => [l, drawFakerPeople(l, 400, heldOutSeed)])) as Record<
    HeldOutLocale,
    NativePerson[]
  >;
  const heldOutPairs = buildHeldOutSet(people, anyAsciiRomanizer, heldOutSeed, perKind);
  const sets: Record<SetName, readonly LabelledPair[]> = { committed: committedPairs, other_seed: otherSeedPairs, held_out: heldOutPairs };
  log(
    `scoring ${committedPairs.length} committed, ${otherSeedPairs.length} other-seed and ${heldOutPairs.length} held-out labelled pairs at threshold ${defaultMatchThreshold}`,
  );
  const ours = { committed: scoreOurs(committedPairs), other_seed: scoreOurs(otherSeedPairs), held_out: scoreOurs(heldOutPairs) };
  const truePairs = committedPairs.filter((p) => p.expected_match);
  const retrievable = truePairs.filter(sharesCandidateKey).length;
  const byLocale = (p: LabelledPair) => (p as HeldOutPair).locale;
  const ourSide = `ours ${matcherAlgorithm.name} ${matcherAlgorithm.version}`;
  const rows: { set: SetName; side: string; q: Quality; perSecond: number | null }[] = [];
  for (const set of Object.keys(sets) as SetName[])
    rows.push({ set, side: ourSide, q: ours[set].overall, perSecond: ours[set].pairs_per_second });

  let comparison: Record<string, unknown> | null = null;
  if (reference === 'nomenklatura') {
    const all = [...committedPairs, ...otherSeedPairs, ...heldOutPairs];
    log(`scoring the same ${all.length} pairs with nomenklatura ${referenceAlgorithms.join(', ')}`);
    const scored = await scoreWithNomenklatura(
      all.map((p, i) => referencePairOf(String(i), p.query, p.entry)),
      referenceAlgorithms,
      log,
    );
    const offsets: Record<SetName, number> = {
      committed: 0,
      other_seed: committedPairs.length,
      held_out: committedPairs.length + otherSeedPairs.length,
    };
    const algorithms: Record<string, unknown> = {};
    for (const name of referenceAlgorithms) {
      const { scores, seconds } = scored.algorithms[name];
      const perSet: Record<string, unknown> = {};
      for (const set of Object.keys(sets) as SetName[]) {
        const slice = scores.slice(offsets[set], offsets[set] + sets[set].length);
        const report = decide(sets[set], slice, referenceThreshold);
        // compare() time is measured over all sets at once: pairs/s is the one figure for all three.
        const perSecond = ratePerSecond(all.length, seconds);
        rows.push({ set, side: `nomenklatura ${name}`, q: report.overall, perSecond });
        perSet[set] = {
          ...report.overall,
          ...(set === 'held_out'
            ? { per_locale: decide(sets[set], slice, referenceThreshold, byLocale).categories, per_kind: report.categories }
            : {}),
        };
      }
      const committedScores = scores.slice(0, committedPairs.length);
      algorithms[name] = {
        threshold: referenceThreshold,
        pairs_per_second: ratePerSecond(all.length, seconds),
        ...perSet,
        committed_per_category: decide(committedPairs, committedScores, referenceThreshold).categories,
        best_threshold_committed: bestThreshold(
          committedPairs.map((p, i) => ({ expected: p.expected_match, score: committedScores[i] })),
          sweep,
        ),
      };
    }
    comparison = {
      reference: 'nomenklatura',
      versions: scored.versions,
      requirements: 'bench/support/nomenklatura-requirements.txt',
      threshold: referenceThreshold,
      threshold_why:
        "nomenklatura has no match threshold of its own; yente, OpenSanctions' screening API on it, calls a result a match from 0.70 — also ours",
      pairs_per_second_measured:
        'each side scores every labelled query against its one labelled entry, one process, one thread; nomenklatura compare() alone (entities built beforehand), ours scoreMatch() with its query preparation',
      ours_best_threshold_committed: bestThreshold(
        committedPairs.map((p, i) => ({ expected: p.expected_match, score: ours.committed.scores[i] })),
        sweep,
      ),
      algorithms,
    };
  }
  printComparison(rows, log);

  const summary = {
    bench: 'matching',
    algorithm: matcherAlgorithm,
    threshold: defaultMatchThreshold,
    evaluation_set: {
      file: evaluationSetPath,
      pairs: committedPairs.length,
      true_pairs: truePairs.length,
      ...ours.committed.overall,
      pairs_per_second: ours.committed.pairs_per_second,
    },
    per_category: ours.committed.categories,
    other_seed: {
      seed: otherSeed,
      note: 'the same generator, name pools and romanization rules as the committed set: not held out',
      ...ours.other_seed.overall,
    },
    held_out: {
      source: `@faker-js/faker locales ${heldOutLocales.join(', ')}, seed ${heldOutSeed}; romanized by any-ascii`,
      pairs: heldOutPairs.length,
      true_pairs: heldOutPairs.filter((p) => p.expected_match).length,
      ...ours.held_out.overall,
      pairs_per_second: ours.held_out.pairs_per_second,
      per_locale: tallyFlags(heldOutPairs, ours.held_out.matches, byLocale).categories,
      per_kind: ours.held_out.categories,
    },
    comparison,
    candidate_key_recall: Number((retrievable / truePairs.length).toFixed(4)),
    throughput: args.includes('--quality-only') ? null : measureThroughput(committedPairs, listSize, candidateLimit, singles, log),
    machine: { cores: 2, load_average_before: loadBefore, load_average_after: loadavg().map((x) => Number(x.toFixed(2))) },
    targets: { f1: 0.95, precision: 0.95, queries_per_second_single: 200, p95_ms_single: 50 },
  };
  return summary;
}
