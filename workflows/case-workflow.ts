import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  defineQuery,
  defineSignal,
  defineUpdate,
  executeChild,
  log,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
} from '@temporalio/workflow';
import type { createCaseActivities } from '../activities/case-activities';
import type { createWebhookActivities } from '../activities/webhook-activities';
import {
  type CaseActionOutcome,
  type CaseActionRequest,
  caseQueries,
  caseSignals,
  caseUpdates,
  caseWorkflowContract,
  type CaseWorkflowInput,
  type CaseWorkflowResult,
} from '../contracts/case-workflow-contract';
import { reportWorkflowContract, type ReportWorkflowInput } from '../contracts/report-workflow-contract';
import type { PublishInput } from '../contracts/webhook-delivery-workflow-contract';
import { type CaseClocks, isCaseSettled, nextCaseDeadline } from '../domain/cases/case-clocks';
import { withRunPriority } from './run-priority';

const failures = caseWorkflowContract.failureTypes;
const refusals = Object.values(failures);

/** Each step is one short transaction: local activities, retried through a database blip; a refusal is final. */
const steps = proxyLocalActivities<ReturnType<typeof createCaseActivities>>({
  startToCloseTimeout: '10s',
  // Longer back-offs become durable timers instead of holding the workflow task (and a stopping worker).
  localRetryThreshold: '2 seconds',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '30s', nonRetryableErrorTypes: refusals },
});
/**
 * The first step waits for the opening's commit (the start is inside it): a bounded schedule,
 * ~1.5 min. Back-offs past 1 s become durable timers, so that a worker stopping meanwhile is not
 * held by the wait of an opening that rolled back (docs/people-and-cases.md, "One workflow per case").
 */
const opening = proxyLocalActivities<ReturnType<typeof createCaseActivities>>({
  startToCloseTimeout: '10s',
  localRetryThreshold: '1 second',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '5s', maximumAttempts: 25, nonRetryableErrorTypes: refusals },
});
/** An action has a person waiting: a few quick attempts, then the caller hears of it. */
const actions = proxyLocalActivities<ReturnType<typeof createCaseActivities>>({
  startToCloseTimeout: '5s',
  scheduleToCloseTimeout: '9s',
  retry: { initialInterval: '100ms', backoffCoefficient: 2, maximumInterval: '2s', maximumAttempts: 4, nonRetryableErrorTypes: refusals },
});
const webhooks = () =>
  proxyActivities<Pick<ReturnType<typeof createWebhookActivities>, 'publishWebhookEvent'>>(
    withRunPriority({
      startToCloseTimeout: '30s',
      scheduleToCloseTimeout: '1h',
      retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '5m' },
    }),
  );

export const caseActionUpdate = defineUpdate<CaseActionOutcome['clocks'], [CaseActionRequest]>(caseUpdates.caseAction);
export const clocksChangedSignal = defineSignal(caseSignals.clocksChanged);
export const caseClocksQuery = defineQuery<CaseClocks>(caseQueries.caseClocks);

/**
 * One case, from its opening until every clock has stopped (docs/people-and-cases.md, "Cases"):
 * announces it, applies each action as it arrives (the `caseAction` update), and sleeps on a
 * durable timer until the next clock can run out — no polling; an idle case costs no CPU. A
 * case's history stays small (a handful of events per action), so it needs no continue-as-new.
 */
export async function caseWorkflow(input: CaseWorkflowInput): Promise<CaseWorkflowResult> {
  const begun = await opening.beginCase({ caseUuid: input.caseUuid });
  let clocks = begun.clocks;
  const setClocks = (next: CaseClocks) => {
    clocks = next;
  };
  setHandler(caseClocksQuery, () => clocks);
  setHandler(clocksChangedSignal, async () => setClocks((await steps.readCaseClocks({ caseUuid: input.caseUuid })).clocks));
  setHandler(caseActionUpdate, async (request) => {
    let outcome: CaseActionOutcome;
    try {
      outcome = await actions.applyCaseAction({ ...request, caseUuid: input.caseUuid });
    } catch (error) {
      // The caller hears the refusal (409, 403, 404, 422); the case goes on.
      if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure)
        throw ApplicationFailure.nonRetryable(error.cause.message, error.cause.type);
      throw error;
    }
    setClocks(outcome.clocks);
    await announce(outcome.announce);
    if (outcome.coafDraft) await writeCoafDraft(input, outcome.coafDraft);
    return outcome.clocks;
  });

  await announce(begun.announce);
  // Wakes only when the next deadline moves or the case settles: a note or an assignment leaves the
  // timer as it is (no cancel and restart in the history for every action).
  const deadlineKey = () => (isCaseSettled(clocks) ? 'settled' : JSON.stringify(nextCaseDeadline(clocks)));
  while (!isCaseSettled(clocks)) {
    const next = nextCaseDeadline(clocks);
    const seen = deadlineKey();
    if (!next) {
      await condition(() => deadlineKey() !== seen);
      continue;
    }
    if (!(await condition(() => deadlineKey() !== seen, Math.max(1, Date.parse(next.at) - Date.now())))) {
      const runOut = await steps.markCaseClockRunOut({ caseUuid: input.caseUuid, clock: next.clock });
      setClocks(runOut.clocks);
      await announce(runOut.announce);
    }
  }
  await condition(allHandlersFinished);
  return { caseUuid: input.caseUuid, status: clocks.status, coafClock: clocks.coafClock };
}

/** Webhook events are published whatever happens to them later (deliveries retry on their own). */
async function announce(events: PublishInput[]): Promise<void> {
  for (const event of events) {
    try {
      await webhooks().publishWebhookEvent(event);
    } catch (error) {
      log.error('case event not published', { type: event.type, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/**
 * The `coaf_cos` draft an approved `report_to_coaf` links (its uuid is already on the case): the
 * report workflow as a child, so that the report is written exactly as POST /reports writes it.
 */
async function writeCoafDraft(input: CaseWorkflowInput, draft: NonNullable<CaseActionOutcome['coafDraft']>): Promise<void> {
  const report: ReportWorkflowInput = {
    reportUuid: draft.reportUuid,
    companyId: draft.companyId,
    companyUuid: input.companyUuid,
    analysisUuid: draft.analysisUuid,
    type: 'coaf_cos',
    language: 'pt-BR',
    requestedBy: draft.requestedBy,
  };
  try {
    await executeChild(reportWorkflowContract.workflowType, {
      workflowId: reportWorkflowContract.workflowId(report),
      taskQueue: reportWorkflowContract.taskQueue,
      args: [report],
      typedSearchAttributes: reportWorkflowContract.searchAttributes(report),
    });
  } catch (error) {
    log.error('coaf_cos draft not written', {
      caseUuid: input.caseUuid,
      reportUuid: draft.reportUuid,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
