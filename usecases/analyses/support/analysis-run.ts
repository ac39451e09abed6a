import type { Executor } from '../../../db/create-db';
import { loadAnalysisColumns } from '../../../db/repositories/analyses/analysis-read-repository';
import { type Snapshot, SNAPSHOT_SCHEMA_VERSION, type SnapshotWatchlistScreening } from '../../../domain/analysis/snapshot';
import type { Verdict } from '../../../domain/analysis/verdict';
import {
  type AnalysisStep,
  type AnalysisSummary,
  analysisWorkflowContract,
  type AnalysisWorkflowInput,
  ANALYSIS_WORKFLOW_VERSION,
  type AnalysisMode,
} from '../../../contracts/analysis-workflow-contract';
import type { NewAnalysis, VerdictColumns } from '../../../db/repositories/analyses/analysis-row';
import { type LoadSnapshotInput, loadSnapshotRows } from '../../../db/repositories/entities/snapshot-repository';
import { screenEntityNames } from '../../screenings/support/screen-media-names';
import { findWatchlistCandidatesOfMany } from '../../../db/repositories/watchlists/watchlist-candidate-repository';
import { listCurrentWatchlistVersions } from '../../../db/repositories/watchlists/watchlist-version-repository';
import { enrichmentLimitations } from '../../../domain/analysis/enrichment-limitations';
import { planNetworkScreening, type WatchlistScreeningQuery } from '../../../domain/analysis/plan-network-screening';
import { canonicalizeSnapshot } from '../../../domain/scoring/canonical-snapshot';
import { candidateQueryOf } from '../../../domain/watchlists/candidate-query';
import { defaultFreshnessDays } from '../../../domain/watchlists/list-freshness';
import { type ScreeningCandidate, screenNetwork } from '../../../domain/watchlists/screen-network';
import { type WatchlistCode, watchlistCodes } from '../../../domain/watchlists/watchlist-entry';
import { NotFoundError } from '../../../domain/errors';
import { buildAnalysisGraph } from '../../../domain/graph/build-analysis-graph';
import { ruleCatalogRegistry } from '../../../domain/rules/catalog-registry';
import { scoreSnapshot } from '../../../domain/scoring/score-snapshot';
import type { UsecaseDeps } from '../../support/usecase-deps';
import { snapshotHash as hashSnapshot } from '../../../domain/scoring/snapshot-fingerprints';
import {
  markAnalysisCompleted,
  deleteAnalysis,
  markAnalysisCanceled,
  markAnalysisFailed,
} from '../../../db/repositories/analyses/analysis-repository';
import {
  persistGraph,
  persistSnapshot,
  persistVerdict,
  persistCompletedAnalysis,
  markAnalysisStarted,
} from '../../../db/repositories/analyses/analysis-run-repository';
import { SYSTEM_ACTOR, type SystemActor } from '../../../domain/actor';
import { recordAuditEvent } from '../../audit/record-audit-event';
import { giveBackQuotaOf } from '../../tenancy/support/reserve-quota';
import type { ReviewFlags } from '../../../domain/cases/case-policy';

// One analysis run, whole (docs/architecture.md, "The path of an analysis"): what its steps hand
// to each other and the worker keeps between them, its failures, the snapshot it freezes
// (enrichment, with watchlist screening), the computation of each step, the pipeline that writes
// them (the async run's four steps, or the sync run's one statement) and the run's lifecycle
// (started, failed, canceled). The workflow's activities (activities/analysis-activities.ts) call
// these; the requests that create an analysis are create-sync-analysis.ts and create-async-analysis.ts.

/** What the steps of one analysis hand to each other. */
export type AnalysisRun = { snapshot: Snapshot; snapshotHash: string; verdict?: Verdict };

/**
 * Snapshots and verdicts are immutable once persisted, so the worker that just wrote one keeps
 * it for the next step of the same analysis (the steps are local activities of this process). A
 * retry on another worker, or after eviction, reads Postgres: an optimisation, never a source.
 */
