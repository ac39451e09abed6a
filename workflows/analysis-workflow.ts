import {
  type ActivityOptions,
  ApplicationFailure,
  CancellationScope,
  defineQuery,
  log,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertMemo,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { createAnalysisActivities } from '../activities/analysis-activities';
import type { createWebhookActivities } from '../activities/webhook-activities';
import { analysisQueries, type AnalysisStep, type AnalysisSummary, analysisWorkflowContract, type AnalysisWorkflowInput } from '../contracts/analysis-workflow-contract';
import { searchAttributeKeys } from '../contracts/search-attributes';
import { describeAnalysisFailure } from './describe-analysis-failure';
import { withRunPriority } from './run-priority';

/** What the analysis is doing now (the Temporal UI and GET /workflows/analyses/{uuid} ask this). */
export const currentStepQuery = defineQuery<AnalysisStep>(analysisQueries.currentStep);

type AnalysisActivities = ReturnType<typeof createAnalysisActivities>;
type WebhookActivities = Pick<ReturnType<typeof createWebhookActivities>, 'publishWebhookEvent'>;
const DETERMINISTIC = analysisWorkflowContract.failureTypes.deterministic;

/**
 * Short database steps run as local activities: no task-queue round trip per step, the whole
 * analysis completes in one workflow task. Sync analyses give up within seconds (a caller is
 * waiting); async ones ride out a Postgres outage for minutes.
 */
const syncSteps = proxyLocalActivities<AnalysisActivities>({
  startToCloseTimeout: '30s',
  scheduleToCloseTimeout: '45s',
  retry: { initialInterval: '100ms', backoffCoefficient: 2, maximumInterval: '2s', maximumAttempts: 5, nonRetryableErrorTypes: [DETERMINISTIC] },
});
const asyncSteps = proxyLocalActivities<AnalysisActivities>({
  startToCloseTimeout: '60s',
  scheduleToCloseTimeout: '15m',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '30s', nonRetryableErrorTypes: [DETERMINISTIC] },
});
/** Cleanup must happen whatever it takes: unlimited retries. */
const cleanup = proxyLocalActivities<AnalysisActivities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '60s' },
});
/** The publication is a regular activity (it may wait out a Temporal or Postgres outage), at the run's priority. */
const publicationOptions: ActivityOptions = {
  startToCloseTimeout: '30s',
  scheduleToCloseTimeout: '1h',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '5m' },
};

/**
 * One analysis: enrichment → scoring → graph → finalize, each an idempotent single-statement
 * write keyed by the analysis uuid. Ids go in, the snapshot stays in Postgres.
 */
export async function analysisWorkflow(input: AnalysisWorkflowInput): Promise<AnalysisSummary> {
  let step: AnalysisStep = 'queued';
  setHandler(currentStepQuery, () => step);
  const steps = input.mode === 'sync' ? syncSteps : asyncSteps;
  try {
    let summary: AnalysisSummary;
    if (input.mode === 'sync') {
      // A caller is waiting and nobody else can read the analysis yet: all four steps in one
      // local activity (the query says `enrichment` until it returns; a failure names its step).
      step = 'enrichment';
      summary = await steps.runAnalysis(input);
      upsertSearchAttributes([{ key: searchAttributeKeys.riskLevel, value: summary.risk.risk_level }]);
    } else {
      step = 'enrichment';
      await steps.enrichAnalysis(input);
      step = 'scoring';
      const scored = await steps.scoreAnalysis(input);
      upsertSearchAttributes([{ key: searchAttributeKeys.riskLevel, value: scored.riskLevel }]);
      step = 'graph';
      await steps.persistAnalysisGraph(input);
      step = 'finalize';
      summary = await steps.completeAnalysis(input);
    }
    // Score and level are in the result and the RiskLevel search attribute: no memo upsert (each
    // costs the server one more visibility write per analysis).
    step = 'completed';
    if (input.mode === 'async') await notify(input, 'analysis.completed', 'completed', summary.risk);
    return summary;
  } catch (error) {
    const failure = describeAnalysisFailure(error);
    // Its request rolled back: no analysis exists to mark failed or to announce.
    if (failure.code === 'analysis_not_created') throw ApplicationFailure.nonRetryable(failure.message, analysisWorkflowContract.failureTypes.notCreated);
    const failedStep = failure.step ?? step;
    step = 'failed';
    log.warn('analysis failed', { analysisUuid: input.uuid, step: failedStep, code: failure.code });
    await CancellationScope.nonCancellable(async () => {
      await cleanup.failAnalysis({ uuid: input.uuid, mode: input.mode, code: failure.code, message: failure.message });
      if (input.mode === 'async') await notify(input, 'analysis.failed', 'failed', null);
    });
    upsertMemo({ failed_step: failedStep, error_code: failure.code });
    throw ApplicationFailure.nonRetryable(`analysis failed at ${failedStep}: ${failure.message}`, failure.code);
  }
}

/** The analysis itself is done whatever happens to its notification (deliveries retry on their own). */
async function notify(input: AnalysisWorkflowInput, type: 'analysis.completed' | 'analysis.failed', status: string, risk: { score: number; risk_level: string } | null) {
  try {
    await proxyActivities<WebhookActivities>(withRunPriority(publicationOptions)).publishWebhookEvent({
      companyId: input.companyId,
      type,
      data: { analysis_uuid: input.uuid, entity_id: input.entityId, status, risk, client_reference: input.clientReference },
      explicitEndpointUuid: input.webhookEndpointUuid ?? null,
      idempotencyKey: `analysis-${input.uuid}-${type}`,
    });
  } catch (error) {
    log.error('webhook publication failed', { analysisUuid: input.uuid, type, error: error instanceof Error ? error.message : String(error) });
  }
}
