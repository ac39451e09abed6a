import type { Snapshot } from '../../../../../domain/analysis/snapshot';
import type { Verdict } from '../../../../../domain/analysis/verdict';
import { scoreSnapshot, type ScoreOptions } from '../../../../../domain/scoring/score-snapshot';

/** The version the analysis workflow passes (its contract, workflows/analysis-workflow.ts, owns it). */
export const WORKFLOW_VERSION = 'analysis-workflow.v2';

/** scoreSnapshot with catalog v1 and the workflow's version, as an analysis runs it. */
export function score(snapshot: Snapshot, options: Partial<ScoreOptions> = {}): Verdict {
  return scoreSnapshot(snapshot, undefined, { analysisWorkflowVersion: WORKFLOW_VERSION, ...options });
}
