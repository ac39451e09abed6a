import type { AnalysisSummary } from '../../contracts/analysis-workflow-contract';
import type { Verdict } from '../../domain/analysis/verdict';

/** The sync response body: a summary, never the whole verdict, travels through Temporal. */
export function summarize(uuid: string, v: Verdict): AnalysisSummary {
  const { rules_version, engine_fingerprint, input_fingerprint, verdict_fingerprint, snapshot_hash } = v.versions;
  return { uuid, risk: { score: v.risk.score, risk_level: v.risk.risk_level }, subject: v.subject, versions: { rules_version, engine_fingerprint, input_fingerprint, verdict_fingerprint, snapshot_hash } };
}
