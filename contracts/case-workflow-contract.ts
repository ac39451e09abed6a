import type { Actor, RecordedActor } from '../domain/actor';
import type { CaseClockName, CaseClocks } from '../domain/cases/case-clocks';
import type { CaseOutcome } from '../domain/cases/case-actions';
import { searchAttributeKeys } from './search-attributes';
import type { PublishInput } from './webhook-delivery-workflow-contract';
import { taskQueues } from './task-queues';
import { defineWorkflowContract } from './workflow-contract';

/**
 * One case (docs/people-and-cases.md, "Cases"): a workflow per case, from its opening until every
 * clock has stopped. Actions arrive as the `caseAction` update and are applied by one activity
 * (the case row is the record; the workflow keeps its clocks); durable timers ring when the
 * service level or the COAF clock runs out.
 */
export type CaseWorkflowInput = { companyUuid: string; caseUuid: string };

/**
 * Who asks, in which request (what the audit event records), and the action's own uuid: the
 * activity applies an action once however often it is retried.
 */
export type CaseActionBy = { actor: Actor | RecordedActor; requestId: string | null; actionUuid: string };

export type CaseActionRequest = CaseActionBy &
  (
    | { action: 'assign'; assignee: RecordedActor }
    | { action: 'note'; text: string }
    | { action: 'decide'; outcome: CaseOutcome; rationale: string }
    | { action: 'approve'; approve: boolean; comment: string | null }
  );

/** The activity's input: the request and its case. */
export type CaseActionInput = CaseActionRequest & { caseUuid: string };

/**
 * What an applied action leaves: the case's clocks, and the `coaf_cos` draft to write when an
 * approval of `report_to_coaf` linked one (its uuid is already on the case).
 */
export type CaseActionOutcome = {
  clocks: CaseClocks;
  coafDraft: {
    reportUuid: string;
    analysisUuid: string;
    companyId: number;
    requestedBy: { actor: Actor | RecordedActor; requestId: string | null };
  } | null;
  /** The webhook events the action makes (case.decided), published by the workflow. */
  announce: PublishInput[];
};

/** What the first step and a run-out clock leave: the clocks, and what to announce (case.opened, case.overdue). */
export type CaseClocksOutcome = { clocks: CaseClocks; announce: PublishInput[] };

/** The activity that marks a clock run out: its input. */
export type CaseClockInput = { caseUuid: string; clock: CaseClockName };

/** The workflow's result: how the case ended. */
export type CaseWorkflowResult = { caseUuid: string; status: CaseClocks['status']; coafClock: CaseClocks['coafClock'] };

export const caseUpdates = { caseAction: 'caseAction' } as const;
export const caseSignals = { clocksChanged: 'clocksChanged' } as const;
export const caseQueries = { caseClocks: 'caseClocks' } as const;

export const caseWorkflowContract = defineWorkflowContract<
  CaseWorkflowInput,
  CaseWorkflowResult,
  'conflict' | 'fourEyes' | 'notFound' | 'invalid'
>({
  kind: 'case',
  workflowType: 'caseWorkflow',
  taskQueue: taskQueues.cases,
  workflowId: (input) => `case-${input.caseUuid}`,
  // A person waits on every action.
  priority: 'interactive',
  searchAttributes: (input) => [
    { key: searchAttributeKeys.companyUuid, value: input.companyUuid },
    { key: searchAttributeKeys.resourceUuid, value: input.caseUuid },
  ],
  failureTypes: {
    /** The action does not fit the case's status (409). */
    conflict: 'CaseActionConflict',
    /** An approval by the decider (403 four_eyes_required). */
    fourEyes: 'CaseFourEyesRequired',
    /** The case is gone (404). */
    notFound: 'CaseNotFound',
    /** The request names something the company does not have (422: an unknown assignee). */
    invalid: 'CaseActionInvalid',
  },
});
