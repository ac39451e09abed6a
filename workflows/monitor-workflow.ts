import {
  allHandlersFinished,
  condition,
  continueAsNew,
  defineSignal,
  log,
  patched,
  proxyActivities,
  proxyLocalActivities,
  type RetryPolicy,
  setHandler,
  sleep,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { createMonitoringActivities } from '../activities/monitoring-activities';
import type { createWebhookActivities } from '../activities/webhook-activities';
import { analysisWorkflowContract } from '../contracts/analysis-workflow-contract';
import {
  MONITOR_CHECKS_PER_RUN,
  MONITOR_SEEN_CHANGE_KEYS,
  monitorAlertEventKey,
  type MonitorCarriedState,
  type MonitorCause,
  type MonitorCheckOutcome,
  monitorSignals,
  type MonitorWorkflowInput,
  type MonitorWorkflowResult,
  type ReanalyseSignal,
  type RescheduleSignal,
} from '../contracts/monitor-workflow-contract';
import { taskQueues } from '../contracts/task-queues';
import { withRunPriority } from './run-priority';

type MonitoringActivities = ReturnType<typeof createMonitoringActivities>;
type WebhookActivities = Pick<ReturnType<typeof createWebhookActivities>, 'publishWebhookEvent'>;

const pauseSignal = defineSignal(monitorSignals.pause);
const resumeSignal = defineSignal(monitorSignals.resume);
const stopSignal = defineSignal(monitorSignals.stop);
const reanalyseSignal = defineSignal<[ReanalyseSignal]>(monitorSignals.reanalyse);
const rescheduleSignal = defineSignal<[RescheduleSignal]>(monitorSignals.reschedule);

const checkRetry: RetryPolicy = {
  initialInterval: '1s',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
  nonRetryableErrorTypes: [analysisWorkflowContract.failureTypes.deterministic],
};

/*
 * Until the `monitor-checks-queue` patch: a check is one analysis written in one statement
 * (seconds), a local activity, retried with back-off while Postgres is away; bad data (the
 * subject gone) is not retried. Kept for the runs recorded before the patch (their histories
 * hold local-activity markers).
 */
const { checkMonitor: checkMonitorLocally } = proxyLocalActivities<MonitoringActivities>({
  startToCloseTimeout: '2 minutes',
  scheduleToCloseTimeout: '30 minutes',
  localRetryThreshold: '10 seconds',
  retry: checkRetry,
});

/*
 * Since the patch: the same check as a regular activity on the `monitor-checks` queue, whose
 * worker runs MONITOR_CHECK_CONCURRENCY at a time (docs/monitoring.md, "Priority"): a fan-out's
 * checks wait in Temporal's queue, not on the CPU that interactive analyses need. The wait in
 * that queue counts towards schedule-to-close, hence 12 hours (a fan-out over many thousands of
 * monitors drains at the queue's pace); each attempt still has 2 minutes. At the run's priority
 * (bulk, its company as fairness key).
 */
const queuedChecks = () =>
  proxyActivities<MonitoringActivities>(
    withRunPriority({
      taskQueue: taskQueues.monitorChecks,
      startToCloseTimeout: '2 minutes',
      scheduleToCloseTimeout: '12 hours',
      retry: checkRetry,
    }),
  );

/** The check, the way this run was first recorded (docs/workflows.md, "Changing a workflow"). */
const checkMonitor: MonitoringActivities['checkMonitor'] = (input) =>
  patched('monitor-checks-queue') ? queuedChecks().checkMonitor(input) : checkMonitorLocally(input);
const { openCaseForRiskIncrease } = proxyLocalActivities<MonitoringActivities>({
  startToCloseTimeout: '30 seconds',
  localRetryThreshold: '10 seconds',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});
/** The alert's publication rides out an outage for an hour, at the run's own (bulk) priority. */
const webhooks = () =>
  proxyActivities<WebhookActivities>(
    withRunPriority({
      startToCloseTimeout: '30s',
      scheduleToCloseTimeout: '1h',
      retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '5m' },
    }),
  );

/** The longest single timer: a review years away is reached by a few of them, each one history event. */
const MAX_WAIT_MS = 30 * 24 * 3_600_000;
/** After a check that gave up, the causes wait this long before the next try. */
const RETRY_AFTER_FAILURE = '1 hour';
/** Causes kept while waiting (distinct source and version): a paused monitor catches up on one check. */
const MAX_PENDING_CAUSES = 50;

/**
 * One monitor, for as long as it lives (docs/monitoring.md): the baseline check at once, then it
 * waits — on a durable timer until its next periodic review, or for a `reanalyse` signal of a
 * change feed's fan-out — and checks; `pause` holds the checks (causes accumulate and are caught
 * up at `resume`), `stop` ends the run. Nothing polls: an idle monitor is one timer in Temporal.
 * The row is the truth (a check reads its status); signals only wake the run. Every
 * MONITOR_CHECKS_PER_RUN checks the run continues as new, carrying its state, so the history
 * stays bounded however long the monitor lives.
 */
