import path from 'node:path';
import type { ListVersion } from '../watchlists/watchlist-read-item';
import { calendarDate } from '../watchlists/watchlist-read-item';

/**
 * The version of a CEPIM or CEAF download: its date, given as `--version YYYY-MM-DD` or read from
 * the name the Portal da Transparência gives it (`20261101_CEPIM.csv`, `20261101_CEAF.zip`).
 * The CSV itself carries no date, so a file with neither is refused rather than guessed.
 */
export function cguListVersion(list: 'cepim' | 'ceaf', file: string, given?: string): ListVersion {
  const fromName = /^(\d{4})(\d{2})(\d{2})_/.exec(path.basename(file));
  const match = given ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(given) : fromName;
  const day = match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
  if (!day) {
    throw new Error(
      given
        ? `--version "${given}" is not a date (YYYY-MM-DD)`
        : `${path.basename(file)}: the ${list.toUpperCase()} version is the download's date: name the file YYYYMMDD_${list.toUpperCase()}.csv as the Portal da Transparência does, or pass --version YYYY-MM-DD`,
    );
  }
  return { version: day, published_at: `${day}T00:00:00.000Z` };
}
