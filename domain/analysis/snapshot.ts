/**
 * The enrichment snapshot: everything an analysis knows about its subject at `as_of`, frozen.
 * It is the only input of scoring and graph building, which are pure: the same snapshot gives
 * the same verdict, byte for byte (docs/engine.md). Every array is sorted canonically by the
 * builder (ids ascending) so that source order never leaks into a fingerprint.
 *
 * Amounts and percentages are decimal strings (fixed point, never floats): "12.500000".
 */
export const SNAPSHOT_SCHEMA_VERSION = 1;

export type EntityType =
  | 'person'
  | 'organization'
  | 'government_agency'
  | 'financial_institution'
  | 'political_party'
  | 'foreign_entity'
  | 'vessel'
  | 'aircraft'
  | 'notary_office'
  | 'unknown';

export type SnapshotEntity = {
  entity_id: number;
  entity_type: EntityType;
  display_name: string;
  normalized_name: string;
  document: string | null;
  document_type: string | null;
  status: string | null;
  /** Hops from the subject over relationships in either direction (subject = 0). */
  hop: number;
  /** SubjectProfile fields other than the ones above (docs/engine.md), as stored. */
  profile: Record<string, unknown>;
  /**
   * The loader stopped at this entity (the last hop it reached, normally `max_depth`) and the
   * store holds links from it to entities outside the snapshot. False when every link of the
   * entity stays inside the snapshot. Absent in snapshots written before the loader said so:
   * what lies beyond their boundary entities is unknown, not absent.
   */
  has_links_beyond_depth?: boolean;
};

export type SnapshotRelationship = {
  relationship_id: number;
  /** Direction: source is owner / partner / administrator / branch of target. */
  source_entity_id: number;
  target_entity_id: number;
  relationship_type: string; // PARTNER_OF | OWNS | ADMINISTERS | LEGAL_REPRESENTATIVE_OF | FAMILY_OF | ACCOUNT_AT_INSTITUTION | EMPLOYED_BY | BRANCH_OF | CONTROLS
  relationship_subtype: string | null;
  relationship_role: string | null;
  qualification_code: string | null;
  ownership_percentage: string | null;
  voting_percentage: string | null;
  valid_from: string | null;
  valid_to: string | null;
  is_active: boolean;
  evidence_source: string;
  evidence_table: string | null;
  evidence_id: string | null;
  confidence_level: string;
};

export type SnapshotPepRecord = {
  pep_record_id: number;
  entity_id: number;
  role_acronym: string | null;
  role_description: string | null;
  role_level: string | null;
  institution_name: string | null;
  start_date: string | null;
  end_date: string | null;
  grace_end_date: string | null;
  pep_type: string;
};

export type SnapshotSanction = {
  sanction_id: number;
  entity_id: number;
  list_code: string; // ceis | cnep
  sanction_type: string | null;
  start_date: string | null;
  end_date: string | null;
  sanctioning_body: string | null;
  process_number: string | null;
  legal_basis: string | null;
};

export type SnapshotProceeding = {
  proceeding_id: number;
  proceeding_number: string;
  proceeding_type: string | null;
  status: string | null;
  opened_at: string | null;
  decision_date: string | null;
  closed_at: string | null;
  authority: string | null;
  summary: string | null;
  /** Parties resolved to entities of the network. */
  parties: { entity_id: number; role: string | null }[];
};

export type SnapshotOwnershipDeclaration = {
  declaration_id: number;
  subject_entity_id: number;
  owner_entity_id: number;
  interest_types: string[];
  share_exact: string | null;
  share_minimum: string | null;
  share_maximum: string | null;
  is_direct: boolean | null;
  beneficial_ownership_or_control: boolean | null;
  start_date: string | null;
  end_date: string | null;
  statement_id: string;
};

export type SnapshotMediaHit = {
  article_id: string;
  url: string;
  title: string;
  source: string | null;
  published_at: string | null;
  entity_id: number;
  matched_name: string;
  match_type: string;
  match_score: number; // integer 0-100
  category: string;
  snippet: string;
};

export type SnapshotLimitation = { code: string; message: string; entity_id: number | null; details: Record<string, unknown> };

export type Snapshot = {
  schema_version: typeof SNAPSHOT_SCHEMA_VERSION;
  /** The analysis date (UTC calendar day): the only way time enters a verdict. */
  as_of: string;
  subject_entity_id: number;
  /** Network reached from the subject within `max_depth` hops, the subject included. */
  network: {
    max_depth: number;
    truncated: boolean;
    entities: SnapshotEntity[];
    relationships: SnapshotRelationship[];
  };
  pep_records: SnapshotPepRecord[];
  sanctions: SnapshotSanction[];
  proceedings: SnapshotProceeding[];
  ownership_declarations: SnapshotOwnershipDeclaration[];
  media_hits: SnapshotMediaHit[];
  /** What the enrichment could not know (e.g. truncated network, media not screened). */
  limitations: SnapshotLimitation[];
  /**
   * The configured parameters that shape the verdict, frozen with the facts so that a replay needs
   * nothing else. Absent in older snapshots: the defaults.
   */
  parameters?: SnapshotParameters;
  /**
   * The name screening of the subject and its network against the international lists
   * (docs/watchlists.md, "In every analysis"): the list versions used and every reported result
   * with the matched entry's data, frozen so that a replay never queries a list. Absent in
   * snapshots written before the analyses screened names.
   */
  watchlist_screening?: SnapshotWatchlistScreening;
};

/** A list's publication as the enrichment saw it; version and published_at null when never imported. */
export type SnapshotWatchlistVersion = {
  list: string;
  version: string | null;
  /** The publication's day, 'YYYY-MM-DD' (UTC). */
  published_on: string | null;
  freshness_days: number;
  /** Published longer than freshness_days before as_of, or never imported. */
  stale: boolean;
};

/** The listed entry a result was scored against, as the list version said it. */
export type SnapshotWatchlistEntry = {
  schema: string;
  names: { name: string; quality: string }[];
  birth_dates: string[];
  nationalities: string[];
  documents: { type: string | null; number: string; country: string | null }[];
  programs: string[];
  listed_on: string | null;
};

/**
 * One reported result of one screened entity. Scores are fixed-point decimal strings with four
 * decimals ("0.9441"), as the matcher rounds them: nothing that reaches a fingerprint is a float.
 */
export type SnapshotWatchlistMatch = {
  entity_id: number;
  /** The schema the entity was screened as (a foreign partner is screened as both). */
  screened_as: 'person' | 'organization';
  /** What the entity was screened with: its name and the features the store knows. */
  query: { name: string; birth_date: string | null; nationality: string | null };
  list: string;
  entry_id: string;
  list_version: string;
  entry: SnapshotWatchlistEntry;
  matched_name: string;
  score: string;
  match: boolean;
  features: { name: string; birth_date: string | null; nationality: string | null; document: string | null };
  explanation: string[];
};

export type SnapshotWatchlistScreening = {
  algorithm: { name: string; version: string };
  /** The match threshold, fixed point ("0.7000"). */
  threshold: string;
  lists: SnapshotWatchlistVersion[];
  /** The entities screened (ids ascending); the network's others were not (a limitation says so). */
  screened_entity_ids: number[];
  matches: SnapshotWatchlistMatch[];
};

export type SnapshotParameters = { ubo_threshold_percent: number };
