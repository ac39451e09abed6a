import type { Pillar, RiskLevel } from '../analysis/verdict';

/** An evidence a rule may attach when it fires: its key and what it shows. */
export type EvidenceSpec = { key: string; label: string; description: string };

/** A parameter of a rule: thresholds are data so that changing one changes the catalog hash. */
export type RuleParameter = number | string | string[];

export type SignalRule = {
  code: string;
  name: string;
  pillar: Pillar;
  /** Integer points (0–100) the signal contributes to its pillar when identified. */
  base_points: number;
  version: string;
  description: string;
  evidences: EvidenceSpec[];
  /** What this rule cannot see, whatever the data (static); data gaps are reported per analysis. */
  limitations: string[];
  regulatory_references: string[];
  parameters: Record<string, RuleParameter>;
  /** A dispositive floor: when identified, the final score is at least floor_score. */
  band_floor: { floor_score: number; reason: string } | null;
  /** When identified, escalation is required whatever the score. */
  escalation: { code: string; reason: string } | null;
  /**
   * When identified, review is required whatever the score (never a floor). Absent from the rules
   * of catalogs before 2026.12.1 (their content, and so their hashes, never change).
   */
  review_required?: { reason: string };
};

export type ModifierRule = {
  code: string;
  name: string;
  /** Basis points added to the meta-signal multiplier (10000 = 1.0): > 0 aggravant, < 0 attenuant. */
  multiplier_delta: number;
  version: string;
  description: string;
  parameters: Record<string, RuleParameter>;
};

export type MetaSignalRule = {
  code: string;
  name: string;
  pillar: Pillar;
  kind: 'observable';
  version: string;
  description: string;
  aggravants: ModifierRule[];
  attenuants: ModifierRule[];
};

export type RiskBand = { level: RiskLevel; min_score: number; max_score: number };

export type RuleCatalog = {
  rules_version: string;
  regulatory_catalog_version: string;
  /** Basis points per pillar (10000 = 1.0); they need not sum to 10000: the diffuse score is capped at 100. */
  pillar_weights: Record<Pillar, number>;
  /** Bounds of a meta-signal multiplier, basis points. */
  multiplier_bounds: { min: number; max: number };
  risk_bands: RiskBand[];
  review_recommended_from: RiskLevel;
  review_required_from: RiskLevel;
  escalation_from: RiskLevel;
  signals: SignalRule[];
  meta_signals: MetaSignalRule[];
};
