import type { Actor, RecordedActor } from '../domain/actor';
import type { RiskLevel, SubjectProfile } from '../domain/analysis/verdict';
import { searchAttributeKeys } from './search-attributes';
import { taskQueues } from './task-queues';
import { defineWorkflowContract } from './workflow-contract';

/** Recorded in every verdict (versions.analysis_workflow_version); bump on any change of the steps. */
export const ANALYSIS_WORKFLOW_VERSION = 'analysis-workflow.v2';

/** `monitoring`: a monitor's check (docs/monitoring.md), written like a sync run and never billed; `batch`: a row of a portfolio batch (docs/batches.md), written like a sync run, billed. */
export type AnalysisMode = 'sync' | 'async' | 'monitoring' | 'batch';

/** The bounds of the network walk and the graph, from configuration at request time. */
export type GraphLimits = { maxDepth: number; maxNodes: number; uboThresholdPercent: number };

/** Ids and parameters, never datasets: the snapshot stays in Postgres. */
export type AnalysisWorkflowInput = GraphLimits & {
  uuid: string;
  entryUuid: string;
  companyId: number;
  companyUuid: string;
  entityId: number;
  mode: AnalysisMode;
  /** The analysis date ('YYYY-MM-DD'): the only way time enters a verdict (docs/engine.md). */
  asOf: string;
  source: string | null;
  clientReference: string | null;
  webhookEndpointUuid: string | null;
  /**
   * Who asked for a sync run and in which request: the audit event the run's one write records
   * (docs/people-and-cases.md). Absent in an async run (its request records it) and in older histories.
   */
  requestedBy?: { actor: Actor | RecordedActor; requestId: string | null };
  /** Tests only (TEST_WORKFLOW_STEP_DELAY_MS under NODE_ENV=test): a durable wait after scoring, so a test can cancel a run in flight. */
  testStepDelayMs?: number;
};

/** The sync response body of docs/analyses.md: a summary, never the whole verdict, travels through Temporal. */
export type AnalysisSummary = {
  uuid: string;
  risk: { score: number; risk_level: RiskLevel };
  subject: SubjectProfile;
  versions: {
    rules_version: string;
    engine_fingerprint: string;
    input_fingerprint: string;
    verdict_fingerprint: string;
    snapshot_hash: string;
  };
};

/** What the analysis is doing now: the `currentStep` query and the row's current_step. */
export type AnalysisStep = 'queued' | 'enrichment' | 'scoring' | 'graph' | 'finalize' | 'completed' | 'failed' | 'canceled';
export const analysisQueries = { currentStep: 'currentStep' } as const;

export const analysisWorkflowContract = defineWorkflowContract<AnalysisWorkflowInput, AnalysisSummary, 'deterministic' | 'notCreated'>({
  kind: 'analysis',
  workflowType: 'analysisWorkflow',
  taskQueue: taskQueues.analyses,
  workflowId: (input) => `analysis-${input.uuid}`,
  // A sync caller is waiting on the request; an async analysis is queued work of its own.
  priority: (input) => (input.mode === 'sync' ? 'interactive' : 'normal'),
  searchAttributes: (input) => [
    { key: searchAttributeKeys.companyUuid, value: input.companyUuid },
    { key: searchAttributeKeys.resourceUuid, value: input.uuid },
    { key: searchAttributeKeys.entityId, value: input.entityId },
    { key: searchAttributeKeys.analysisUuid, value: input.uuid },
  ],
  memo: (input) => ({
    mode: input.mode,
    entity_id: input.entityId,
    as_of: input.asOf,
    source: input.source,
    company_uuid: input.companyUuid,
  }),
  /** Bad data or a broken engine invariant: no retry can cure it, the workflow fails at once. */
  failureTypes: {
    deterministic: 'DeterministicAnalysisError',
    /** The request that started the run rolled back: there is no analysis; the run ends without a trace. */
    notCreated: 'AnalysisNotCreated',
  },
});
