import type { RiskLevel } from '../domain/analysis/verdict';
import { searchAttributeKeys } from './search-attributes';
import { taskQueues } from './task-queues';
import { defineWorkflowContract } from './workflow-contract';

/** What made a monitor check (an alert's `causes`): an import's source and version, or the review schedule. */
export type MonitorCause = { source: string; version: string };

/**
 * What a run hands to the next one at continue-as-new (docs/monitoring.md, "Costs and limits"):
 * whether it waits paused, the causes not yet checked, the change keys already seen (so a
 * retried fan-out signal is not checked twice) and when the next periodic review is due.
 */
export type MonitorCarriedState = {
  paused: boolean;
  pending: MonitorCause[];
  seenChangeKeys: string[];
  /** Epoch milliseconds; null: no verdict yet (the next check sets it). */
  nextReviewAtMs: number | null;
};

/** One monitor (docs/monitoring.md): ids, never datasets; the monitors row holds everything else. */
export type MonitorWorkflowInput = {
  monitorUuid: string;
  companyUuid: string;
  entityId: number;
  /** The first run's baseline analysis (known to the request, so the monitor names it at once). */
  baselineAnalysisUuid: string;
  /** Absent in the first run; each continue-as-new carries it. */
  carried?: MonitorCarriedState;
};

export type MonitorWorkflowResult = { status: 'stopped' | 'gone'; checks: number };

/** The signal of a change feed's fan-out: `key` names the change (source, version) so that a repeat is ignored. */
export type ReanalyseSignal = { key: string; causes: MonitorCause[] };

/**
 * The signal of a review reschedule (the company changed its review months): the next periodic
 * review as the row now says it (epoch milliseconds; null: none planned). The run's timer is
 * replaced by one for this date; a date already past is checked at once.
 */
export type RescheduleSignal = { nextReviewAtMs: number | null };

export const monitorSignals = { pause: 'pause', resume: 'resume', stop: 'stop', reanalyse: 'reanalyse', reschedule: 'reschedule' } as const;

/** The input of one check (an activity): which analysis to run and why. */
/**
 * `announce`: the check also announces the alert it makes — its `monitoring.alert` webhook event,
 * and a case when the risk increased — before it answers (runs since the `alert-announced-in-check`
 * patch; docs/monitoring.md, "Alerts"). Without it the workflow announces with activities of its own.
 */
export type MonitorCheckInput = { monitorUuid: string; analysisUuid: string; causes: MonitorCause[]; announce?: boolean };

/** What the monitor's alert needs to be announced (small: ids and the alert body). */
export type MonitorAlertNotice = {
  alertUuid: string;
  analysisUuid: string;
  companyId: number;
  webhookEndpointUuid: string | null;
  riskIncreased: boolean;
  eventData: Record<string, unknown>;
};

/**
 * The outcome of a check: the monitor's status as the row says (the row is the truth; signals
 * only wake the run), when the next review is due, and the alert the check made, if any.
 */
export type MonitorCheckOutcome = {
  status: 'active' | 'paused' | 'stopped' | 'gone';
  checked: boolean;
  nextReviewAtMs: number | null;
  riskLevel: RiskLevel | null;
  alert: MonitorAlertNotice | null;
  /** The alert's webhook event was published and its case opened (when it needs one) by the check itself. */
  announced?: boolean;
};

/** The idempotency key of an alert's webhook event: one name, whichever path publishes it. */
export function monitorAlertEventKey(alertUuid: string): string {
  return `monitoring-alert-${alertUuid}`;
}

/** Checks per run before continue-as-new: the history stays a few hundred events however long the monitor lives. */
export const MONITOR_CHECKS_PER_RUN = 25;
/** Change keys remembered across runs (a fan-out retried later than this many changes re-checks once, and alerts never twice). */
export const MONITOR_SEEN_CHANGE_KEYS = 200;

export const monitorWorkflowContract = defineWorkflowContract<MonitorWorkflowInput, MonitorWorkflowResult, 'notFound'>({
  kind: 'monitor',
  workflowType: 'monitorWorkflow',
  // The analyses queue: its checks are analyses, and at bulk priority every interactive or
  // normal analysis of the queue goes first (contracts/work-priority.ts).
  taskQueue: taskQueues.analyses,
  workflowId: (input) => `monitor-${input.monitorUuid}`,
  // One import can touch thousands of monitors: background work, never ahead of a person waiting.
  priority: 'bulk',
  searchAttributes: (input) => [
    { key: searchAttributeKeys.companyUuid, value: input.companyUuid },
    { key: searchAttributeKeys.resourceUuid, value: input.monitorUuid },
    { key: searchAttributeKeys.entityId, value: input.entityId },
  ],
  failureTypes: { notFound: 'MonitorNotFound' },
});
