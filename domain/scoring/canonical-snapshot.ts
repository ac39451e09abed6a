import type { Snapshot, SnapshotWatchlistScreening } from '../analysis/snapshot';
import { canonicalJson } from '../canonical-json';

const byNumber =
  <T>(key: (item: T) => number) =>
  (a: T, b: T) =>
    key(a) - key(b);
const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function byKeys<T>(...keys: ((item: T) => string | number | null)[]) {
  return (a: T, b: T): number => {
    for (const key of keys) {
      const [x, y] = [key(a), key(b)];
      if (x === y) continue;
      if (x === null) return -1;
      if (y === null) return 1;
      return typeof x === 'number' && typeof y === 'number' ? x - y : compareStrings(String(x), String(y));
    }
    return 0;
  };
}

/**
 * The snapshot with every array in its canonical order (ids ascending, ties broken on every
 * field that identifies an item). Scoring and fingerprints start from this form, so the order in
 * which a loader or a client produced the arrays can never change a verdict.
 */
export function canonicalizeSnapshot(snapshot: Snapshot): Snapshot {
  return {
    ...snapshot,
    network: {
      ...snapshot.network,
      entities: snapshot.network.entities
        .map((entity) => ({ ...entity, profile: canonicalProfile(entity.profile) }))
        .sort(byNumber((e) => e.entity_id)),
      relationships: [...snapshot.network.relationships].sort(byNumber((r) => r.relationship_id)),
    },
    pep_records: [...snapshot.pep_records].sort(byNumber((p) => p.pep_record_id)),
    sanctions: [...snapshot.sanctions].sort(byNumber((s) => s.sanction_id)),
    proceedings: snapshot.proceedings
      .map((p) => ({
        ...p,
        parties: [...p.parties].sort(
          byKeys(
            (x) => x.entity_id,
            (x) => x.role,
          ),
        ),
      }))
      .sort(byNumber((p) => p.proceeding_id)),
    ownership_declarations: snapshot.ownership_declarations
      .map((d) => ({ ...d, interest_types: [...d.interest_types].sort(compareStrings) }))
      .sort(byNumber((d) => d.declaration_id)),
    media_hits: [...snapshot.media_hits].sort(
      byKeys(
        (h) => h.article_id,
        (h) => h.entity_id,
        (h) => h.matched_name,
        (h) => h.category,
        (h) => h.match_type,
      ),
    ),
    limitations: [...snapshot.limitations].sort(
      byKeys(
        (l) => l.code,
        (l) => l.entity_id,
        (l) => l.message,
        (l) => canonicalJson(l.details ?? {}),
      ),
    ),
    // Absent in older snapshots: left absent, so that their hashes never change.
    ...(snapshot.watchlist_screening ? { watchlist_screening: canonicalWatchlistScreening(snapshot.watchlist_screening) } : {}),
  };
}

/** Lists by code, screened ids ascending, results by entity, schema, list and entry. */
function canonicalWatchlistScreening(screening: SnapshotWatchlistScreening): SnapshotWatchlistScreening {
  return {
    ...screening,
    lists: [...screening.lists].sort(byKeys((l) => l.list)),
    screened_entity_ids: [...screening.screened_entity_ids].sort((a, b) => a - b),
    matches: [...screening.matches].sort(
      byKeys(
        (m) => m.entity_id,
        (m) => m.screened_as,
        (m) => m.list,
        (m) => m.entry_id,
      ),
    ),
  };
}

/** Profile arrays are sets (e.g. secondary CNAE codes): sorted too. */
function canonicalProfile(profile: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(profile ?? {})) {
    result[key] = Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value].sort(compareStrings) : value;
  }
  return result;
}
