import {
  ApplicationFailure,
  CancellationScope,
  defineQuery,
  isCancellation,
  log,
  setHandler,
  sleep,
  upsertMemo,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import {
  analysisQueries,
  type AnalysisStep,
  type AnalysisSummary,
  analysisWorkflowContract,
  type AnalysisWorkflowInput,
} from '../contracts/analysis-workflow-contract';
import { searchAttributeKeys } from '../contracts/search-attributes';
import { asyncSteps, cleanup, syncSteps, webhooks } from './analysis-activity-proxies';
import { describeAnalysisFailure } from './describe-analysis-failure';

/** What the analysis is doing now (the Temporal UI and GET /workflows/analyses/{uuid} ask this). */
export const currentStepQuery = defineQuery<AnalysisStep>(analysisQueries.currentStep);

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
      // Tests only: a verdict persisted and the graph not yet, so that a cancel finds a run in flight.
      if (input.testStepDelayMs) await sleep(input.testStepDelayMs);
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
    if (isCancellation(error) && input.mode === 'async') {
      // POST /workflows/{id}/cancel: the analysis ends `canceled`, nothing half-written, its quota
      // given back; no webhook (the customer asked for it). The run itself ends canceled.
      step = 'canceled';
      await CancellationScope.nonCancellable(() => cleanup.cancelAnalysis({ uuid: input.uuid }));
      throw error;
    }
    const failure = describeAnalysisFailure(error);
    // Its request rolled back: no analysis exists to mark failed or to announce.
    if (failure.code === 'analysis_not_created')
      throw ApplicationFailure.nonRetryable(failure.message, analysisWorkflowContract.failureTypes.notCreated);
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
async function notify(
  input: AnalysisWorkflowInput,
  type: 'analysis.completed' | 'analysis.failed',
  status: string,
  risk: { score: number; risk_level: string } | null,
) {
  try {
    await webhooks().publishWebhookEvent({
      companyId: input.companyId,
      type,
      data: { analysis_uuid: input.uuid, entity_id: input.entityId, status, risk, client_reference: input.clientReference },
      explicitEndpointUuid: input.webhookEndpointUuid ?? null,
      idempotencyKey: `analysis-${input.uuid}-${type}`,
    });
  } catch (error) {
    log.error('webhook publication failed', {
      analysisUuid: input.uuid,
      type,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
