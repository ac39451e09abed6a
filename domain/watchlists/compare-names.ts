import { anyLegalFormFamily } from './legal-forms';
import { areSpellingVariants, foldSlavicSpelling, nameSkeleton } from './name-variants';
import { comparableTokens, type NameToken, type NormalizedName } from './normalize-name';
import { jaroWinkler } from './string-similarity';

export type TokenAgreementReason = 'exact' | 'spelling_variant' | 'transliteration' | 'similar_spelling' | 'initial' | 'joined';
export type TokenSimilarity = { similarity: number; reason: TokenAgreementReason };
export type TokenAgreement = TokenSimilarity & { query: string; entry: string };

export type NameComparison = {
  /** 0–1 (unrounded; score-match.ts rounds the combined score). */
  score: number;
  agreements: TokenAgreement[];
  /** Comparable tokens on each side (names and generic words). */
  queryTokens: number;
  entryTokens: number;
  /** Why the score was held down, when it was. */
  limits: NameLimit[];
};

export type NameLimit = 'no_distinctive_word' | 'one_word_agrees' | 'only_generic_words_agree' | 'legal_form_differs';

/** Two tokens at or above this similarity agree; below it they count as different. */
const tokenAgreement = 0.8;
/** A mere resemblance of spelling (Jaro-Winkler) must reach this to agree. */
const similarSpellingAgreement = 0.85;
/** Each comparable word of the longer name left without a partner costs this much… */
const unmatchedWordCost = 0.07;
/** …up to this much: a missing middle name or second surname is penalized lightly. */
const unmatchedWordCostCap = 0.2;
/** A name resting on one agreeing word (of several) identifies nobody. */
const oneWordCap = 0.5;
const onlyGenericCap = 0.3;
const legalFormDiffersCost = 0.05;
const genericWeight = 0.25;
const initialWeight = 0.5;

function skeletonsAgree(a: string, b: string, jw: number): boolean {
  const [sa, sb] = [nameSkeleton(a), nameSkeleton(b)];
  if (sa !== sb) return false;
  // Short skeletons ("sm", "l") are shared by unrelated names: they need the same first letter
  // and spellings that agree in part too ("suri" ~ "soree", not "sami" ~ "osama").
  return sa.length >= 3 || (sa.length === 2 && a[0] === b[0] && jw >= 0.7);
}

/** "alrawi", "elhachimi": the article written fused to the word it determines. */
const fusedArticle = /^(?:al|el)(?=[a-z]{4,})/;

/**
 * How alike two normalized tokens are, and why. A word with a fused article ("Alrawi") is also
 * compared without it, as "Al Rawi" and "al-Rawi" are.
 */
export function compareTokens(a: NameToken, b: NameToken): TokenSimilarity {
  return rememberPair(a, b, compareWithArticles);
}

function compareWithArticles(a: NameToken, b: NameToken): TokenSimilarity {
  const direct = compareTokenSpellings(a, b);
  if (direct.similarity >= 0.95) return direct;
  let best = direct;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ]) {
    if (!fusedArticle.test(x.text) || fusedArticle.test(y.text)) continue;
    const bare = compareTokenSpellings({ ...x, text: x.text.replace(fusedArticle, '') }, y);
    if (bare.similarity > best.similarity) best = { similarity: bare.similarity, reason: bare.reason === 'exact' ? 'joined' : bare.reason };
  }
  return best;
}

/**
 * Memoized per pair of spellings (see nameSkeleton): the candidates of a query share most of
 * their words, and a list repeats the same few thousand. A bounded cache, not state.
 */
const pairCache = new Map<string, Map<string, TokenSimilarity>>();
let pairCacheSize = 0;
function rememberPair(a: NameToken, b: NameToken, compute: (a: NameToken, b: NameToken) => TokenSimilarity): TokenSimilarity {
  const outer = `${a.consonantal ? 1 : 0}${b.consonantal ? 1 : 0}${a.text}`;
  let row = pairCache.get(outer);
  if (!row) {
    if (pairCacheSize >= 500_000) {
      pairCache.clear();
      pairCacheSize = 0;
    }
    row = new Map();
    pairCache.set(outer, row);
  }
  let result = row.get(b.text);
  if (!result) {
    result = compute(a, b);
    row.set(b.text, result);
    pairCacheSize++;
  }
  return result;
}

function compareTokenSpellings(a: NameToken, b: NameToken): TokenSimilarity {
  return computeTokenSpellings(a, b);
}

