/**
 * The regulatory manifest (docs/regulatory-manifest.md): versioned, immutable data like the rule
 * catalog. It says which norms the service serves, what each requires, which rule-catalog
 * signals evidence each requirement, in which report type and section they appear, and the code
 * tables of the regulators' layouts. A change of any mapping is a new version.
 */
export type Regulator = 'coaf' | 'bcb';
export const reportTypes = ['coaf_cos', 'bcb_dossie'] as const;
export type ReportType = (typeof reportTypes)[number];
export type SectionKind = 'deterministic' | 'narrative';

export type Norm = {
  id: string;
  title: string;
  /** The official citation, as a compliance officer writes it. */
  reference: string;
  issuer: string;
  in_force_from: string;
  in_force_to: string | null;
};

/** When the obligation falls due, counted from a named event. */
export type DeadlineRule = { kind: 'hours_after'; hours: number; anchor: string } | { kind: 'next_business_day_after'; anchor: string };

/**
 * Keep for `years` from the anchor's date, or (`counted_from: first_day_of_next_year`, Circular
 * 3.978 art. 67) from 1 January of the year after it. Absent `counted_from`: from the date itself.
 */
export type RetentionRule = { years: number; anchor: string; counted_from?: 'first_day_of_next_year' };

export type Requirement = {
  id: string;
  norm_id: string;
  article: string;
  summary: string;
  deadline: DeadlineRule | null;
  retention: RetentionRule | null;
};

export type ReportSectionSpec = { key: string; title: string; kind: SectionKind; required: boolean };

export type ReportTypeSpec = {
  type: ReportType;
  regulator: Regulator;
  title: string;
  purpose: string;
  norm_ids: string[];
  /** In reading order: the report's sections appear in this order everywhere. */
  sections: ReportSectionSpec[];
  /** Whether the regulator's filing is recorded on the report (protocol, filed_at). */
  fileable: boolean;
};

/** Requirement → the signal codes that evidence it → where a report shows them. */
export type RequirementMapping = { requirement_id: string; signal_codes: string[]; report_type: ReportType; section_key: string };

export type CodeEntry = { code: string; description: string; reference: string };

/** Any identified signal among `signal_codes` places the communication under `code`. */
export type EnquadramentoRule = { code: string; signal_codes: string[] };

/**
 * The report window: the service's freshness rule (a stale snapshot misses list and media
 * updates), not a legal deadline. Manifests before 2026.12.2 cite a requirement for it; from
 * 2026.12.2 on `requirement_id` is null and `basis` says what it is.
 */
export type ReportWindowRule = {
  hours: number;
  anchor: 'analysis.completed_at';
  requirement_id: string | null;
  basis?: 'service_freshness_rule';
};

export type RegulatoryManifest = {
  version: string;
  /** The rule-catalog versions whose signal codes this manifest maps (checked by its unit test). */
  compatible_rules_versions: string[];
  norms: Norm[];
  requirements: Requirement[];
  report_types: ReportTypeSpec[];
  mappings: RequirementMapping[];
  coaf: {
    enquadramentos: CodeEntry[];
    enquadramento_rules: EnquadramentoRule[];
    /** Siscoaf TpEnv: how a party is involved in the communicated situation. */
    envolvimento_types: CodeEntry[];
  };
  window: ReportWindowRule;
  retention: Record<ReportType, RetentionRule>;
};
