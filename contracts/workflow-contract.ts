import type { SearchAttributePair } from '@temporalio/common';
import type { TaskQueue } from './task-queues';
import type { PriorityClass } from './work-priority';

/** The kinds of work the service runs as workflows; GET /workflows filters by them (docs/api-conventions.md). */
export type WorkflowKind = 'analysis' | 'screening' | 'report' | 'webhook_delivery' | 'graph_expansion';

/**
 * Everything a starter, a worker and a reader must agree on about one workflow, and nothing that
 * does I/O: this module is imported by workflow code (the deterministic sandbox), by activities,
 * by use cases and by the api alike. The workflow function itself is exported under
 * `workflowType` from workflows/index.ts (a unit test holds every contract to that).
 */
export type WorkflowContract<I extends ContractInput, O, F extends string = string> = {
  kind: WorkflowKind;
  workflowType: string;
  taskQueue: TaskQueue;
  workflowId: (input: I) => string;
  /**
   * Interactive, normal or bulk (contracts/work-priority.ts): startWorkflow turns it into the
   * start's Task Queue Priority, with the input's company as the fairness key.
   */
  priority: PriorityClass | ((input: I) => PriorityClass);
  /** Set at start, so the Temporal UI and GET /workflows can find the run by its business facts. */
  searchAttributes: (input: I) => SearchAttributePair[];
  memo?: (input: I) => Record<string, unknown>;
  /** ApplicationFailure types this workflow and its activities raise on purpose. */
  failureTypes: Record<F, string>;
  /** Never set: carries the output type for startWorkflow's handle. */
  readonly output?: O;
};

/** Every workflow works for one company: its uuid is the fairness key of the run. */
export type ContractInput = { companyUuid: string };

export function defineWorkflowContract<I extends ContractInput, O, F extends string = never>(contract: WorkflowContract<I, O, F>): WorkflowContract<I, O, F> {
  return contract;
}

/** The priority class of one start of a contract. */
export function priorityClassOf<I extends ContractInput>(contract: WorkflowContract<I, any, any>, input: I): PriorityClass {
  return typeof contract.priority === 'function' ? contract.priority(input) : contract.priority;
}

/** The input type of a contract. */
export type WorkflowInput<C> = C extends WorkflowContract<infer I, any, any> ? I : never;
/** The output type of a contract. */
export type WorkflowOutput<C> = C extends WorkflowContract<any, infer O, any> ? O : never;
