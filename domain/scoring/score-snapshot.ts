import type { Snapshot } from '../analysis/snapshot';
import { PILLARS, type EvaluatedSignal, type SignalCounts, type Verdict, type VerdictRisk } from '../analysis/verdict';
import { toSubjectProfile } from '../analysis/subject-profile';
import { engineFingerprint, SCORING_ENGINE_VERSION } from '../rules/catalog-hash';
import { ruleCatalogV1 } from '../rules/catalog-v1';
import type { RuleCatalog } from '../rules/types';
import { canonicalizeSnapshot } from './canonical-snapshot';
import { buildContext } from './context';
import { evaluateSignals } from './evaluate-signals';
import { explain } from './explanation';
import { evaluateMetaSignals } from './meta-signals';
import { bandFloors, escalationReasons, flagsFor, pillarBreakdown, riskLevelOf } from './risk';
import { fingerprintCanonicalSnapshot, verdictFingerprint } from './snapshot-fingerprints';
import { resolveUboThresholdPercent } from '../snapshot-facts/ubo-threshold';

export type ScoreOptions = {
  /** Owned by the workflow contract (`analysis-workflow.v2`); no default: an engine-side one drifted. */
  analysisWorkflowVersion: string;
  /** Threshold of the profile's ubo_count; by default the snapshot's own (`parameters`), as the graph's. */
  uboThresholdPercent?: number;
};

/**
 * The pure engine: snapshot → verdict. No I/O, no clock, no randomness; integer arithmetic
 * only. The snapshot is put in canonical order first, so input order never matters.
 */
export function scoreSnapshot(snapshot: Snapshot, catalog: RuleCatalog = ruleCatalogV1, options: ScoreOptions): Verdict {
  // A verdict must say which orchestration produced it; a caller typed loosely gets an error, not a guess.
  if (typeof options?.analysisWorkflowVersion !== 'string' || options.analysisWorkflowVersion === '') {
    throw new Error('scoreSnapshot: options.analysisWorkflowVersion is required (the analysis workflow owns it)');
  }
  const canonical = canonicalizeSnapshot(snapshot);
  const ctx = buildContext(canonical, catalog);
  const signals = evaluateSignals(ctx, catalog);
  const metaSignals = evaluateMetaSignals(ctx, signals, catalog);
  const breakdown = pillarBreakdown(signals, metaSignals, catalog);
  const diffuse = Math.min(
    100,
    breakdown.reduce((sum, p) => sum + p.weighted_score, 0),
  );
  const floors = bandFloors(signals, catalog);
  const floor = floors[0]?.floor_score ?? 0;
  const score = Math.max(diffuse, floor);
  const level = riskLevelOf(score, catalog);
  const flags = withSignalReview(flagsFor(level, catalog), signals, catalog);
  const escalations = escalationReasons(signals, level, floor > diffuse ? floors[0].source_code : null, catalog);
  const risk: VerdictRisk = {
    score,
    risk_level: level,
    diffuse_score: diffuse,
    dispositive_floor: floor,
    review_recommended: flags.review_recommended,
    review_required: flags.review_required,
    escalation_required: escalations.length > 0,
    escalation_reasons: escalations,
    band_floors_applied: floors,
    limitations: collectLimitations(canonical, signals),
    meta_signals: metaSignals,
    pillar_breakdown: breakdown,
  };
  const computed = {
    risk,
    signals,
    signal_counts: countSignals(signals),
    explanation: explain({ risk, signals }, catalog),
    subject: toSubjectProfile(canonical, {
      uboThresholdPercent: resolveUboThresholdPercent(options.uboThresholdPercent ?? canonical.parameters?.ubo_threshold_percent),
    }),
  };
  const fingerprints = fingerprintCanonicalSnapshot(canonical);
  const versions = {
    rules_version: catalog.rules_version,
    engine_fingerprint: engineFingerprint(catalog),
    input_fingerprint: fingerprints.inputFingerprint,
    snapshot_hash: fingerprints.snapshotHash,
    scoring_engine_version: SCORING_ENGINE_VERSION,
    regulatory_catalog_version: catalog.regulatory_catalog_version,
    analysis_workflow_version: options.analysisWorkflowVersion,
    operational_model: 'deterministic-rules' as const,
    operational_prompt_version: 'none' as const,
  };
  return { ...computed, versions: { ...versions, verdict_fingerprint: verdictFingerprint({ ...computed, versions }) } };
}

/**
 * A rule with `review_required` (catalog 2026.12.1 on) requires review when identified, whatever
 * the level, and so recommends it too; older catalogs have no such rule, so their flags are the level's.
 */
function withSignalReview<F extends { review_recommended: boolean; review_required: boolean }>(
  flags: F,
  signals: EvaluatedSignal[],
  catalog: RuleCatalog,
): F {
  const identified = new Set(signals.filter((s) => s.identified).map((s) => s.code));
  const review = catalog.signals.some((rule) => rule.review_required !== undefined && identified.has(rule.code));
  return review ? { ...flags, review_recommended: true, review_required: true } : flags;
}

function countSignals(signals: EvaluatedSignal[]): SignalCounts {
  const byPillar = Object.fromEntries(
    PILLARS.map((pillar) => {
      const members = signals.filter((s) => s.pillar === pillar);
      return [
        pillar,
        {
          identified: members.filter((s) => s.identified).length,
          evaluated: members.length,
          score_sum: members.reduce((sum, s) => sum + s.score, 0),
        },
      ];
    }),
  ) as SignalCounts['by_pillar'];
  return {
    score_sum: signals.reduce((sum, s) => sum + s.score, 0),
    total: signals.length,
    identified: signals.filter((s) => s.identified).length,
    by_pillar: byPillar,
  };
}

/** The snapshot's own limitations, then each signal's, de-duplicated, in a stable order. */
function collectLimitations(snapshot: Snapshot, signals: EvaluatedSignal[]): string[] {
  const texts = [
    ...snapshot.limitations.map((l) => `${l.code}: ${l.message}`),
    ...signals.flatMap((s) => s.limitations.map((l) => `${s.code}: ${l.justification}`)),
  ];
  return [...new Set(texts)];
}