function computeTokenSpellings(a: NameToken, b: NameToken): TokenSimilarity {
  if (a.text === b.text) return { similarity: 1, reason: a.consonantal !== b.consonantal ? 'transliteration' : 'exact' };
  if (a.text.length === 1 || b.text.length === 1) {
    const [initial, full] = a.text.length === 1 ? [a.text, b.text] : [b.text, a.text];
    return { similarity: full.startsWith(initial) ? 0.8 : 0, reason: 'initial' };
  }
  if (areSpellingVariants(a.text, b.text)) return { similarity: 0.95, reason: 'spelling_variant' };
  if (a.consonantal || b.consonantal) {
    // Arabic script carries no short vowels: only the consonant skeletons can be compared.
    const [sa, sb] = [nameSkeleton(a.text), nameSkeleton(b.text)];
    const similarity = sa === sb && sa.length > 0 ? 0.92 : 0.9 * jaroWinkler(sa, sb);
    return { similarity, reason: 'transliteration' };
  }
  const jw = jaroWinkler(a.text, b.text);
  if (jw < 0.9 && skeletonsAgree(a.text, b.text, jw)) return { similarity: 0.9, reason: 'spelling_variant' };
  // Jaro-Winkler rewards a shared start: "mikhailovich" is not "mikhail", nor "haixiao" "hai".
  // A spelling resemblance agrees only when strong and between words of similar length.
  const ratio = Math.min(a.text.length, b.text.length) / Math.max(a.text.length, b.text.length);
  const [fa, fb] = [foldSlavicSpelling(a.text), foldSlavicSpelling(b.text)];
  if (ratio >= 0.75 && (fa !== a.text || fb !== b.text)) {
    const folded = jaroWinkler(fa, fb);
    if (folded >= similarSpellingAgreement && Math.min(0.95, folded) > jw)
      return { similarity: Math.min(0.95, folded), reason: 'transliteration' };
  }
  const agrees = jw >= similarSpellingAgreement && ratio >= 0.75;
  return { similarity: agrees ? jw : Math.min(jw, tokenAgreement - 0.01), reason: 'similar_spelling' };
}

function weightOf(token: NameToken): number {
  if (token.kind === 'generic') return genericWeight;
  return token.text.length === 1 ? initialWeight : 1;
}

/**
 * "Abu Bakr" ~ "Abubakar", "Jin Ping" ~ "Jinping": two neighbouring words of one side, neither of which
 * any word of the other side matches alone, are joined when the joined word matches one there.
 */
function joinSplitWords(side: NameToken[], other: NameToken[]): { tokens: NameToken[]; joined: Set<string> } {
  const joined = new Set<string>();
  const out: NameToken[] = [];
  for (let i = 0; i < side.length; i++) {
    if (i + 1 < side.length && side[i].kind === 'name' && side[i + 1].kind === 'name') {
      const alone = (t: NameToken) => other.some((o) => compareTokens(t, o).similarity >= 0.9);
      if (!alone(side[i]) && !alone(side[i + 1])) {
        const candidate: NameToken = {
          text: side[i].text + side[i + 1].text,
          kind: 'name',
          consonantal: side[i].consonantal || side[i + 1].consonantal,
        };
        if (other.some((o) => o.text.length > 3 && compareTokens(candidate, o).similarity >= 0.93)) {
          out.push(candidate);
          joined.add(candidate.text);
          i++;
          continue;
        }
      }
    }
    out.push(side[i]);
  }
  return { tokens: out, joined };
}

type Pair = { i: number; j: number } & TokenSimilarity;

/** One-to-one alignment, best pair first (ties: earlier query word, then earlier entry word). */
function alignTokens(q: NameToken[], e: NameToken[], matrix = similarityMatrix(q, e)): Pair[] {
  const candidates: Pair[] = [];
  for (let i = 0; i < q.length; i++)
    for (let j = 0; j < e.length; j++) if (matrix[i][j].similarity >= tokenAgreement) candidates.push({ i, j, ...matrix[i][j] });
  candidates.sort((x, y) => y.similarity - x.similarity || x.i - y.i || x.j - y.j);
  const [usedQ, usedE] = [new Set<number>(), new Set<number>()];
  const pairs: Pair[] = [];
  for (const c of candidates) {
    if (usedQ.has(c.i) || usedE.has(c.j)) continue;
    usedQ.add(c.i);
    usedE.add(c.j);
    pairs.push(c);
  }
  return pairs;
}

function similarityMatrix(q: NameToken[], e: NameToken[]): TokenSimilarity[][] {
  return q.map((a) => e.map((b) => compareTokens(a, b)));
}

/** Whether two neighbouring name words of one side both lack a partner (then joining may help). */
function hasUnpartneredNeighbours(tokens: NameToken[], partnered: (k: number) => boolean): boolean {
  for (let k = 0; k + 1 < tokens.length; k++)
    if (tokens[k].kind === 'name' && tokens[k + 1].kind === 'name' && !partnered(k) && !partnered(k + 1)) return true;
  return false;
}

function legalFamilies(name: NormalizedName): Set<string> {
  return new Set(name.tokens.filter((t) => t.kind === 'legal_form').map((t) => anyLegalFormFamily(t.text) ?? t.text));
}

/** Organizations whose legal forms fall in different families agree a little less (the forms themselves are never compared). */
function legalFormCost(query: NormalizedName, entry: NormalizedName, limits: NameLimit[]): number {
  const [fq, fe] = [legalFamilies(query), legalFamilies(entry)];
  if (fq.size === 0 || fe.size === 0 || [...fq].some((f) => fe.has(f))) return 0;
  limits.push('legal_form_differs');
  return legalFormDiffersCost;
}