export function createAnalysisRunCache(limit: number) {
  const entries = new Map<string, AnalysisRun>();
  return {
    get: (uuid: string) => entries.get(uuid),
    set: (uuid: string, value: AnalysisRun) => {
      entries.delete(uuid);
      entries.set(uuid, value);
      while (entries.size > limit) entries.delete(entries.keys().next().value as string);
    },
    drop: (uuid: string) => entries.delete(uuid),
  };
}

export type AnalysisRunCache = ReturnType<typeof createAnalysisRunCache>;

/** The run as persisted (after a retry, or on another worker than the previous step), through the cache. */
export function createAnalysisRunReader(cache: AnalysisRunCache) {
  async function storedRun(exec: Executor, uuid: string): Promise<AnalysisRun | undefined> {
    const row = await loadAnalysisColumns(exec, uuid, ['snapshot', 'snapshot_hash', 'verdict']);
    if (!row?.snapshot) return undefined;
    return {
      snapshot: row.snapshot,
      snapshotHash: row.snapshot_hash as string,
      verdict: (row.verdict ?? undefined) as Verdict | undefined,
    };
  }

  async function runOf(exec: Executor, uuid: string, needVerdict: boolean): Promise<AnalysisRun> {
    const hit = cache.get(uuid);
    if (hit && (!needVerdict || hit.verdict)) return hit;
    const run = await storedRun(exec, uuid);
    if (!run) throw new AnalysisDataError(`analysis ${uuid} has no snapshot`);
    if (needVerdict && !run.verdict) throw new AnalysisDataError(`analysis ${uuid} has no verdict`);
    cache.set(uuid, run);
    return run;
  }

  return { storedRun, runOf };
}

/** Bad data or a broken engine invariant: retrying cannot help (the contract's `deterministic` failure). */
export class AnalysisDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisDataError';
  }
}

/** A failure inside the one-transaction sync run, naming the step it happened in. */
export class AnalysisStepError extends Error {
  constructor(
    readonly step: AnalysisStep,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'AnalysisStepError';
  }
}

