import type { MatchQuery, WatchlistEntry } from '../../domain/watchlists/watchlist-entry';

/**
 * A labelled pair written as the reference matcher reads it (docs/watchlists.md, "Beside an
 * independent matcher"): OpenSanctions' FollowTheMoney entities — `Person` or `Organization`
 * with `name`, `alias`, `weakAlias`, `birthDate`, `nationality` (`country` for an organization)
 * and `idNumber` — carrying exactly what our scorer is given, nothing more.
 */
export type FtmEntity = { id: string; schema: 'Person' | 'Organization'; properties: Record<string, string[]> };
export type ReferencePair = { id: string; query: FtmEntity; candidate: FtmEntity };

const schemaOf = (schema: MatchQuery['schema']) => (schema === 'person' ? 'Person' : 'Organization');
const countryProperty = (schema: MatchQuery['schema']) => (schema === 'person' ? 'nationality' : 'country');

function withoutEmpty(properties: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(properties).filter(([, values]) => values.length > 0));
}

export function queryEntity(id: string, query: MatchQuery): FtmEntity {
  return {
    id,
    schema: schemaOf(query.schema),
    properties: withoutEmpty({
      name: [query.name],
      alias: query.aliases ?? [],
      birthDate: query.birth_date ? [query.birth_date] : [],
      [countryProperty(query.schema)]: query.nationality ? [query.nationality.toLowerCase()] : [],
      idNumber: query.document ? [query.document] : [],
    }),
  };
}

/** The list's primary name is `name`, its strong aliases `alias`, its weak ones `weakAlias`. */
export function entryEntity(entry: WatchlistEntry): FtmEntity {
  const names = (quality: string) => entry.names.filter((n) => n.quality === quality).map((n) => n.name);
  return {
    id: `${entry.list}-${entry.entry_id}`,
    schema: schemaOf(entry.schema),
    properties: withoutEmpty({
      name: names('primary'),
      alias: names('strong'),
      weakAlias: names('weak'),
      birthDate: entry.birth_dates,
      [countryProperty(entry.schema)]: entry.nationalities.map((c) => c.toLowerCase()),
      idNumber: entry.documents.map((d) => d.number),
    }),
  };
}

export function referencePairOf(id: string, query: MatchQuery, entry: WatchlistEntry): ReferencePair {
  return { id, query: queryEntity(`q-${id}`, query), candidate: entryEntity(entry) };
}