/**
 * Two names made only of generic business words ("GLOBAL TRADING LLC", "Global Trading Ltd."):
 * such a name names its company by the whole of it, so it agrees only when every word of each side
 * finds its partner — then as any name does (the mean similarity; legal forms as always). Words
 * shared in part name no one: at most the generic cap (docs/watchlists.md, "Name comparison").
 */
function compareCommonWordNames(query: NormalizedName, entry: NormalizedName, q: NameToken[], e: NameToken[]): NameComparison {
  const pairs = alignTokens(q, e);
  const limits: NameLimit[] = [];
  let score: number;
  if (pairs.length === q.length && pairs.length === e.length)
    score = pairs.reduce((s, p) => s + p.similarity, 0) / pairs.length - legalFormCost(query, entry, limits);
  else if (pairs.length > 0) {
    score = Math.min(onlyGenericCap, pairs.reduce((s, p) => s + p.similarity, 0) / Math.max(q.length, e.length));
    limits.push('only_generic_words_agree');
  } else {
    score = 0;
    limits.push('no_distinctive_word');
  }
  const agreements = pairs.map((p) => ({ query: q[p.i].text, entry: e[p.j].text, similarity: p.similarity, reason: p.reason }));
  return { score: Math.max(0, Math.min(1, score)), agreements, queryTokens: q.length, entryTokens: e.length, limits };
}

/**
 * Token-wise comparison, independent of order: the share of the shorter name's weight that
 * agrees (each agreeing pair counting its similarity), less a light cost per word of the longer
 * name left over. Generic business words weigh a quarter, initials half; legal forms, particles
 * and titles are not compared at all.
 */
export function compareNames(query: NormalizedName, entry: NormalizedName): NameComparison {
  const [q0, e0] = [comparableTokens(query), comparableTokens(entry)];
  const empty = { agreements: [], queryTokens: q0.length, entryTokens: e0.length };
  const [qNamed, eNamed] = [q0.some((t) => t.kind === 'name'), e0.some((t) => t.kind === 'name')];
  if (!qNamed && !eNamed && q0.length > 0 && e0.length > 0) return compareCommonWordNames(query, entry, q0, e0);
  if (!qNamed || !eNamed) return { ...empty, score: 0, limits: ['no_distinctive_word'] };
  // The common case needs one similarity matrix; joining words is tried only when two
  // neighbouring words of one side find no partner on the other.
  const matrix = similarityMatrix(q0, e0);
  const needsJoin =
    hasUnpartneredNeighbours(q0, (i) => matrix[i].some((m) => m.similarity >= 0.9)) ||
    hasUnpartneredNeighbours(e0, (j) => matrix.some((row) => row[j].similarity >= 0.9));
  const noJoin = { joined: new Set<string>() };
  const qJoined = needsJoin ? joinSplitWords(q0, e0) : { tokens: q0, ...noJoin };
  const eJoined = needsJoin ? joinSplitWords(e0, qJoined.tokens) : { tokens: e0, ...noJoin };
  const [q, e] = [qJoined.tokens, eJoined.tokens];
  const pairs = alignTokens(q, e, needsJoin ? undefined : matrix);
  const [wq, we] = [q.reduce((s, t) => s + weightOf(t), 0), e.reduce((s, t) => s + weightOf(t), 0)];
  const agreed = pairs.reduce((s, p) => s + p.similarity * Math.min(weightOf(q[p.i]), weightOf(e[p.j])), 0);
  const longer = wq >= we ? { tokens: q, used: new Set(pairs.map((p) => p.i)) } : { tokens: e, used: new Set(pairs.map((p) => p.j)) };
  const leftOver = longer.tokens.reduce((s, t, k) => s + (longer.used.has(k) ? 0 : weightOf(t)), 0);
  let score = agreed / Math.min(wq, we) - Math.min(unmatchedWordCostCap, unmatchedWordCost * leftOver);
  const limits: NameLimit[] = [];
  const distinctiveAgreeing = pairs.filter((p) => q[p.i].kind === 'name' && e[p.j].kind === 'name' && q[p.i].text.length > 1);
  if (distinctiveAgreeing.length === 0 && pairs.length > 0) {
    score = Math.min(score, onlyGenericCap);
    limits.push('only_generic_words_agree');
  } else if (
    distinctiveAgreeing.length < 2 &&
    Math.max(q.filter((t) => t.kind === 'name').length, e.filter((t) => t.kind === 'name').length) >= 2
  ) {
    score = Math.min(score, oneWordCap);
    limits.push('one_word_agrees');
  }
  score -= legalFormCost(query, entry, limits);
  const agreements = pairs.map((p) => ({
    query: q[p.i].text,
    entry: e[p.j].text,
    similarity: p.similarity,
    reason: qJoined.joined.has(q[p.i].text) || eJoined.joined.has(e[p.j].text) ? ('joined' as const) : p.reason,
  }));
  return { score: Math.max(0, Math.min(1, score)), agreements, queryTokens: q.length, entryTokens: e.length, limits };
}
