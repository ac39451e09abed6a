import type { Executor } from '../../create-db';

/** A list's publication as imported (the CGU registers cepim and ceaf included). */
export type WatchlistVersionRow = {
  list: string;
  version: string;
  published_at: Date;
  imported_at: Date;
  entries: number;
  file_sha256: string;
  status: 'current' | 'superseded';
};

/** The publication of each list the service screens against now (one row per list). */
export async function listCurrentWatchlistVersions(db: Executor): Promise<WatchlistVersionRow[]> {
  return db('watchlist_versions')
    .where({ status: 'current' })
    .orderBy('list')
    .select('list', 'version', 'published_at', 'imported_at', 'entries', 'file_sha256', 'status');
}
