import type { PillarBreakdown, Signal, VerdictRisk } from '../api/types';

/**
 * The parts of a verdict the console lays out: the pillar bars (subscore on 0–100 and what the
 * weight made of it), the review and escalation flags, and the signals split into those that
 * fired and those evaluated without firing.
 */
export type PillarBar = {
  pillar: string;
  subscore: number;
  weighted: number;
  weight: number;
  subscoreWidth: number;
  weightedWidth: number;
  codes: string[];
};

const clampPercent = (value: number) => Math.max(0, Math.min(100, value));

export function pillarBars(breakdown: readonly PillarBreakdown[] | undefined): PillarBar[] {
  return [...(breakdown ?? [])]
    .map((p) => ({
      pillar: p.pillar,
      subscore: p.subscore,
      weighted: p.weighted_score,
      weight: p.weight / 10000,
      subscoreWidth: clampPercent(p.subscore),
      weightedWidth: clampPercent(p.weighted_score),
      codes: p.identified_signal_codes,
    }))
    .sort((a, b) => b.weighted - a.weighted || b.subscore - a.subscore || a.pillar.localeCompare(b.pillar));
}

export type VerdictFlag = { key: 'review_required' | 'review_recommended' | 'escalation_required'; on: boolean };

export function verdictFlags(risk: Pick<VerdictRisk, VerdictFlag['key']> | null | undefined): VerdictFlag[] {
  return (['escalation_required', 'review_required', 'review_recommended'] as const).map((key) => ({ key, on: risk?.[key] === true }));
}

export function splitSignals<S extends Pick<Signal, 'code' | 'identified' | 'score'>>(
  signals: readonly S[] | null | undefined,
): { identified: S[]; notIdentified: S[] } {
  const all = [...(signals ?? [])];
  const byScore = (a: S, b: S) => b.score - a.score || a.code.localeCompare(b.code);
  return {
    identified: all.filter((s) => s.identified).sort(byScore),
    notIdentified: all.filter((s) => !s.identified).sort((a, b) => a.code.localeCompare(b.code)),
  };
}

/** The fingerprints a replay compares, in the order an auditor reads them. */
export const FINGERPRINT_FIELDS = ['snapshot_hash', 'input_fingerprint', 'engine_fingerprint', 'verdict_fingerprint'] as const;
export const VERSION_FIELDS = [
  'rules_version',
  'regulatory_catalog_version',
  'scoring_engine_version',
  'analysis_workflow_version',
  'operational_model',
  'operational_prompt_version',
] as const;
