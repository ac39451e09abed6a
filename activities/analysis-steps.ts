import { ApplicationFailure } from '@temporalio/common';
import type { Knex } from 'knex';
import type { Verdict } from '../domain/analysis/verdict';
import type { Snapshot } from '../domain/analysis/snapshot';
import { NotFoundError } from '../domain/errors';
import { scoreSnapshot } from '../domain/scoring/score-snapshot';
import { snapshotHash as hashSnapshot } from '../domain/scoring/snapshot-fingerprints';
import { markAnalysisCompleted } from '../db/repositories/analysis-repository';
import { persistGraph, persistSnapshot, persistVerdict } from '../db/repositories/analysis-step-writes';
import { indexAnalysisGraph } from '../db/repositories/analysis-graph-repository';
import { loadAnalysisColumns } from '../db/repositories/analysis-read-repository';
import { loadSnapshot } from '../db/repositories/snapshot-repository';
import { AnalysisRunInput, AnalysisSummary, buildGraph, Cached, createRunCache, deterministic, DETERMINISTIC_FAILURE, GraphInput, summarize } from './analysis-run-support';

/**
 * The four steps of an analysis, each an idempotent write keyed by the analysis uuid: the async
 * workflow runs them as separate local activities, a retried sync run resumes through them.
 */
export function createAnalysisSteps(db: Knex, cache: ReturnType<typeof createRunCache>) {
  async function cachedRun(uuid: string, needVerdict: boolean): Promise<Cached> {
    const hit = cache.get(uuid);
    if (hit && (!needVerdict || hit.verdict)) return hit;
    const row = await loadAnalysisColumns(db, uuid, needVerdict ? ['snapshot', 'snapshot_hash', 'verdict'] : ['snapshot', 'snapshot_hash']);
    if (!row?.snapshot) throw ApplicationFailure.nonRetryable(`analysis ${uuid} has no snapshot`, DETERMINISTIC_FAILURE);
    if (needVerdict && !row.verdict) throw ApplicationFailure.nonRetryable(`analysis ${uuid} has no verdict`, DETERMINISTIC_FAILURE);
    const value = { snapshot: row.snapshot as Snapshot, snapshotHash: row.snapshot_hash as string, verdict: (row.verdict ?? undefined) as Verdict | undefined };
    cache.set(uuid, value);
    return value;
  }

  /** The snapshot, in canonical order (loadSnapshot's contract): the stored document hashes to snapshot_hash. */
  async function loadSubjectSnapshot(input: AnalysisRunInput): Promise<Snapshot> {
    return loadSnapshot(db, { subjectEntityId: input.entityId, asOf: input.asOf, maxDepth: input.maxDepth, maxNodes: input.maxNodes }).catch((error) => {
      // The subject vanished after the API resolved it: no retry brings it back.
      if (error instanceof NotFoundError) throw ApplicationFailure.nonRetryable(`subject entity ${input.entityId} not found`, DETERMINISTIC_FAILURE);
      throw error;
    });
  }

  /** Freezes what the entity store knows at as_of. A snapshot persisted by an earlier attempt wins. */
  async function enrich(input: AnalysisRunInput): Promise<Cached> {
    const startedAt = new Date();
    const snapshot = await loadSubjectSnapshot(input);
    const snapshotHash = deterministic('enrichment', () => hashSnapshot(snapshot));
    if (await persistSnapshot(db, input, { snapshot, snapshotHash, startedAt })) return { snapshot, snapshotHash };
    const row = await loadAnalysisColumns(db, input.uuid, ['snapshot', 'snapshot_hash', 'verdict']);
    if (!row?.snapshot) throw ApplicationFailure.nonRetryable(`analysis ${input.uuid} is no longer running`, DETERMINISTIC_FAILURE);
    return { snapshot: row.snapshot as Snapshot, snapshotHash: row.snapshot_hash as string, verdict: (row.verdict ?? undefined) as Verdict | undefined };
  }

  /** The pure engine on the persisted snapshot; a verdict persisted first (a retry) is kept. */
  async function score(uuid: string, run: Cached, workflowVersion: string): Promise<Verdict> {
    const verdict = deterministic('scoring', () => scoreSnapshot(run.snapshot, undefined, { analysisWorkflowVersion: workflowVersion }));
    if (run.snapshotHash !== verdict.versions.snapshot_hash) {
      throw ApplicationFailure.nonRetryable(`analysis ${uuid}: verdict snapshot_hash differs from the persisted snapshot`, DETERMINISTIC_FAILURE);
    }
    const v = verdict.versions;
    const written = await persistVerdict(db, uuid, {
      verdict,
      score: verdict.risk.score,
      riskLevel: verdict.risk.risk_level,
      inputFingerprint: v.input_fingerprint,
      verdictFingerprint: v.verdict_fingerprint,
      engineFingerprint: v.engine_fingerprint,
      rulesVersion: v.rules_version,
    });
    // Same snapshot → same verdict anyway; the stored one is the one of record.
    return written ? verdict : (await cachedRun(uuid, true)).verdict!;
  }

  /** The relationship graph (spec §2.7); signals carry score and pillar for severities and proceedings. */
  async function graph(input: GraphInput, snapshot: Snapshot, verdict: Verdict) {
    const { graph: built, details } = buildGraph(input, snapshot, verdict);
    await persistGraph(db, input.uuid, built, details);
    // Its key index (graph area): idempotent, and rebuilt lazily if a crash falls between the two.
    await indexAnalysisGraph(db, input.uuid, built);
    return details;
  }

  /** Completed; the sync response is built here so that the API needs no read-back. */
  async function complete(uuid: string, v: Verdict): Promise<AnalysisSummary> {
    await markAnalysisCompleted(db, uuid);
    cache.drop(uuid);
    return summarize(uuid, v);
  }

  return { cachedRun, loadSubjectSnapshot, enrich, score, graph, complete };
}

export type AnalysisSteps = ReturnType<typeof createAnalysisSteps>;
