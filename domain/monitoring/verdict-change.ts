import type { RiskLevel } from '../analysis/verdict';

/**
 * What a monitored subject's new verdict changed against the last one (docs/monitoring.md,
 * "Alerts"). The verdict fingerprint decides whether anything changed at all (it leaves out
 * as_of: docs/engine.md, "Fingerprints"), so a re-analysis on another day of unchanged data is no
 * alert; the risk level, then the score, decide the kind; the identified signal codes give what
 * was added and removed. "Did risk increase" is decided here and only here: an increase opens a
 * case (docs/people-and-cases.md).
 */
export type VerdictState = { score: number; risk_level: RiskLevel; verdict_fingerprint: string; signals: readonly string[] };

export type AlertKind = 'risk_increased' | 'risk_decreased' | 'signals_changed';

export type VerdictChange = {
  kind: AlertKind;
  previous: { score: number; risk_level: RiskLevel };
  current: { score: number; risk_level: RiskLevel };
  signals_added: string[];
  signals_removed: string[];
};

const levelRank: Readonly<Record<RiskLevel, number>> = { low: 0, medium: 1, high: 2, critical: 3 };

/** Undefined: no alert (the baseline, or the same verdict fingerprint). */
export function verdictChange(previous: VerdictState | null, current: VerdictState): VerdictChange | undefined {
  if (!previous || previous.verdict_fingerprint === current.verdict_fingerprint) return undefined;
  const before = new Set(previous.signals);
  const after = new Set(current.signals);
  return {
    kind: kindOf(previous, current),
    previous: { score: previous.score, risk_level: previous.risk_level },
    current: { score: current.score, risk_level: current.risk_level },
    signals_added: [...after].filter((code) => !before.has(code)).sort(),
    signals_removed: [...before].filter((code) => !after.has(code)).sort(),
  };
}

function kindOf(previous: VerdictState, current: VerdictState): AlertKind {
  const byLevel = levelRank[current.risk_level] - levelRank[previous.risk_level];
  const delta = byLevel !== 0 ? byLevel : current.score - previous.score;
  if (delta > 0) return 'risk_increased';
  if (delta < 0) return 'risk_decreased';
  return 'signals_changed';
}

/** The one decision a case hangs on (docs/monitoring.md, "A risk increase opens a case"). */
export function riskIncreased(change: Pick<VerdictChange, 'kind'> | undefined): boolean {
  return change?.kind === 'risk_increased';
}
