import type { Priority, SearchAttributePair } from '@temporalio/common';
import type { TaskQueue } from './task-queues';
import { type PriorityClass, priorityKeys, workPriority } from './work-priority';

/** The kinds of work the service runs as workflows; GET /workflows filters by them (docs/api-conventions.md). */
export type WorkflowKind =
  'analysis' | 'screening' | 'report' | 'webhook_delivery' | 'webhook_recovery' | 'graph_expansion' | 'case' | 'monitor' | 'analysis_batch';

/**
 * The kinds of work the service runs for itself (docs/workflows.md, "The service's own workflows"):
 * deliberately outside WorkflowKind, which is the public `kind` of GET /workflows.
 */
export type ServiceWorkflowKind = 'housekeeping' | 'change_fanout';
const serviceWorkflowKinds = ['housekeeping', 'change_fanout'] as const satisfies readonly ServiceWorkflowKind[];

/** What every contract states, whoever the run works for. */
type ContractParts<I, O, F extends string> = {
  workflowType: string;
  taskQueue: TaskQueue;
  workflowId: (input: I) => string;
  /** Set at start, so the Temporal UI and GET /workflows can find the run by its business facts. */
  searchAttributes: (input: I) => SearchAttributePair[];
  memo?: (input: I) => Record<string, unknown>;
  /** ApplicationFailure types this workflow and its activities raise on purpose. */
  failureTypes: Record<F, string>;
  /** Never set: carries the output type for startWorkflow's handle. */
  readonly output?: O;
};

/**
 * Everything a starter, a worker and a reader must agree on about one workflow, and nothing that
 * does I/O: this module is imported by workflow code (the deterministic sandbox), by activities,
 * by use cases and by the api alike. The workflow function itself is exported under
 * `workflowType` from workflows/index.ts (a unit test holds every contract to that).
 */
export type WorkflowContract<I extends ContractInput, O, F extends string = string> = ContractParts<I, O, F> & {
  kind: WorkflowKind;
  /**
   * Interactive, normal or bulk (contracts/work-priority.ts): startWorkflow turns it into the
   * start's Task Queue Priority, with the input's company as the fairness key.
   */
  priority: PriorityClass | ((input: I) => PriorityClass);
};

/** Every workflow works for one company: its uuid is the fairness key of the run. */
export type ContractInput = { companyUuid: string };

/**
 * A workflow the service runs for itself, on a Temporal Schedule (housekeeping). It works for no
 * company, so its input cannot carry one and it sets no CompanyUuid: GET /workflows, always scoped
 * by the caller's CompanyUuid, can never list or describe it, and its kind is no public `kind`.
 * It runs at normal priority without a fairness key whoever starts it, because that is what a
 * Schedule's runs get (the SDK's schedule action sets no Priority): the unkeyed fairness bucket,
 * which no company's run uses, so the service's work takes one share beside each company's.
 */
export type ServiceWorkflowContract<I extends ServiceContractInput, O, F extends string = string> = ContractParts<I, O, F> & {
  kind: ServiceWorkflowKind;
  priority: 'normal';
};

/** A service workflow's input names no company (the type refuses a `companyUuid`). */
export type ServiceContractInput = { [field: string]: unknown; companyUuid?: never };

export type AnyWorkflowContract = WorkflowContract<any, any, any> | ServiceWorkflowContract<any, any, any>;

export function defineWorkflowContract<I extends ContractInput, O, F extends string = never>(
  contract: WorkflowContract<I, O, F>,
): WorkflowContract<I, O, F> {
  return contract;
}

export function defineServiceWorkflowContract<I extends ServiceContractInput, O, F extends string = never>(
  contract: ServiceWorkflowContract<I, O, F>,
): ServiceWorkflowContract<I, O, F> {
  return contract;
}

function isServiceWorkflowContract(contract: AnyWorkflowContract): contract is ServiceWorkflowContract<any, any, any> {
  return (serviceWorkflowKinds as readonly string[]).includes(contract.kind);
}

/** The priority class of one start of a contract. */
export function priorityClassOf<I extends ContractInput>(contract: WorkflowContract<I, any, any>, input: I): PriorityClass {
  return typeof contract.priority === 'function' ? contract.priority(input) : contract.priority;
}

/**
 * The Task Queue Priority of one start: a company's run has its class and the company as the
 * fairness key; the service's own run has its class and no key, like its Schedule's runs.
 */
export function startPriorityOf(contract: AnyWorkflowContract, input: ContractInput | ServiceContractInput): Priority {
  if (isServiceWorkflowContract(contract)) return { priorityKey: priorityKeys[contract.priority] };
  return workPriority(priorityClassOf(contract, input as ContractInput), (input as ContractInput).companyUuid);
}

/** The input type of a contract. */
export type WorkflowInput<C> =
  C extends WorkflowContract<infer I, any, any> ? I : C extends ServiceWorkflowContract<infer I, any, any> ? I : never;
/** The output type of a contract. */
export type WorkflowOutput<C> =
  C extends WorkflowContract<any, infer O, any> ? O : C extends ServiceWorkflowContract<any, infer O, any> ? O : never;
