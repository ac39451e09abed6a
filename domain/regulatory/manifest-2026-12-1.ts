import type { RegulatoryManifest } from './manifest-types';
import { regulatoryManifest20261101 } from './manifest-2026-11-1';

/** The name-screening signals of rule catalog 2026.12.1 (domain/rules/signals-watchlists.ts). */
export const watchlistSignalCodes = [
  'SANCTION_UN_SUBJECT',
  'SANCTION_FOREIGN_SUBJECT',
  'SANCTION_FOREIGN_NETWORK',
  'WATCHLIST_POSSIBLE_MATCH',
];

/** Wherever manifest 2026.11.1 cites the sanctions signals, 2026.12.1 cites the name-screening ones beside them. */
function withWatchlistCodes(codes: string[]): string[] {
  return codes.includes('SANCTION_ACTIVE_SUBJECT_CEIS') ? [...codes, ...watchlistSignalCodes] : [...codes];
}

/**
 * Regulatory manifest 2026.12.1: the `regulatory_catalog_version` of rule catalog 2026.12.1 —
 * manifest 2026.11.1 with the watchlist signals mapped wherever the sanctions are (the same
 * sections, the COAF enquadramento of sanctions). Immutable once shipped, as 2026.11.1 is.
 */
export const regulatoryManifest20261201: RegulatoryManifest = {
  ...regulatoryManifest20261101,
  version: '2026.12.1',
  compatible_rules_versions: ['2026.12.1'],
  mappings: regulatoryManifest20261101.mappings.map((m) => ({ ...m, signal_codes: withWatchlistCodes(m.signal_codes) })),
  coaf: {
    ...regulatoryManifest20261101.coaf,
    enquadramento_rules: regulatoryManifest20261101.coaf.enquadramento_rules.map((r) => ({
      ...r,
      signal_codes: withWatchlistCodes(r.signal_codes),
    })),
  },
};
