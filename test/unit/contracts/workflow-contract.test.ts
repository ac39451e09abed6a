import * as workflows from '../../../workflows';
import { analysisWorkflowContract } from '../../../contracts/analysis-workflow-contract';
import { caseWorkflowContract } from '../../../contracts/case-workflow-contract';
import { reportWorkflowContract } from '../../../contracts/report-workflow-contract';
import { graphExpansionWorkflowContract } from '../../../contracts/graph-expansion-workflow-contract';
import { idempotencyPurgeWorkflowContract } from '../../../contracts/idempotency-purge-workflow-contract';
import { analysisBatchWorkflowContract } from '../../../contracts/analysis-batch-workflow-contract';
import { monitorReviewRescheduleWorkflowContract } from '../../../contracts/monitor-review-reschedule-workflow-contract';
import { monitorWorkflowContract } from '../../../contracts/monitor-workflow-contract';
import { monitoringFanOutWorkflowContract } from '../../../contracts/monitoring-fanout-workflow-contract';
import { screeningWorkflowContract } from '../../../contracts/screening-workflow-contract';
import { customSearchAttributes } from '../../../contracts/search-attributes';
import { taskQueues } from '../../../contracts/task-queues';
import { deliveryWorkflowId, webhookDeliveryWorkflowContract } from '../../../contracts/webhook-delivery-workflow-contract';
import { webhookRecoveryWorkflowContract } from '../../../contracts/webhook-recovery-workflow-contract';
import { kindOfWorkflowType, serviceWorkflowContracts, workflowContracts, workflowKinds } from '../../../contracts/workflow-catalog';
import {
  type AnyWorkflowContract,
  defineServiceWorkflowContract,
  priorityClassOf,
  type ServiceWorkflowContract,
  startPriorityOf,
  type WorkflowContract,
} from '../../../contracts/workflow-contract';
import { priorityKeys, type PriorityClass } from '../../../contracts/work-priority';

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const companyUuid = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** Every contract with an input of its own and the workflow id that input must give. */
const cases: [string, WorkflowContract<any, any, any>, unknown, string][] = [
  [
    'analysis',
    analysisWorkflowContract,
    {
      uuid,
      entryUuid: uuid,
      companyId: 1,
      companyUuid,
      entityId: 42,
      mode: 'sync',
      asOf: '2026-11-23',
      source: null,
      clientReference: null,
      webhookEndpointUuid: null,
      maxDepth: 4,
      maxNodes: 100,
      uboThresholdPercent: 25,
    },
    `analysis-${uuid}`,
  ],
  ['screening', screeningWorkflowContract, { screeningUuid: uuid, companyUuid, entityId: 42 }, `screening-${uuid}`],
  [
    'webhook delivery',
    webhookDeliveryWorkflowContract,
    { eventUuid: uuid, run: 0, firstAttemptNumber: 1, companyUuid, eventType: 'webhook.test', endpointUuid: uuid },
    `delivery-${uuid}`,
  ],
  [
    'webhook redelivery',
    webhookDeliveryWorkflowContract,
    { eventUuid: uuid, run: 2, firstAttemptNumber: 4, companyUuid, eventType: 'webhook.test', endpointUuid: uuid },
    `delivery-${uuid}-retry-2`,
  ],
  [
    'webhook recovery',
    webhookRecoveryWorkflowContract,
    { companyUuid, endpointUuid: uuid, since: '2026-11-22T00:00:00.000Z' },
    `webhook-recovery-${uuid}-1795305600000`,
  ],
  [
    'report',
    reportWorkflowContract,
    { reportUuid: uuid, companyId: 1, companyUuid, analysisUuid: uuid, type: 'coaf_cos', language: 'pt-BR' },
    `report-${uuid}`,
  ],
  ['case', caseWorkflowContract, { companyUuid, caseUuid: uuid }, `case-${uuid}`],
  [
    'graph expansion',
    graphExpansionWorkflowContract,
    { companyId: 1, companyUuid, analysisUuid: uuid, nodeKey: 'entity:7', domains: ['pep', 'ownership'] },
    `graph-expansion-${uuid}-entity:7-ownership+pep`,
  ],
  ['monitor', monitorWorkflowContract, { monitorUuid: uuid, companyUuid, entityId: 42, baselineAnalysisUuid: uuid }, `monitor-${uuid}`],
  [
    'review reschedule',
    monitorReviewRescheduleWorkflowContract,
    { companyUuid, rescheduleUuid: uuid },
    `monitor-review-reschedule-${uuid}`,
  ],
  ['analysis batch', analysisBatchWorkflowContract, { batchUuid: uuid, companyUuid, concurrency: 4 }, `analysis-batch-${uuid}`],
];

