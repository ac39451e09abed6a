/**
 * The shapes the name matcher speaks: a list entry as the importers store it, a screening query
 * as `POST /watchlists/match` receives it, and one ranked result as that route answers it
 * (docs/watchlists.md). Field names are the wire's (snake_case) so that the importers, the
 * repository and the route pass them through without renaming.
 */

/** The lists screened by name; the CGU registers (cepim, ceaf) are keyed by CPF/CNPJ instead. */
export const watchlistCodes = ['un', 'ofac_sdn', 'eu_fsf'] as const;
export type WatchlistCode = (typeof watchlistCodes)[number];

export const watchlistSchemas = ['person', 'organization'] as const;
export type WatchlistSchema = (typeof watchlistSchemas)[number];

/**
 * `primary` is the entry's own name; aliases carry the publisher's quality: `strong` (a name the
 * subject is known by: UN "Good", OFAC "strong") or `weak` (UN "Low", OFAC "weak" — a nickname or
 * a name too generic to identify anyone alone; a weak alias is scored lower).
 */
export type WatchlistNameQuality = 'primary' | 'strong' | 'weak';
export type WatchlistName = { name: string; quality: WatchlistNameQuality };

/**
 * A foreign identity document as published. `type` is free text from the list ("Passport",
 * "National Identification Number"…), `country` ISO 3166 alpha-2 when the list says it.
 */
export type WatchlistDocument = { type: string | null; number: string; country: string | null };

export type WatchlistEntry = {
  list: WatchlistCode;
  /** The publisher's own identifier: the UN REFERENCE_NUMBER, OFAC's uid, the EU's logicalId. */
  entry_id: string;
  schema: WatchlistSchema;
  /** The primary name first, then the aliases; never empty. */
  names: WatchlistName[];
  /** 'YYYY-MM-DD' or 'YYYY' (a list that gives only a year, or a range's years one by one). */
  birth_dates: string[];
  /** ISO 3166 alpha-2, upper case (nationality and citizenship alike). */
  nationalities: string[];
  documents: WatchlistDocument[];
  /** Sanctions programs or regimes ("SDGT", "QDi", the EU regulation's programme). */
  programs: string[];
  /** 'YYYY-MM-DD' or null when the list does not say. */
  listed_on: string | null;
};

/** One subject to screen: a person or an organization the entity store need not hold. */
export type MatchQuery = {
  schema: WatchlistSchema;
  name: string;
  aliases?: string[];
  /** 'YYYY-MM-DD' or 'YYYY'. */
  birth_date?: string;
  /** ISO 3166 alpha-2. */
  nationality?: string;
  /** Any identity document number; compared after removing punctuation and case. */
  document?: string;
};

/** Each feature's score in [0, 1], or null when the query or the entry does not carry it. */
export type MatchFeatures = {
  name: number;
  birth_date: number | null;
  nationality: number | null;
  document: number | null;
};

/** What the pure scorer says about one query against one entry. */
export type MatchScore = {
  /** 0–1, rounded to 4 decimals. */
  score: number;
  match: boolean;
  features: MatchFeatures;
  /** The entry name (primary or alias) that agreed best with the query. */
  matched_name: string;
  /** Short English sentences, name first, then each comparable feature. */
  explanation: string[];
};

/** One item of a `POST /watchlists/match` result, best first. */
export type MatchResult = MatchScore & {
  list: WatchlistCode;
  entry_id: string;
  schema: WatchlistSchema;
  /** The entry's primary name. */
  name: string;
  programs: string[];
  listed_on: string | null;
  /** The version of the list the entry came from (the publisher's generation date). */
  list_version: string;
};

/** The algorithm that produced a score, recorded beside every result. */
export type MatcherAlgorithm = { name: string; version: string };
