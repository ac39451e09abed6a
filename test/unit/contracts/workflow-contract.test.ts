import * as workflows from '../../../workflows';
import { analysisWorkflowContract } from '../../../contracts/analysis-workflow-contract';
import { reportWorkflowContract } from '../../../contracts/report-workflow-contract';
import { graphExpansionWorkflowContract } from '../../../contracts/graph-expansion-workflow-contract';
import { screeningWorkflowContract } from '../../../contracts/screening-workflow-contract';
import { customSearchAttributes } from '../../../contracts/search-attributes';
import { taskQueues } from '../../../contracts/task-queues';
import { deliveryWorkflowId, webhookDeliveryWorkflowContract } from '../../../contracts/webhook-delivery-workflow-contract';
import { priorityClassOf, type WorkflowContract } from '../../../contracts/workflow-contract';
import type { PriorityClass } from '../../../contracts/work-priority';

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const companyUuid = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** Every contract with an input of its own and the workflow id that input must give. */
const cases: [string, WorkflowContract<any, any, any>, unknown, string][] = [
  ['analysis', analysisWorkflowContract, { uuid, entryUuid: uuid, companyId: 1, companyUuid, entityId: 42, mode: 'sync', asOf: '2026-11-23', source: null, clientReference: null, webhookEndpointUuid: null, maxDepth: 4, maxNodes: 100, uboThresholdPercent: 25 }, `analysis-${uuid}`],
  ['screening', screeningWorkflowContract, { screeningUuid: uuid, companyUuid, entityId: 42 }, `screening-${uuid}`],
  ['webhook delivery', webhookDeliveryWorkflowContract, { eventUuid: uuid, run: 0, firstAttemptNumber: 1, companyUuid, eventType: 'webhook.test', endpointUuid: uuid }, `delivery-${uuid}`],
  ['webhook redelivery', webhookDeliveryWorkflowContract, { eventUuid: uuid, run: 2, firstAttemptNumber: 4, companyUuid, eventType: 'webhook.test', endpointUuid: uuid }, `delivery-${uuid}-retry-2`],
  ['report', reportWorkflowContract, { reportUuid: uuid, companyId: 1, companyUuid, analysisUuid: uuid, type: 'coaf_cos', language: 'pt-BR' }, `report-${uuid}`],
  ['graph expansion', graphExpansionWorkflowContract, { companyId: 1, companyUuid, analysisUuid: uuid, nodeKey: 'entity:7', domains: ['pep', 'ownership'] }, `graph-expansion-${uuid}-entity:7-ownership+pep`],
];

const inputOf = (name: string) => cases.find((c) => c[0] === name)![2] as object;

/** Interactive: a person waits; normal: queued work of its own; bulk: what one request multiplies. */
const priorities: [string, WorkflowContract<any, any, any>, unknown, PriorityClass][] = [
  ['a sync analysis', analysisWorkflowContract, { ...inputOf('analysis'), mode: 'sync' }, 'interactive'],
  ['an async analysis', analysisWorkflowContract, { ...inputOf('analysis'), mode: 'async' }, 'normal'],
  ['a screening', screeningWorkflowContract, inputOf('screening'), 'normal'],
  ['a report', reportWorkflowContract, inputOf('report'), 'interactive'],
  ['a graph expansion', graphExpansionWorkflowContract, inputOf('graph expansion'), 'interactive'],
  ['a test event or a single retry', webhookDeliveryWorkflowContract, { ...inputOf('webhook delivery'), priorityClass: 'interactive' }, 'interactive'],
  ['a fan-out delivery, a recover or a bulk retry', webhookDeliveryWorkflowContract, { ...inputOf('webhook delivery'), priorityClass: 'bulk' }, 'bulk'],
  ['a delivery started before priorities existed', webhookDeliveryWorkflowContract, inputOf('webhook delivery'), 'bulk'],
];

describe('workflow contracts', () => {
  it.each(priorities)('%s runs at %s priority', (_name, contract, input, expected) => {
    expect(priorityClassOf(contract, input)).toBe(expected);
  });

  it.each(cases)('%s: its workflow type is exported by workflows/index.ts', (_name, contract) => {
    expect(typeof (workflows as Record<string, unknown>)[contract.workflowType]).toBe('function');
  });

  it.each(cases)('%s: the workflow id is the business id', (_name, contract, input, id) => {
    expect(contract.workflowId(input)).toBe(id);
  });

  it.each(cases)('%s: runs on a known task queue', (_name, contract) => {
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

  it.each(cases)('%s: failure types are distinct and non-empty', (_name, contract) => {
    const types = Object.values(contract.failureTypes) as string[];
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect(type).toMatch(/^[A-Z][A-Za-z]+$/);
  });

  it('the same expansion request gives the same id whatever the order of its domains', () => {
    const base = { companyId: 1, companyUuid, analysisUuid: uuid, nodeKey: 'entity:7' };
    expect(graphExpansionWorkflowContract.workflowId({ ...base, domains: ['pep', 'ownership'] })).toBe(graphExpansionWorkflowContract.workflowId({ ...base, domains: ['ownership', 'pep'] }));
  });

  it('names redelivery runs after the event', () => {
    expect(deliveryWorkflowId(uuid)).toBe(`delivery-${uuid}`);
    expect(deliveryWorkflowId(uuid, 1)).toBe(`delivery-${uuid}-retry-1`);
  });
});