/** The service's own workflows (housekeeping): no company in the input, in the attributes or in the catalog of kinds. */
const serviceCases: [string, ServiceWorkflowContract<any, any, any>, unknown, string][] = [
  [
    'idempotency purge by hand',
    idempotencyPurgeWorkflowContract,
    { requestedAt: '2026-11-25T18:00:00.000Z' },
    'housekeeping-idempotency-purge-2026-11-25T18:00:00.000Z',
  ],
  // Temporal appends the scheduled time to the id the Schedule gives.
  ['idempotency purge on its Schedule', idempotencyPurgeWorkflowContract, {}, 'housekeeping-idempotency-purge'],
  [
    'monitoring fan-out of one import',
    monitoringFanOutWorkflowContract,
    { source: 'ceis', version: 'run-7' },
    'monitoring-fanout-ceis-run-7',
  ],
];

/** Every rule that holds for any workflow, whoever it works for. */
const allCases: [string, AnyWorkflowContract, unknown, string][] = [...cases, ...serviceCases];

const inputOf = (name: string) => cases.find((c) => c[0] === name)![2] as object;

/** Interactive: a person waits; normal: queued work of its own; bulk: what one request multiplies. */
const priorities: [string, WorkflowContract<any, any, any>, unknown, PriorityClass][] = [
  ['a sync analysis', analysisWorkflowContract, { ...inputOf('analysis'), mode: 'sync' }, 'interactive'],
  ['an async analysis', analysisWorkflowContract, { ...inputOf('analysis'), mode: 'async' }, 'normal'],
  ['a screening', screeningWorkflowContract, inputOf('screening'), 'normal'],
  ['a report', reportWorkflowContract, inputOf('report'), 'interactive'],
  ['a graph expansion', graphExpansionWorkflowContract, inputOf('graph expansion'), 'interactive'],
  [
    'a test event or a single retry',
    webhookDeliveryWorkflowContract,
    { ...inputOf('webhook delivery'), priorityClass: 'interactive' },
    'interactive',
  ],
  [
    'a fan-out delivery, a recover or a bulk retry',
    webhookDeliveryWorkflowContract,
    { ...inputOf('webhook delivery'), priorityClass: 'bulk' },
    'bulk',
  ],
  ['a recover of an endpoint', webhookRecoveryWorkflowContract, inputOf('webhook recovery'), 'bulk'],
  ['a delivery started before priorities existed', webhookDeliveryWorkflowContract, inputOf('webhook delivery'), 'bulk'],
  ['a monitor (its checks: what one import multiplies)', monitorWorkflowContract, inputOf('monitor'), 'bulk'],
  [
    'a review reschedule (a signal per monitor of the company)',
    monitorReviewRescheduleWorkflowContract,
    inputOf('review reschedule'),
    'bulk',
  ],
  ['a portfolio batch (its rows: a whole book at once)', analysisBatchWorkflowContract, inputOf('analysis batch'), 'bulk'],
];

