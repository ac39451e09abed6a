import { maskCpf } from '../domain/documents/cpf';
import { buildNameProfile, type NameKind } from '../domain/media/name-profile';
import { searchTermsFor } from '../domain/media/search-terms';
import { tokenizeText } from '../domain/media/tokenize-text';

/**
 * The shape of the networks an analysis walks (docs/scaling.md, "Like with like"): how many
 * entities a subject reaches within the walk's depth, how deep, how many partners a company has
 * and how many companies a partner holds, and how many adverse-media articles the screening reads
 * per entity (the articles holding every search term of its name). The scale curve compares
 * sizes only when these agree; the generator's unit test and `npm run bench -- scale` both read
 * them through this file. Pure: files come in as text, the bench passes what it read from SQL.
 */

/** The analysis walk's defaults (config/analysis-settings.ts: GRAPH_MAX_DEPTH, GRAPH_MAX_NODES). */
export const WALK = { maxDepth: 4, maxNodes: 20_000 } as const;

export type NetworkNode = { kind: NameKind; name: string };

/** A generated release read back: entities by key, undirected links, ownership links (owned → owner) and articles' words. */
export type GeneratedStore = {
  nodes: Map<string, NetworkNode>;
  links: Map<string, Set<string>>;
  /** company key → its partner rows' partner keys (the RF partner file). */
  partnersOf: Map<string, string[]>;
  /** owned key → owner key (BODS declarations). */
  ownedBy: Map<string, string[]>;
  articleWords: Set<string>[];
};

/** The text of a generated dataset's files (generator/generate-dataset.ts), decoded. */
export type GeneratedFiles = { companies: string; partners: string; bods: string; family: string; media: string };

const rfFields = (line: string) => line.slice(1, -1).split('";"');
const digitsOf = (document: string) => document.replace(/[^0-9A-Z]/g, '');

function link(store: GeneratedStore, a: string, b: string): void {
  if (a === b) return;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ]) {
    let set = store.links.get(x);
    if (!set) store.links.set(x, (set = new Set()));
    set.add(y);
  }
}

function node(store: GeneratedStore, key: string, kind: NameKind, name: string): string {
  if (!store.nodes.has(key)) store.nodes.set(key, { kind, name });
  return key;
}

const personKey = (name: string, maskedCpf: string) => `person:${maskedCpf}|${name}`;

/**
 * The entities and links as the importers make them: a company per CNPJ root, a person per
 * (masked CPF, name), a foreign holding per name; links from partner rows (partner and foreign
 * partner's representative), declared ownership and family ties.
 */
export function readGeneratedStore(files: GeneratedFiles): GeneratedStore {
  const store: GeneratedStore = { nodes: new Map(), links: new Map(), partnersOf: new Map(), ownedBy: new Map(), articleWords: [] };
  for (const line of files.companies.split(/\r?\n/)) {
    if (!line) continue;
    const [root, name] = rfFields(line);
    node(store, `company:${root}`, 'organization', name);
  }
  for (const line of files.partners.split(/\r?\n/)) {
    if (!line) continue;
    const [root, kind, name, document, , , , repCpf, repName] = rfFields(line);
    const company = `company:${root}`;
    const partner =
      kind === '1'
        ? `company:${digitsOf(document).slice(0, 8)}`
        : kind === '3'
          ? node(store, `foreign:${name}`, 'organization', name)
          : node(store, personKey(name, document), 'person', name);
    const list = store.partnersOf.get(company) ?? [];
    list.push(partner);
    store.partnersOf.set(company, list);
    link(store, company, partner);
    if (kind === '3' && repName) link(store, company, node(store, personKey(repName, repCpf), 'person', repName));
  }
  const records = new Map<string, string>();
  for (const statement of JSON.parse(files.bods) as Record<string, any>[]) {
    const details = statement.recordDetails;
    if (statement.recordType === 'entity') {
      const identifier = details.identifiers[0];
      records.set(
        statement.recordId,
        identifier.scheme === 'BR-CNPJ'
          ? `company:${digitsOf(identifier.id).slice(0, 8)}`
          : node(store, `foreign:${details.name}`, 'organization', details.name),
      );
    } else if (statement.recordType === 'person') {
      const name = details.names[0].fullName;
      records.set(statement.recordId, node(store, personKey(name, maskCpf(digitsOf(details.identifiers[0].id))), 'person', name));
    } else if (statement.recordType === 'relationship') {
      const [owned, owner] = [records.get(details.subject)!, records.get(details.interestedParty)!];
      store.ownedBy.set(owned, [...(store.ownedBy.get(owned) ?? []), owner]);
      link(store, owned, owner);
    }
  }
  for (const line of files.family.split('\n')) {
    if (!line) continue;
    const tie = JSON.parse(line) as { person: { document: string; name: string }; relative: { document: string; name: string } };
    const [a, b] = [tie.person, tie.relative].map((p) => node(store, personKey(p.name, maskCpf(digitsOf(p.document))), 'person', p.name));
    link(store, a, b);
  }
  for (const line of files.media.split('\n')) {
    if (!line) continue;
    const article = JSON.parse(line) as { title: string; body: string };
    store.articleWords.push(new Set(tokenizeText(`${article.title} ${article.body}`).map((t) => t.word)));
  }
  return store;
}

