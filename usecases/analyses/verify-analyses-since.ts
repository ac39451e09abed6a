import { listCompletedAnalysesSince } from '../../db/repositories/analyses/analysis-replay-repository';
import type { OperatorActor } from '../../domain/actor';
import { type AnalysisVerification, type VerifyDeps, verifyReplayRow } from './support/verify-replay-row';

export type VerificationSummary = { checked: number; matched: number; mismatched: number; mismatches: AnalysisVerification[] };

/** `ops analyses verify --since`: every completed analysis created since then, in batches (bounded memory). */
export async function verifyAnalysesSince(
  deps: VerifyDeps,
  actor: OperatorActor,
  input: { since: Date; onProgress?: (checked: number) => void },
): Promise<VerificationSummary> {
  const { since, onProgress } = input;
  const summary: VerificationSummary = { checked: 0, matched: 0, mismatched: 0, mismatches: [] };
  for (let afterId = 0; ;) {
    const rows = await listCompletedAnalysesSince(deps.db, since, afterId, 100);
    if (rows.length === 0) return summary;
    for (const row of rows) {
      const result = verifyReplayRow(deps, row);
      summary.checked += 1;
      if (result.match) summary.matched += 1;
      else {
        summary.mismatched += 1;
        summary.mismatches.push(result);
      }
    }
    afterId = rows[rows.length - 1].id;
    onProgress?.(summary.checked);
  }
}