describe('workflow contracts', () => {
  it.each(priorities)('%s runs at %s priority', (_name, contract, input, expected) => {
    expect(priorityClassOf(contract, input)).toBe(expected);
  });

  it.each(cases)('%s: the company is the fairness key of its start', (_name, contract, input) => {
    expect(startPriorityOf(contract, input as never)).toEqual({
      priorityKey: priorityKeys[priorityClassOf(contract, input)],
      fairnessKey: companyUuid,
    });
  });

  it.each(allCases)('%s: its workflow type is exported by workflows/index.ts', (_name, contract) => {
    expect(typeof (workflows as Record<string, unknown>)[contract.workflowType]).toBe('function');
  });

  it.each(allCases)('%s: the workflow id is the business id', (_name, contract, input, id) => {
    expect(contract.workflowId(input)).toBe(id);
  });

  it.each(allCases)('%s: runs on a known task queue', (_name, contract) => {
    expect(Object.values(taskQueues)).toContain(contract.taskQueue);
  });

  it.each(cases)('%s: sets registered search attributes only, CompanyUuid always', (_name, contract, input) => {
    const pairs = contract.searchAttributes(input);
    for (const pair of pairs) expect(customSearchAttributes[pair.key.name]).toBeDefined();
    expect(pairs.find((p) => p.key.name === 'CompanyUuid')?.value).toBe(companyUuid);
  });

  it.each(cases)('%s: names its resource in ResourceUuid (GET /workflows?resource_uuid=)', (_name, contract, input) => {
    expect(contract.searchAttributes(input).find((p) => p.key.name === 'ResourceUuid')?.value).toBe(uuid);
  });

  it.each(serviceCases)(
    '%s: sets registered search attributes only, never CompanyUuid nor ResourceUuid (no customer can find it)',
    (_name, contract, input) => {
      const pairs = contract.searchAttributes(input);
      for (const pair of pairs) expect(customSearchAttributes[pair.key.name]).toBeDefined();
      expect(pairs.map((p) => p.key.name)).not.toContain('CompanyUuid');
      expect(pairs.map((p) => p.key.name)).not.toContain('ResourceUuid');
    },
  );

  it.each(serviceCases)('%s: has no public kind: absent from the catalog GET /workflows names kinds by', (_name, contract) => {
    expect(workflowKinds).not.toContain(contract.kind);
    expect(kindOfWorkflowType(contract.workflowType)).toBeUndefined();
    expect(workflowContracts).not.toContain(contract);
    expect(serviceWorkflowContracts).toContain(contract);
  });

  it.each(serviceCases)(
    '%s: starts at normal priority with no fairness key, as its Schedule’s runs do (the server default)',
    (_name, contract, input) => {
      expect(startPriorityOf(contract, input as never)).toEqual({ priorityKey: priorityKeys.normal });
    },
  );

  it('a service workflow’s input cannot name a company', () => {
    const base = {
      kind: 'housekeeping',
      workflowType: 'probe',
      taskQueue: taskQueues.reports,
      priority: 'normal',
      workflowId: () => 'probe',
      searchAttributes: () => [],
      failureTypes: {},
    } as const;
    // @ts-expect-error: a companyUuid in a service workflow's input is refused by its type
    expect(defineServiceWorkflowContract<{ companyUuid: string }, unknown>(base).kind).toBe('housekeeping');
  });

  it('every workflow exported by workflows/index.ts has exactly one contract, and every contract is held to these rules', () => {
    const exported = Object.entries(workflows)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .sort();
    const contracted = [...workflowContracts, ...serviceWorkflowContracts].map((c) => c.workflowType).sort();
    expect(contracted).toEqual(exported);
    expect(new Set(allCases.map((c) => c[1]))).toEqual(new Set([...workflowContracts, ...serviceWorkflowContracts]));
  });

  it.each(allCases)('%s: failure types are distinct and non-empty', (_name, contract) => {
    const types = Object.values(contract.failureTypes) as string[];
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect(type).toMatch(/^[A-Z][A-Za-z]+$/);
  });

  it('the same expansion request gives the same id whatever the order of its domains', () => {
    const base = { companyId: 1, companyUuid, analysisUuid: uuid, nodeKey: 'entity:7' };
    expect(graphExpansionWorkflowContract.workflowId({ ...base, domains: ['pep', 'ownership'] })).toBe(
      graphExpansionWorkflowContract.workflowId({ ...base, domains: ['ownership', 'pep'] }),
    );
  });

  it('names redelivery runs after the event', () => {
    expect(deliveryWorkflowId(uuid)).toBe(`delivery-${uuid}`);
    expect(deliveryWorkflowId(uuid, 1)).toBe(`delivery-${uuid}-retry-1`);
  });
});
