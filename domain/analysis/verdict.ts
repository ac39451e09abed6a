/**
 * The verdict of one analysis: what scoring computes from a snapshot (domain/scoring).
 * `risk`, `subject` and `versions` fill the read form of docs/analyses.md; `signals`, `signal_counts`
 * and `explanation` feed the sub-resources. Every number is an integer: points 0–100, weights
 * and multipliers in basis points (10000 = 1.0), so nothing that reaches a fingerprint is a float.
 */
import type { SubjectProfile } from '../entity-store/subject-profile-fields';

// One SubjectProfile for the entity endpoints and the verdict (docs/engine.md, docs/analyses.md).
export type { SubjectProfile, SubjectProfileReadForm } from '../entity-store/subject-profile-fields';

export const PILLARS = [
  'sanctions',
  'pep_exposure',
  'legal_proceedings',
  'registry_status',
  'ownership_structure',
  'adverse_media',
  'network',
] as const;
export type Pillar = (typeof PILLARS)[number];

export type RiskLevel = 'low' | 'medium' | 'high' | 'critical';

/** docs/analyses.md Evidence. `content` is any JSON value; `metadata` a JSON object. */
export type Evidence = { key: string; label: string; description: string; content: unknown; metadata: Record<string, unknown> };

/** docs/analyses.md Limitation (analysis): which fields were missing and why that matters. */
export type Limitation = { fields: string[]; justification: string };

/** A graph hint: entity ids from the subject (first) to the observed entity (last). */
export type GraphPath = number[];

export type EvaluatedSignal = {
  code: string;
  name: string;
  pillar: Pillar;
  /** Version of this signal's rule in the catalog. */
  version: string;
  identified: boolean;
  base_points: number;
  /** Integer points this signal contributes to its pillar: base_points when identified, else 0. */
  score: number;
  /** The subject of the analysis (root) and the entity this rule assessed. */
  root_entity_id: number;
  assessed_entity_id: number;
  observed_entity_ids: number[];
  evidences: Evidence[];
  limitations: Limitation[];
  graph_paths: GraphPath[];
};

/** docs/analyses.md Modifier. multiplier_delta in basis points (+2500 = ×0.25 more). */
export type Modifier = { code: string; name: string; multiplier_delta: number; evidences: Evidence[]; limitations: Limitation[] };

/** docs/analyses.md MetaSignal: one per pillar, the pillar's signals adjusted by aggravants and attenuants. */
export type MetaSignal = {
  code: string;
  name: string;
  version: string;
  /** 'observable': aggregates signals observed in the snapshot. */
  kind: string;
  pillar: Pillar;
  identified: boolean;
  assessed_entity_id: number;
  root_entity_id: number;
  /** min(100, sum of the pillar's identified points). */
  base_score: number;
  /** Basis points: 10000 + the applied deltas, clamped to the catalog's bounds. */
  signal_multiplier: number;
  /** min(100, round(base_score × signal_multiplier / 10000)). */
  adjusted_score: number;
  applied_aggravants: Modifier[];
  applied_attenuants: Modifier[];
  evidences: Evidence[];
  graph_paths: GraphPath[];
  limitations: Limitation[];
  observed_entity_ids: number[];
};

export type PillarBreakdown = {
  pillar: Pillar;
  /** Sum of the points of the pillar's identified signals (uncapped). */
  base_points: number;
  /** The pillar's meta-signal adjusted_score, 0–100. */
  subscore: number;
  /** Basis points (10000 = 1.0). */
  weight: number;
  /** round(subscore × weight / 10000). */
  weighted_score: number;
  identified_signal_codes: string[];
};

export type BandFloor = { floor_score: number; reason: string; source_code: string };

export type EscalationReason = { code: string; reason: string; source_signal_code: string | null };

/** docs/analyses.md risk object. */
export type VerdictRisk = {
  score: number;
  risk_level: RiskLevel;
  /** min(100, sum of weighted pillar scores). */
  diffuse_score: number;
  /** Highest band floor applied, 0 when none. */
  dispositive_floor: number;
  review_recommended: boolean;
  review_required: boolean;
  escalation_required: boolean;
  escalation_reasons: EscalationReason[];
  band_floors_applied: BandFloor[];
  limitations: string[];
  meta_signals: MetaSignal[];
  pillar_breakdown: PillarBreakdown[];
};

export type PillarCount = { identified: number; evaluated: number; score_sum: number };

export type SignalCounts = {
  /** Sum of the identified signals' points (before pillar caps and modifiers). */
  score_sum: number;
  /** Number of signals evaluated. */
  total: number;
  identified: number;
  by_pillar: Record<Pillar, PillarCount>;
};

export type ExplanationItem = {
  /** 1-based position: the explanation is read in this order. */
  step: number;
  kind: 'signal' | 'pillar' | 'modifier' | 'band_floor' | 'score' | 'escalation' | 'limitation';
  code: string;
  pillar: Pillar | null;
  /** Points this item contributes (signal points, weighted pillar score, floor, final score...). */
  points: number;
  /** Rule version of the signal / meta-signal / catalog this item comes from. */
  version: string;
  text: string;
};

export type VerdictVersions = {
  rules_version: string;
  engine_fingerprint: string;
  input_fingerprint: string;
  verdict_fingerprint: string;
  snapshot_hash: string;
  scoring_engine_version: string;
  regulatory_catalog_version: string;
  analysis_workflow_version: string;
  operational_model: 'deterministic-rules';
  operational_prompt_version: 'none';
};

export type Verdict = {
  risk: VerdictRisk;
  /** Every signal of the catalog, evaluated, identified or not, in catalog order. */
  signals: EvaluatedSignal[];
  signal_counts: SignalCounts;
  explanation: ExplanationItem[];
  /** Create form; toSubjectProfileReadForm gives the read form. */
  subject: SubjectProfile;
  versions: VerdictVersions;
};
