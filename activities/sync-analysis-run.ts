import type { Knex } from 'knex';
import { graphKeyEntries } from '../domain/graph/graph-key-index';
import { scoreSnapshot } from '../domain/scoring/score-snapshot';
import { persistCompletedAnalysis } from '../db/repositories/completed-analysis-repository';
import { AnalysisRunInput, AnalysisSummary, buildGraph, deterministic, inStep, summarize } from './analysis-run-support';
import type { AnalysisSteps } from './analysis-steps';

/**
 * Sync: the four steps back to back in ONE local activity — one activity marker in history
 * instead of four and no activation round trip between steps — and, since nobody can read a
 * sync analysis before it answers, all writes in ONE statement at the end (a failure of that
 * write is reported as step `finalize`). Idempotent: a retry that finds a row resumes through
 * the guarded per-step writes.
 */
export async function runSyncAnalysisSteps(db: Knex, steps: AnalysisSteps, input: AnalysisRunInput & { workflowVersion: string }): Promise<AnalysisSummary> {
  const startedAt = new Date();
  const snapshot = await inStep('enrichment', () => steps.loadSubjectSnapshot(input));
  const verdict = await inStep('scoring', async () => deterministic('scoring', () => scoreSnapshot(snapshot, undefined, { analysisWorkflowVersion: input.workflowVersion })));
  const built = await inStep('graph', async () => buildGraph(input, snapshot, verdict));
  const v = verdict.versions;
  const written = await inStep('finalize', () =>
    persistCompletedAnalysis(db, input, {
      // loadSnapshot returns the canonical form and scoring hashed exactly that: no second pass.
      snapshot, snapshotHash: v.snapshot_hash, startedAt,
      verdict, score: verdict.risk.score, riskLevel: verdict.risk.risk_level, inputFingerprint: v.input_fingerprint,
      verdictFingerprint: v.verdict_fingerprint, engineFingerprint: v.engine_fingerprint, rulesVersion: v.rules_version,
      graph: built.graph, graphDetails: built.details, graphKeys: graphKeyEntries(built.graph.graph),
    }),
  );
  if (written) return summarize(input.uuid, verdict);
  // A retry after an attempt that wrote something: resume through the guarded step writes.
  const run = await inStep('enrichment', () => steps.enrich(input));
  const stored = await inStep('scoring', async () => run.verdict ?? (await steps.score(input.uuid, run, input.workflowVersion)));
  await inStep('graph', () => steps.graph(input, run.snapshot, stored));
  return inStep('finalize', () => steps.complete(input.uuid, stored));
}