/** Pure engine code that throws has met data it cannot handle: a deterministic failure. */
export function computeOrFail<T>(step: string, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    throw new AnalysisDataError(`${step}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function inStep<T>(step: AnalysisStep, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new AnalysisStepError(step, error);
  }
}

/** The run's analysis was never created: the request that started it rolled back (the contract's `notCreated`). */
export class AnalysisNotCreatedError extends Error {
  constructor(uuid: string) {
    super(`analysis ${uuid} was never created: the request that started this run rolled back`);
    this.name = 'AnalysisNotCreatedError';
  }
}

/**
 * A completed run: its summary (the sync response body), and the verdict's review flags, which
 * decide whether the service opens a case for it (usecases/cases/open-case.ts).
 */
export type CompletedRun = { summary: AnalysisSummary; review: ReviewFlags };

const completedRun = (uuid: string, v: Verdict): CompletedRun => ({
  summary: summarize(uuid, v),
  review: { review_required: v.risk.review_required, escalation_required: v.risk.escalation_required },
});

/** The sync response body: a summary, never the whole verdict, travels through Temporal. */
export function summarize(uuid: string, v: Verdict): AnalysisSummary {
  const { rules_version, engine_fingerprint, input_fingerprint, verdict_fingerprint, snapshot_hash } = v.versions;
  return {
    uuid,
    risk: { score: v.risk.score, risk_level: v.risk.risk_level },
    subject: v.subject,
    versions: { rules_version, engine_fingerprint, input_fingerprint, verdict_fingerprint, snapshot_hash },
  };
}

/** The analyses row a run creates: the workflow input is its own type, the row is derived from it. */
export function toNewAnalysisRow(input: AnalysisWorkflowInput): NewAnalysis {
  return {
    uuid: input.uuid,
    companyId: input.companyId,
    entityId: input.entityId,
    mode: input.mode,
    entryUuid: input.entryUuid,
    asOf: input.asOf,
    workflowId: analysisWorkflowContract.workflowId(input),
    source: input.source,
    clientReference: input.clientReference,
    webhookEndpointUuid: input.webhookEndpointUuid,
  };
}

/** The verdict's columns: the whole verdict and what lists filter and sort on. */
export function verdictColumnsOf(verdict: Verdict): VerdictColumns {
  const v = verdict.versions;
  return {
    verdict,
    score: verdict.risk.score,
    riskLevel: verdict.risk.risk_level,
    inputFingerprint: v.input_fingerprint,
    verdictFingerprint: v.verdict_fingerprint,
    engineFingerprint: v.engine_fingerprint,
    rulesVersion: v.rules_version,
  };
}

export type BuildSnapshotInput = LoadSnapshotInput & {
  /** Per list, how old a publication may be at as_of (WATCHLIST_FRESHNESS_DAYS); absent: the defaults. */
  watchlistFreshnessDays?: Readonly<Record<WatchlistCode, number>>;
};

/**
 * Enrichment (docs/engine.md): what the store knows about a subject's network at as_of, frozen.
 * The repositories read rows; who is screened and what the snapshot cannot know are decided here
 * by pure functions (domain/analysis/plan-network-screening.ts, enrichment-limitations.ts): the
 * adverse media of the nearest parties, and the names of the subject and its network against the
 * imported sanctions lists — all the network's candidates in ONE indexed query, scored by the
 * matcher, the list versions and the entries' data recorded so that a replay never reads a list.
 */
export async function buildSnapshot(db: Executor, input: BuildSnapshotInput): Promise<Snapshot> {
  const rows = await loadSnapshotRows(db, input);
  const plan = planNetworkScreening(rows.entities);
  const [mediaHits, watchlistScreening] = await Promise.all([
    plan.media.names.length > 0 ? screenEntityNames(db, { names: plan.media.names, asOf: input.asOf }) : Promise.resolve([]),
    screenWatchlists(db, {
      asOf: input.asOf,
      queries: plan.watchlists.queries,
      screenedEntityIds: plan.watchlists.screenedEntityIds,
      freshnessDays: input.watchlistFreshnessDays ?? defaultFreshnessDays,
    }),
  ]);
  const limitations = enrichmentLimitations({
    subjectEntityId: input.subjectEntityId,
    asOf: input.asOf,
    network: { truncated: rows.truncated, maxNodes: input.maxNodes, maxDepth: input.maxDepth },
    mediaSkipped: plan.media.skipped,
    watchlistSkipped: plan.watchlists.skipped,
    watchlistLists: watchlistScreening.lists,
    unmappedNationalities: plan.watchlists.unmappedNationalities,
  });
  return canonicalizeSnapshot({
    schema_version: SNAPSHOT_SCHEMA_VERSION,
    as_of: input.asOf,
    subject_entity_id: input.subjectEntityId,
    network: { max_depth: input.maxDepth, truncated: rows.truncated, entities: rows.entities, relationships: rows.relationships },
    pep_records: rows.pepRecords,
    sanctions: rows.sanctions,
    proceedings: rows.proceedings,
    ownership_declarations: rows.declarations,
    media_hits: mediaHits,
    limitations,
    parameters: { ubo_threshold_percent: input.uboThresholdPercent },
    watchlist_screening: watchlistScreening,
  });
}

/**
 * The list versions, then (only when a name list has ever been imported) every query's candidates
 * in one statement, then the pure matcher. Runs on `db` while the media screening runs beside it.
 */
async function screenWatchlists(
  db: Executor,
  input: {
    asOf: string;
    queries: WatchlistScreeningQuery[];
    screenedEntityIds: number[];
    freshnessDays: Readonly<Record<WatchlistCode, number>>;
  },
): Promise<SnapshotWatchlistScreening> {
  const versions = (await listCurrentWatchlistVersions(db)).filter((v) => (watchlistCodes as readonly string[]).includes(v.list));
  const lists = versions.map((v) => v.list as WatchlistCode);
  let candidates = new Map<number, ScreeningCandidate[]>();
  if (lists.length > 0 && input.queries.length > 0) {
    candidates = await findWatchlistCandidatesOfMany(db, {
      lists,
      queries: input.queries.map((q) => candidateQueryOf(q.schema, [q.name, ...q.aliases])),
    });
  }
  return screenNetwork({
    asOf: input.asOf,
    queries: input.queries,
    candidates,
    versions,
    freshnessDays: input.freshnessDays,
    screenedEntityIds: input.screenedEntityIds,
  });
}

/** The settings enrichment applies that are not in the workflow input (configuration of the running process). */
export type EnrichmentSettings = { watchlistFreshnessDays?: Readonly<Record<WatchlistCode, number>> };

/**
 * What each step of the analysis pipeline computes, apart from what it writes: the async steps
 * and the sync run call these same functions (usecases/analyses/support/analysis-run.ts).
 */
/** Enrichment's computation: what the entity store knows at as_of, frozen. */
export async function loadRunSnapshot(exec: Executor, input: AnalysisWorkflowInput, settings: EnrichmentSettings = {}): Promise<Snapshot> {
  return buildSnapshot(exec, {
    subjectEntityId: input.entityId,
    asOf: input.asOf,
    maxDepth: input.maxDepth,
    maxNodes: input.maxNodes,
    uboThresholdPercent: input.uboThresholdPercent,
    watchlistFreshnessDays: settings.watchlistFreshnessDays,
  }).catch((error) => {
    // The subject vanished after the request resolved it: no retry brings it back.
    throw error instanceof NotFoundError ? new AnalysisDataError(`subject entity ${input.entityId} not found`) : error;
  });
}

/** Scoring's computation: the pure engine, with the newest rule catalog (older verdicts replay under their own). */
export const computeVerdict = (snapshot: Snapshot): Verdict =>
  computeOrFail('scoring', () =>
    scoreSnapshot(snapshot, ruleCatalogRegistry.current, { analysisWorkflowVersion: ANALYSIS_WORKFLOW_VERSION }),
  );

/** The graph step's computation (docs/graph.md); signals carry score and pillar for severities and proceedings. */
export function computeGraph(input: AnalysisWorkflowInput, snapshot: Snapshot, verdict: Verdict) {
  const signals = verdict.signals.map((s) => ({
    code: s.code,
    identified: s.identified,
    observed_entity_ids: s.observed_entity_ids,
    graph_paths: s.graph_paths,
    score: s.score,
    pillar: s.pillar,
  }));
  const graph = computeOrFail('graph', () =>
    buildAnalysisGraph(snapshot, signals, {
      maxDepth: input.maxDepth,
      maxNodes: input.maxNodes,
      uboThresholdPercent: input.uboThresholdPercent,
    }),
  );
  return { graph, details: { nodes: graph.graph.nodes.length, edges: graph.graph.edges.length, truncated: graph.graph.truncated } };
}

/**
 * The one analysis pipeline: enrichment → scoring → graph → finalize. The async workflow runs the
 * steps one by one, each an idempotent write keyed by the analysis uuid that resumes from whatever
 * an earlier attempt persisted (each readable as it lands). A sync run executes the very same
 * computations (loadRunSnapshot, computeVerdict, computeGraph above) and writes their four results at once, so that a
 * retried sync run cannot take another path.
 */
export function createAnalysisPipeline(
  deps: Pick<UsecaseDeps, 'db' | 'clock'> & { config?: Pick<UsecaseDeps['config'], 'WATCHLIST_FRESHNESS_DAYS'> },
  cache: AnalysisRunCache,
) {
  const { db } = deps;
  const settings = { watchlistFreshnessDays: deps.config?.WATCHLIST_FRESHNESS_DAYS };
  const { storedRun, runOf } = createAnalysisRunReader(cache);

  /** Step 1. A snapshot persisted by an earlier attempt wins. */
  async function enrich(exec: Executor, input: AnalysisWorkflowInput, startedAt = new Date()): Promise<AnalysisRun> {
    const snapshot = await loadRunSnapshot(exec, input, settings);
    const snapshotHash = computeOrFail('enrichment', () => hashSnapshot(snapshot));
    const run = (await persistSnapshot(exec, toNewAnalysisRow(input), { snapshot, snapshotHash, startedAt }))
      ? { snapshot, snapshotHash }
      : await storedRun(exec, input.uuid);
    if (!run) throw new AnalysisDataError(`analysis ${input.uuid} is no longer running`);
    cache.set(input.uuid, run);
    return run;
  }

  /** Step 2, on the persisted snapshot; a verdict persisted first (a retry) is the one of record. */
  async function score(exec: Executor, uuid: string, run: AnalysisRun): Promise<Verdict> {
    if (run.verdict) return run.verdict;
    const verdict = computeVerdict(run.snapshot);
    // The snapshot went through jsonb and back since enrichment hashed it.
    if (run.snapshotHash !== verdict.versions.snapshot_hash)
      throw new AnalysisDataError(`analysis ${uuid}: verdict snapshot_hash differs from the persisted snapshot`);
    const written = await persistVerdict(exec, uuid, verdictColumnsOf(verdict));
    const stored = written ? verdict : (await storedRun(exec, uuid))?.verdict;
    if (!stored) throw new AnalysisDataError(`analysis ${uuid} is no longer running`);
    cache.set(uuid, { ...run, verdict: stored });
    return stored;
  }

  /** Step 3. */
  async function graph(exec: Executor, input: AnalysisWorkflowInput, run: AnalysisRun, verdict: Verdict) {
    const built = computeGraph(input, run.snapshot, verdict);
    await persistGraph(exec, input.uuid, built.graph, built.details);
    return built.details;
  }

  /** Step 4. Completed; the response is built here so that the caller needs no read-back. */
  async function complete(exec: Executor, uuid: string, verdict: Verdict): Promise<CompletedRun> {
    await exec.transaction(async (trx) => {
      const completed = await markAnalysisCompleted(trx, uuid);
      if (completed) {
        await recordAuditEvent({ ...deps, db: trx }, SYSTEM_ACTOR, {
          companyId: completed.companyId,
          action: 'analysis.completed',
          resource: { type: 'analysis', uuid },
          changes: { status: 'completed', score: completed.score, risk_level: completed.riskLevel },
        });
      }
    });
    cache.drop(uuid);
    return completedRun(uuid, verdict);
  }

  /**
   * Sync: the same four computations, then their results in ONE statement (its own transaction, one
   * row version; db/repositories/analyses/analysis-run-repository.ts). Nobody may read a sync analysis
   * before it answers, and a retry finds everything or nothing: no partial state to resume from,
   * so every attempt takes this one path. A failure names its step. `chargeInWrite` joins that
   * transaction (a batch takes its unit of quota there: billed exactly when written, whatever
   * attempt dies before; docs/batches.md, "A killed worker"); when it throws, nothing is written.
   */
  async function runInOneWrite(
    input: AnalysisWorkflowInput,
    options: { chargeInWrite?: (trx: Executor) => Promise<void> } = {},
  ): Promise<CompletedRun> {
    const startedAt = new Date();
    const snapshot = await inStep('enrichment', () => loadRunSnapshot(db, input, settings));
    const verdict = await inStep('scoring', async () => computeVerdict(snapshot));
    const built = await inStep('graph', async () => computeGraph(input, snapshot, verdict));
    return inStep('finalize', async () => {
      // Scoring hashed this very object (loadSnapshot returns the canonical form): no second pass.
      const completed = {
        snapshot,
        snapshotHash: verdict.versions.snapshot_hash,
        startedAt,
        ...verdictColumnsOf(verdict),
        graph: built.graph,
        graphDetails: built.details,
      };
      // The analysis and its audit event (by whoever asked for it) commit together.
      const persisted = await db.transaction(async (trx) => {
        if (!(await persistCompletedAnalysis(trx, toNewAnalysisRow(input), completed))) return false;
        await recordAuditEvent(
          { ...deps, db: trx, requestId: input.requestedBy?.requestId ?? null },
          input.requestedBy?.actor ?? SYSTEM_ACTOR,
          {
            companyId: input.companyId,
            action: 'analysis.created',
            resource: { type: 'analysis', uuid: input.uuid },
            changes: {
              status: 'completed',
              mode: input.mode,
              entity_id: input.entityId,
              source: input.source,
              score: verdict.risk.score,
              risk_level: verdict.risk.risk_level,
            },
          },
        );
        // Last, so that the quota row stays locked for the shortest time.
        await options.chargeInWrite?.(trx);
        return true;
      });
      if (persisted) return completedRun(input.uuid, verdict);
      // An earlier attempt committed this analysis: its verdict is the one of record.
      const stored = await storedRun(db, input.uuid);
      if (!stored?.verdict) throw new AnalysisDataError(`analysis ${input.uuid} is no longer running`);
      return completedRun(input.uuid, stored.verdict);
    });
  }

  return { enrich, score, graph, complete, runOf, runInOneWrite };
}

export type AnalysisPipeline = ReturnType<typeof createAnalysisPipeline>;

/**
 * An async run reads `running` from its first step on (a sync run is unreadable until it
 * answers). A run whose creating request rolled back finds no analysis: it ends, doing nothing.
 */
export async function startAnalysisRun(deps: Pick<UsecaseDeps, 'db'>, actor: SystemActor, input: { uuid: string }): Promise<void> {
  const { db } = deps;
  const { uuid } = input;
  if (!(await markAnalysisStarted(db, uuid))) throw new AnalysisNotCreatedError(uuid);
}

/**
 * The end of a run that failed: an async analysis stays readable as `failed` without any
 * verdict; a sync one is removed entirely (docs/api-conventions.md: nothing persisted, repeating is safe).
 */
export async function failAnalysisRun(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: SystemActor,
  input: { uuid: string; mode: AnalysisMode; code: string; message: string },
): Promise<void> {
  const { db } = deps;
  if (input.mode === 'sync') await deleteAnalysis(db, input.uuid);
  else await markAnalysisFailed(db, input.uuid, { code: input.code, message: input.message.slice(0, 500) });
}

/**
 * The end of an async run canceled through POST /workflows/{id}/cancel: `canceled`, nothing
 * half-written, and the unit of quota it took given back — in one transaction, so a retried
 * cleanup neither gives back twice nor loses the give-back. A run whose last step committed
 * before the cancel took effect keeps its end (completed or failed): `canceled` is false.
 */
export async function cancelAnalysisRun(
  deps: Pick<UsecaseDeps, 'db' | 'clock'>,
  actor: SystemActor,
  input: { uuid: string },
): Promise<{ canceled: boolean }> {
  const { db } = deps;
  const { uuid } = input;
  return db.transaction(async (trx) => {
    const canceled = await markAnalysisCanceled(trx, uuid);
    if (canceled) {
      await giveBackQuotaOf(trx, { companyId: canceled.company_id, operation: 'analyses', reservedAt: canceled.created_at });
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        companyId: canceled.company_id,
        action: 'analysis.canceled',
        resource: { type: 'analysis', uuid },
        changes: { status: 'canceled' },
      });
    }
    return { canceled: Boolean(canceled) };
  });
}