/** Every `step`-th item, so that a sample spreads over the whole store (ids grow with the release's order). */
export function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]);
}

/**
 * The bench's subject classes (bench/scale.ts) on a generated store: deep — companies at the
 * bottom of declared-ownership chains of at least `minHeight` owners above them; shallow —
 * companies with one link whose counterpart has no other. Each spread over the store.
 */
export function pickGeneratedSubjects(store: GeneratedStore, count: number, minHeight = 5): { deep: string[]; shallow: string[] } {
  const owners = new Set([...store.ownedBy.values()].flat());
  const heightOf = (key: string, seen = new Set<string>()): number => {
    if (seen.has(key)) return 0;
    seen.add(key);
    return Math.max(0, ...(store.ownedBy.get(key) ?? []).map((owner) => 1 + heightOf(owner, seen)));
  };
  const bottoms = [...store.ownedBy.keys()].filter((k) => !owners.has(k) && heightOf(k) >= minHeight);
  const shallow = [...store.nodes.keys()].filter((k) => {
    if (!k.startsWith('company:')) return false;
    const links = store.links.get(k);
    return links?.size === 1 && store.links.get([...links][0])?.size === 1;
  });
  return { deep: spread(bottoms, count), shallow: spread(shallow, count) };
}

/** The entities within `maxDepth` links of `subject` (breadth first, at most `maxNodes`), and the depth reached. */
export function networkOf(
  links: (key: string) => Iterable<string>,
  subject: string,
  walk: { maxDepth: number; maxNodes: number } = WALK,
): { nodes: string[]; depth: number } {
  const seen = new Set([subject]);
  let frontier = [subject];
  let depth = 0;
  while (frontier.length > 0 && depth < walk.maxDepth && seen.size < walk.maxNodes) {
    const next: string[] = [];
    for (const key of frontier)
      for (const other of links(key)) {
        if (seen.has(other) || seen.size >= walk.maxNodes) continue;
        seen.add(other);
        next.push(other);
      }
    if (next.length === 0) break;
    depth++;
    frontier = next;
  }
  return { nodes: [...seen], depth };
}