export async function monitorWorkflow(input: MonitorWorkflowInput): Promise<MonitorWorkflowResult> {
  const state: MonitorCarriedState = input.carried
    ? { ...input.carried, pending: [...input.carried.pending], seenChangeKeys: [...input.carried.seenChangeKeys] }
    : { paused: false, pending: [], seenChangeKeys: [], nextReviewAtMs: null };
  let stopped = false;
  let checks = 0;
  // A reschedule wakes the wait so that its timer is planned again from the new date (runs
  // without the signal wait exactly as recorded before it existed).
  let rescheduled = false;

  const addCauses = (causes: MonitorCause[]) => {
    for (const cause of causes) {
      if (state.pending.some((c) => c.source === cause.source && c.version === cause.version)) continue;
      state.pending.push(cause);
    }
    state.pending.splice(0, Math.max(0, state.pending.length - MAX_PENDING_CAUSES));
  };
  setHandler(pauseSignal, () => {
    state.paused = true;
  });
  setHandler(resumeSignal, () => {
    state.paused = false;
  });
  setHandler(stopSignal, () => {
    stopped = true;
  });
  setHandler(rescheduleSignal, (signal) => {
    state.nextReviewAtMs = signal.nextReviewAtMs;
    rescheduled = true;
  });
  setHandler(reanalyseSignal, (signal) => {
    // A retried fan-out signals again with the same key: checked once.
    if (state.seenChangeKeys.includes(signal.key)) return;
    state.seenChangeKeys.push(signal.key);
    state.seenChangeKeys.splice(0, Math.max(0, state.seenChangeKeys.length - MONITOR_SEEN_CHANGE_KEYS));
    addCauses(signal.causes);
  });

  /** One check with its causes; the outcome's status is the row's. */
  async function check(analysisUuid: string, causes: MonitorCause[]): Promise<'continue' | 'end'> {
    let outcome: MonitorCheckOutcome;
    try {
      // Since this patch the check announces its alert itself (docs/monitoring.md, "Priority"):
      // a workflow task, an activity and a local activity fewer per alert. Runs recorded before it announce below.
      const announce = patched('alert-announced-in-check');
      outcome = await checkMonitor({ monitorUuid: input.monitorUuid, analysisUuid, causes, ...(announce ? { announce } : {}) });
    } catch (error) {
      log.warn('monitor check gave up; its causes wait for the next try', {
        monitorUuid: input.monitorUuid,
        error: error instanceof Error ? error.message : String(error),
      });
      addCauses(causes);
      await sleep(RETRY_AFTER_FAILURE);
      return 'continue';
    }
    checks++;
    if (outcome.status === 'stopped' || outcome.status === 'gone') return 'end';
    state.paused = outcome.status === 'paused';
    // Not analysed (paused before the check ran): the causes wait for the resume.
    if (!outcome.checked) addCauses(causes);
    if (outcome.nextReviewAtMs !== null) state.nextReviewAtMs = outcome.nextReviewAtMs;
    if (outcome.alert && !outcome.announced) {
      const alert = outcome.alert;
      await webhooks().publishWebhookEvent({
        companyId: alert.companyId,
        type: 'monitoring.alert',
        data: alert.eventData,
        explicitEndpointUuid: alert.webhookEndpointUuid,
        idempotencyKey: monitorAlertEventKey(alert.alertUuid),
      });
      if (alert.riskIncreased)
        await openCaseForRiskIncrease({
          analysisUuid: alert.analysisUuid,
          alertUuid: alert.alertUuid,
          reason: 'monitoring: risk increased',
        });
    }
    return 'continue';
  }

  if (!input.carried) {
    if ((await check(input.baselineAnalysisUuid, [{ source: 'baseline', version: new Date().toISOString().slice(0, 10) }])) === 'end')
      return { status: 'stopped', checks };
  }

  // A review that fell due while paused is checked at the resume (workflow time advances with each task).
  const reviewDue = () => state.nextReviewAtMs !== null && Date.now() >= state.nextReviewAtMs;
  const ready = () => stopped || rescheduled || (!state.paused && (state.pending.length > 0 || reviewDue()));
  for (;;) {
    const dueInMs = state.nextReviewAtMs === null ? null : Math.max(0, state.nextReviewAtMs - Date.now());
    const waitMs = state.paused || dueInMs === null ? undefined : Math.min(dueInMs, MAX_WAIT_MS);
    if (waitMs === undefined) await condition(ready);
    else await condition(ready, waitMs);
    rescheduled = false;
    if (stopped) return { status: 'stopped', checks };
    // A long review is reached in several timers; a paused monitor's waits for the resume.
    if (state.paused || (state.pending.length === 0 && !reviewDue())) continue;
    const causes: MonitorCause[] =
      state.pending.length > 0
        ? state.pending.splice(0)
        : [{ source: 'periodic_review', version: new Date(state.nextReviewAtMs!).toISOString().slice(0, 10) }];
    if ((await check(uuid4(), causes)) === 'end') return { status: 'stopped', checks };
    if (checks >= MONITOR_CHECKS_PER_RUN || workflowInfo().continueAsNewSuggested) {
      // Signals that arrived meanwhile are in `state`: finish their handlers, then carry them over.
      await condition(allHandlersFinished);
      return continueAsNew<typeof monitorWorkflow>({ ...input, carried: state });
    }
  }
}
