import { cancellableKinds, kindOfWorkflowType, workflowContracts, workflowKinds, workflowTypesOfKind } from '../../../contracts/workflow-catalog';

describe('workflow catalog: kinds of the service’s workflows', () => {
  it.each([
    ['analysisWorkflow', 'analysis'],
    ['screeningWorkflow', 'screening'],
    ['webhookDeliveryWorkflow', 'webhook_delivery'],
    ['graphExpansionWorkflow', 'graph_expansion'],
    ['someoneElsesWorkflow', undefined],
  ])('%s is of kind %s', (type, kind) => {
    expect(kindOfWorkflowType(type)).toBe(kind);
  });

  it.each([
    ['analysis', ['analysisWorkflow']],
    ['webhook_delivery', ['webhookDeliveryWorkflow']],
  ] as const)('kind %s has workflow types %j', (kind, types) => {
    expect(workflowTypesOfKind(kind)).toEqual(types);
  });

  it('lists each contract once, each of a known kind; only known kinds are cancellable', () => {
    const types = workflowContracts.map((c) => c.workflowType);
    expect(new Set(types).size).toBe(types.length);
    for (const contract of workflowContracts) expect(workflowKinds).toContain(contract.kind);
    for (const kind of cancellableKinds) expect(workflowKinds).toContain(kind);
    expect(cancellableKinds).not.toContain('graph_expansion');
  });
});