/** The articles holding every search term of a name (the screening's full-text prefilter, domain/media/search-terms.ts). */
export function mediaCounter(articleWords: Set<string>[]): (entity: NetworkNode) => number {
  const byWord = new Map<string, number[]>();
  articleWords.forEach((words, i) => {
    for (const word of words) {
      const list = byWord.get(word);
      if (list) list.push(i);
      else byWord.set(word, [i]);
    }
  });
  const cache = new Map<string, number>();
  return (entity) => {
    const terms = searchTermsFor(buildNameProfile(entity.name, entity.kind));
    if (terms.length === 0) return 0;
    const key = terms.join(' ');
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const shortest = terms.map((t) => byWord.get(t) ?? []).reduce((a, b) => (a.length <= b.length ? a : b));
    const count = shortest.filter((i) => terms.every((t) => articleWords[i].has(t))).length;
    cache.set(key, count);
    return count;
  };
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** p50, p95 and mean of a sample (nearest rank, as bench/support/load.ts). */
export function distribution(values: number[]): { p50: number; p95: number; mean: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.length === 0 ? 0 : sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return { p50: at(sorted, 0.5), p95: at(sorted, 0.95), mean: round2(mean), n: sorted.length };
}

/** The mean of the largest `1 / share` of the values (at least one). */
export function largestMean(values: number[], share: number): { mean: number; n: number } {
  const top = [...values].sort((a, b) => b - a).slice(0, Math.max(1, Math.round(values.length / share)));
  return { mean: top.length === 0 ? 0 : round2(top.reduce((s, v) => s + v, 0) / top.length), n: top.length };
}

export type NetworkShape = {
  nodes: { p50: number; p95: number; mean: number; n: number };
  depth: { p50: number; p95: number; mean: number; n: number };
  media_per_entity: { p50: number; p95: number; mean: number; n: number };
};

/** The shape of the networks of one subject class: nodes per network, depth reached, articles per entity reached. */
export function networkShape(networks: { nodes: number; depth: number }[], mediaPerEntity: number[]): NetworkShape {
  return {
    nodes: distribution(networks.map((n) => n.nodes)),
    depth: distribution(networks.map((n) => n.depth)),
    media_per_entity: distribution(mediaPerEntity),
  };
}

export type StoreShape = {
  /** Partner rows per company. */
  partners_per_company: { p50: number; p95: number; mean: number; n: number };
  /** Companies per partner (persons, companies and foreign holdings that are partners). */
  companies_per_partner: { p50: number; p95: number; mean: number; n: number };
  /** Companies per partner of the largest partners (one in 3,000: the hubs), averaged: bounded when hubs do not grow with the store. */
  largest_partners: { mean: number; n: number };
  deep: NetworkShape;
  shallow: NetworkShape;
};

/** The whole shape of a generated store, on `count` subjects of each class. */
export function storeShape(store: GeneratedStore, count: number): StoreShape {
  const held = new Map<string, number>();
  for (const partners of store.partnersOf.values()) for (const p of partners) held.set(p, (held.get(p) ?? 0) + 1);
  const media = mediaCounter(store.articleWords);
  const subjects = pickGeneratedSubjects(store, count);
  const classShape = (keys: string[]) => {
    const networks = keys.map((k) => networkOf((key) => store.links.get(key) ?? [], k));
    return networkShape(
      networks.map((n) => ({ nodes: n.nodes.length, depth: n.depth })),
      networks.flatMap((n) => n.nodes.map((key) => media(store.nodes.get(key) ?? { kind: 'organization', name: '' }))),
    );
  };
  return {
    partners_per_company: distribution([...store.partnersOf.values()].map((p) => p.length)),
    companies_per_partner: distribution([...held.values()]),
    largest_partners: largestMean([...held.values()], 3_000),
    deep: classShape(subjects.deep),
    shallow: classShape(subjects.shallow),
  };
}

/**
 * The figures of `b` off `a` by more than the tolerance: `relative` of the larger value, or
 * `absolute` (whichever is looser — small counts move by one). Names as `deep.nodes.p95`.
 */
export function shapeDifferences(
  a: Record<string, any>,
  b: Record<string, any>,
  tolerance: { relative: number; absolute: number },
  prefix = '',
): string[] {
  const out: string[] = [];
  for (const key of Object.keys(a)) {
    if (key === 'n') continue;
    const [x, y] = [a[key], b[key]];
    if (typeof x === 'object') out.push(...shapeDifferences(x, y, tolerance, `${prefix}${key}.`));
    else if (Math.abs(x - y) > Math.max(tolerance.absolute, tolerance.relative * Math.max(Math.abs(x), Math.abs(y))))
      out.push(`${prefix}${key}: ${x} vs ${y}`);
  }
  return out;
}
