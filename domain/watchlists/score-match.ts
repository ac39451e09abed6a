import { compareNames, type NameComparison } from './compare-names';
import { compareBirthDate, compareDocument, compareNationality, type FeatureResult, type FeatureVerdict } from './match-features';
import { normalizeWatchlistName, type NormalizedName } from './normalize-name';
import type { MatchQuery, MatchScore, WatchlistEntry, WatchlistNameQuality } from './watchlist-entry';

/** The default of `threshold` in POST /watchlists/match. */
export const defaultMatchThreshold = 0.7;
/** A weak alias (a nickname, a generic name) agreeing counts for less than the entry's own name. */
const weakAliasFactor = 0.9;
/** A contradicted name agreement stays visible for review but below the default threshold. */
const contradictedCap = 0.6;

/** What each feature's verdict adds to the name score. */
const adjustments: Record<'birth_date' | 'nationality' | 'document', Record<FeatureVerdict, number>> = {
  birth_date: { confirms: 0.08, partial: 0.04, neutral: 0, contradicts: -0.25 },
  nationality: { confirms: 0.04, partial: 0.02, neutral: 0, contradicts: -0.15 },
  // An equal document number identifies even when the name agrees only in part.
  document: { confirms: 0.25, partial: 0.1, neutral: 0, contradicts: -0.05 },
};

export type PreparedName = { name: string; quality: WatchlistNameQuality; normalized: NormalizedName };

const prepared = new WeakMap<WatchlistEntry, PreparedName[]>();

/**
 * Normalized names by schema and spelling, across entry objects: the store answers each request
 * with fresh objects, but the same listed names come back query after query (docs/watchlists.md,
 * "Throughput"). A bounded cache of a pure function, not state.
 */
const normalizedNames = new Map<string, NormalizedName>();
const normalizedNamesMax = 200_000;

function normalizedEntryName(name: string, schema: WatchlistEntry['schema']): NormalizedName {
  const key = `${schema}|${name}`;
  let normalized = normalizedNames.get(key);
  if (!normalized) {
    if (normalizedNames.size >= normalizedNamesMax) normalizedNames.clear();
    normalized = normalizeWatchlistName(name, schema);
    normalizedNames.set(key, normalized);
  }
  return normalized;
}

/** The entry's names normalized once per entry object (a cache: the result depends on the entry only). */
function prepareEntryNames(entry: WatchlistEntry): PreparedName[] {
  let names = prepared.get(entry);
  if (!names) {
    names = entry.names.map((n) => ({ name: n.name, quality: n.quality, normalized: normalizedEntryName(n.name, entry.schema) }));
    prepared.set(entry, names);
  }
  return names;
}

export function prepareQueryNames(query: MatchQuery): NormalizedName[] {
  return [query.name, ...(query.aliases ?? [])].map((n) => normalizeWatchlistName(n, query.schema));
}

export function roundScore(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}

const reasonText: Record<string, string> = {
  exact: 'equal',
  spelling_variant: 'spelling variant',
  transliteration: 'transliteration',
  similar_spelling: 'similar spelling',
  initial: 'initial',
  joined: 'joined words',
};

const limitText: Record<string, string> = {
  no_distinctive_word: 'one side has only legal forms, generic or joining words, which never match alone',
  one_word_agrees: 'only one word agrees',
  only_generic_words_agree: 'only generic business words agree',
  legal_form_differs: 'the legal forms differ',
};

function describeName(comparison: NameComparison, matchedName: string, quality: WatchlistNameQuality): string {
  const words = Math.max(comparison.queryTokens, comparison.entryTokens);
  const pairs = comparison.agreements.map((a) =>
    a.reason === 'exact' ? `"${a.query}"` : `"${a.query}" ~ "${a.entry}": ${reasonText[a.reason]}`,
  );
  const limits = comparison.limits.map((l) => limitText[l]);
  const alias = quality === 'primary' ? '' : ` (${quality} alias "${matchedName}")`;
  return `name: ${comparison.agreements.length} of ${words} words agree${alias}${pairs.length ? ` (${pairs.join('; ')})` : ''}${limits.length ? `; ${limits.join('; ')}` : ''}`;
}

function describeFeature(label: string, result: FeatureResult): string {
  return `${label}: ${result.verdict} (${result.detail})`;
}

/**
 * One query against one entry: the best agreement between any of the query's names and any of
 * the entry's, then birth date, nationality and document confirming or contradicting it.
 * `match` is score ≥ threshold, and never when the birth date or the nationality contradicts.
 */
export function scoreMatch(
  query: MatchQuery,
  entry: WatchlistEntry,
  threshold = defaultMatchThreshold,
  queryNames = prepareQueryNames(query),
): MatchScore {
  let best: { comparison: NameComparison; score: number; name: PreparedName } | null = null;
  for (const entryName of prepareEntryNames(entry)) {
    for (const queryName of queryNames) {
      const comparison = compareNames(queryName, entryName.normalized);
      const score = comparison.score * (entryName.quality === 'weak' ? weakAliasFactor : 1);
      if (!best || score > best.score) best = { comparison, score, name: entryName };
    }
  }
  if (!best) throw new Error(`watchlist entry ${entry.list}/${entry.entry_id} has no name`);
  const features = {
    birth_date: compareBirthDate(query.birth_date, entry.birth_dates),
    nationality: compareNationality(query.nationality, entry.nationalities),
    document: compareDocument(query.document, entry.documents),
  };
  let score = best.score;
  const explanation = [describeName(best.comparison, best.name.name, best.name.quality)];
  const labels = { birth_date: 'birth date', nationality: 'nationality', document: 'document' } as const;
  for (const key of ['birth_date', 'nationality', 'document'] as const) {
    const feature = features[key];
    if (!feature) continue;
    // A feature speaks only about a name that agrees at least in part.
    if (best.score > 0) score += adjustments[key][feature.verdict];
    explanation.push(describeFeature(labels[key], feature));
  }
  const contradicted = (['birth_date', 'nationality'] as const).filter((k) => features[k]?.verdict === 'contradicts');
  if (contradicted.length > 0) score = Math.min(score, contradictedCap);
  score = roundScore(Math.max(0, Math.min(1, score)));
  const match = score >= threshold && contradicted.length === 0;
  if (contradicted.length > 0 && best.score >= threshold)
    explanation.push(`not a match: the name agrees but the ${contradicted.map((k) => labels[k]).join(' and ')} contradicts`);
  return {
    score,
    match,
    features: {
      name: roundScore(best.score),
      birth_date: features.birth_date?.score ?? null,
      nationality: features.nationality?.score ?? null,
      document: features.document?.score ?? null,
    },
    matched_name: best.name.name,
    explanation,
  };
}
