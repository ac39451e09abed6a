import type { PoolClient } from 'pg';
import { nationalityOf, watchlistSchemasOf } from '../../domain/analysis/plan-network-screening';
import { rankCandidates } from '../../domain/watchlists/rank-candidates';
import { defaultMatchThreshold } from '../../domain/watchlists/score-match';
import type { WatchlistCode, WatchlistEntry, WatchlistName } from '../../domain/watchlists/watchlist-entry';

/**
 * Below this many changed names per monitored entity the names probe the entities' trigram index
 * (a daily delta: dozens of names against a large registry); above it (a list's first import,
 * thousands of names) the monitored entities probe the changed names instead. Either road finds
 * the same pairs; only the number of index probes differs.
 */
const NAMES_PER_MONITORED_ENTITY = 1 / 40;

/**
 * Keep the names a changed entry had before this import: its names are re-keyed (deleted and
 * inserted) when its content changed, and a monitor that matched an old name is affected too.
 * Call before the names are replaced; `stg_watchlist_changed` must exist (import-watchlist.ts).
 */
export async function keepFormerNames(client: PoolClient, list: WatchlistCode): Promise<void> {
  await client.query(
    `CREATE TEMP TABLE stg_watchlist_former_names ON COMMIT DROP AS
    SELECT n.entry_id, n.name, n.quality, n.normalized_name FROM watchlist_names n JOIN watchlist_entries e ON e.id = n.entry_id
      JOIN stg_watchlist_changed c ON c.entry_id = e.entry_id AND NOT c.same_content WHERE e.list = $1`,
    [list],
  );
}

/**
 * The change feed of a name list (docs/monitoring.md, "Change detection"): entries are matched
 * by name, not linked to entities, so the import re-screens, against the entries it changed
 * (new, content changed, listed again, or delisted by this version), the entities that some live
 * monitor's network holds (the entity → monitor index) — with the analysis's own matcher:
 * candidates by trigram similarity of the normalized names (the matcher's first road), then
 * `rankCandidates`, an entity kept when the analysis would report the entry (a match, or a name
 * agreeing as well as the threshold asks: domain/watchlists/screen-network.ts). Old names of a
 * changed entry count (keepFormerNames), so an entity that matched an entry before and not now
 * is found too. Runs after the list is replaced, in the import's transaction.
 */
export async function watchlistChangedEntities(client: PoolClient, list: WatchlistCode, version: string): Promise<number[]> {
  await client.query(
    `CREATE TEMP TABLE stg_watchlist_changed_entry ON COMMIT DROP AS
    SELECT e.id FROM watchlist_entries e JOIN stg_watchlist_changed c ON c.entry_id = e.entry_id WHERE e.list = $1 AND (c.is_new OR NOT c.same_content OR c.was_delisted)
    UNION SELECT e.id FROM watchlist_entries e WHERE e.list = $1 AND e.delisted_in_version = $2`,
    [list, version],
  );
  await client.query(`CREATE TEMP TABLE stg_watchlist_changed_name ON COMMIT DROP AS
    SELECT n.entry_id, n.name, n.quality, n.normalized_name FROM watchlist_names n JOIN stg_watchlist_changed_entry c ON c.id = n.entry_id
    UNION SELECT entry_id, name, quality, normalized_name FROM stg_watchlist_former_names`);
  const names = Number((await client.query('SELECT count(*) AS n FROM stg_watchlist_changed_name')).rows[0].n);
  if (names === 0) return [];
  await client.query(`CREATE TEMP TABLE stg_monitored_entity ON COMMIT DROP AS
    SELECT DISTINCT me.entity_id FROM monitor_entities me JOIN monitors m ON m.id = me.monitor_id WHERE m.status <> 'stopped'`);
  const monitored = Number((await client.query('SELECT count(*) AS n FROM stg_monitored_entity')).rows[0].n);
  if (monitored === 0) return [];
  const screenable = `e.entity_type IN ('person', 'organization', 'financial_institution', 'political_party', 'foreign_entity')`;
  let pairs: { entity_id: string; entry_id: string }[];
  if (names < monitored * NAMES_PER_MONITORED_ENTITY) {
    pairs = (
      await client.query(`SELECT DISTINCT e.id AS entity_id, n.entry_id FROM stg_watchlist_changed_name n
      JOIN entities e ON e.normalized_name % n.normalized_name
      WHERE ${screenable} AND e.id IN (SELECT entity_id FROM stg_monitored_entity)`)
    ).rows;
  } else {
    await client.query('CREATE INDEX ON stg_watchlist_changed_name USING gin (normalized_name gin_trgm_ops)');
    await client.query('ANALYZE stg_watchlist_changed_name');
    pairs = (
      await client.query(`SELECT DISTINCT e.id AS entity_id, n.entry_id FROM stg_monitored_entity me JOIN entities e ON e.id = me.entity_id
      JOIN stg_watchlist_changed_name n ON n.normalized_name % e.normalized_name WHERE ${screenable}`)
    ).rows;
  }
  if (pairs.length === 0) return [];

  const entryIds = [...new Set(pairs.map((p) => p.entry_id))];
  const entries = new Map<string, WatchlistEntry>();
  const { rows: entryRows } = await client.query(
    `SELECT e.id, e.list, e.entry_id, e.schema, e.programs, to_char(e.listed_on, 'YYYY-MM-DD') AS listed_on, e.birth_dates, e.nationalities, e.documents,
      (SELECT json_agg(json_build_object('name', n.name, 'quality', n.quality) ORDER BY n.quality <> 'primary', n.name) FROM stg_watchlist_changed_name n WHERE n.entry_id = e.id) AS names
    FROM watchlist_entries e WHERE e.id = ANY($1::bigint[])`,
    [entryIds],
  );
  for (const r of entryRows) {
    entries.set(String(r.id), {
      list: r.list,
      entry_id: r.entry_id,
      schema: r.schema,
      names: (r.names ?? []) as WatchlistName[],
      birth_dates: r.birth_dates,
      nationalities: r.nationalities,
      documents: r.documents,
      programs: r.programs,
      listed_on: r.listed_on,
    });
  }
  const entityIds = [...new Set(pairs.map((p) => p.entity_id))];
  const { rows: entityRows } = await client.query<{
    id: string;
    entity_type: string;
    display_name: string;
    profile: Record<string, unknown> | null;
  }>('SELECT id, entity_type, display_name, profile FROM entities WHERE id = ANY($1::bigint[])', [entityIds]);
  const candidatesOf = new Map<string, WatchlistEntry[]>();
  for (const p of pairs) {
    const entry = entries.get(String(p.entry_id));
    if (entry) (candidatesOf.get(String(p.entity_id)) ?? candidatesOf.set(String(p.entity_id), []).get(String(p.entity_id))!).push(entry);
  }
  const changed: number[] = [];
  for (const entity of entityRows) {
    const candidates = candidatesOf.get(String(entity.id)) ?? [];
    const nationality = nationalityOf({
      entity_type: entity.entity_type as Parameters<typeof nationalityOf>[0]['entity_type'],
      profile: entity.profile ?? {},
    });
    const reported = watchlistSchemasOf(entity.entity_type).some((schema) =>
      rankCandidates({ schema, name: entity.display_name.trim(), ...(nationality ? { nationality } : {}) }, candidates, {
        threshold: defaultMatchThreshold,
        limit: candidates.length,
      }).some((r) => r.result.match || r.result.features.name >= defaultMatchThreshold),
    );
    if (reported) changed.push(Number(entity.id));
  }
  return changed;
}
