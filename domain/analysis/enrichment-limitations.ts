import { MEDIA_SCREENED_ENTITIES, type UnmappedNationality, WATCHLIST_SCREENED_ENTITIES } from './plan-network-screening';
import type { SnapshotLimitation, SnapshotWatchlistVersion } from './snapshot';

/** What the enrichment could not cover, as the loader and the screenings report it. */
export type EnrichmentCoverage = {
  subjectEntityId: number;
  asOf: string;
  network: { truncated: boolean; maxNodes: number; maxDepth: number };
  /** Related parties at hop ≤ 1 left out of the adverse-media screening. */
  mediaSkipped: number;
  /** Screenable entities left out of the name screening; null when the snapshot has no name screening. */
  watchlistSkipped: number | null;
  watchlistLists: readonly SnapshotWatchlistVersion[];
  /** Screened entities whose country name did not map to ISO 3166 (absent: none). */
  unmappedNationalities?: readonly UnmappedNationality[];
};

const listNames: Record<string, string> = {
  un: 'UN Security Council Consolidated List',
  ofac_sdn: 'OFAC SDN list',
  eu_fsf: 'EU Financial Sanctions Files',
};

/**
 * The snapshot's limitations (docs/engine.md, docs/watchlists.md "Freshness"): one per gap, in the
 * wording verdicts carry. Pure: the use case decides, the repositories only read rows.
 */
export function enrichmentLimitations(coverage: EnrichmentCoverage): SnapshotLimitation[] {
  const subject = coverage.subjectEntityId;
  const limitations: SnapshotLimitation[] = [];
  if (coverage.mediaSkipped > 0) {
    limitations.push({
      code: 'adverse_media_partially_screened',
      message: `Adverse media was screened for the subject and its ${MEDIA_SCREENED_ENTITIES - 1} closest related parties only.`,
      entity_id: subject,
      details: { not_screened_entities: coverage.mediaSkipped },
    });
  }
  if (coverage.network.truncated) {
    limitations.push({
      code: 'network_truncated',
      message: `The network was cut at ${coverage.network.maxNodes} entities.`,
      entity_id: subject,
      details: { max_nodes: coverage.network.maxNodes, max_depth: coverage.network.maxDepth },
    });
  }
  if (coverage.watchlistSkipped !== null && coverage.watchlistSkipped > 0) {
    limitations.push({
      code: 'watchlist_partially_screened',
      entity_id: subject,
      details: { not_screened_entities: coverage.watchlistSkipped, screened_entities: WATCHLIST_SCREENED_ENTITIES },
      message: `Names were screened against the sanctions lists for the subject and its ${WATCHLIST_SCREENED_ENTITIES - 1} nearest related parties only.`,
    });
  }
  for (const list of coverage.watchlistLists) {
    const name = listNames[list.list] ?? list.list;
    if (list.version === null) {
      limitations.push({
        code: 'watchlist_not_imported',
        entity_id: subject,
        details: { list: list.list },
        message: `The ${name} (${list.list}) was never imported: no name was screened against it.`,
      });
    } else if (list.stale) {
      limitations.push({
        code: 'watchlist_stale',
        entity_id: subject,
        details: {
          list: list.list,
          version: list.version,
          published_on: list.published_on,
          freshness_days: list.freshness_days,
          as_of: coverage.asOf,
        },
        message: `The ${name} (${list.list}) screened against is version ${list.version}, published on ${list.published_on}, more than ${list.freshness_days} days before ${coverage.asOf}: a later designation may be missing.`,
      });
    }
  }
  // Screened without a nationality: a contradicting one cannot clear a namesake, an agreeing one
  // cannot add its weight (docs/watchlists.md, "Country names").
  for (const u of [...(coverage.unmappedNationalities ?? [])].sort((a, b) => a.entity_id - b.entity_id)) {
    limitations.push({
      code: 'nationality_unmapped',
      entity_id: u.entity_id,
      details: { field: u.field, country: u.country },
      message: `Nationality of ${u.name} unknown: country '${u.country}' not mapped.`,
    });
  }
  return limitations;
}
