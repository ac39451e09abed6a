import {
  cancellableKinds,
  kindOfWorkflowType,
  serviceWorkflowContracts,
  workflowContracts,
  workflowKinds,
  workflowTypesOfKind,
} from '../../../contracts/workflow-catalog';

describe('workflow catalog: kinds of the service’s workflows', () => {
  it.each([
    ['analysisWorkflow', 'analysis'],
    ['screeningWorkflow', 'screening'],
    ['webhookDeliveryWorkflow', 'webhook_delivery'],
    ['webhookRecoveryWorkflow', 'webhook_recovery'],
    ['graphExpansionWorkflow', 'graph_expansion'],
    ['someoneElsesWorkflow', undefined],
    // The service's own: no public kind, so GET /workflows?kind= never reaches it.
    ['purgeExpiredIdempotencyKeysWorkflow', undefined],
  ])('%s is of kind %s', (type, kind) => {
    expect(kindOfWorkflowType(type)).toBe(kind);
  });

  it.each([
    ['analysis', ['analysisWorkflow']],
    ['webhook_delivery', ['webhookDeliveryWorkflow']],
    ['webhook_recovery', ['webhookRecoveryWorkflow']],
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

  it('keeps the service’s own workflows apart: none is a customer’s, none has a public kind', () => {
    const customerTypes = workflowContracts.map((c) => c.workflowType);
    for (const contract of serviceWorkflowContracts) {
      expect(customerTypes).not.toContain(contract.workflowType);
      expect(workflowKinds).not.toContain(contract.kind);
      expect(cancellableKinds).not.toContain(contract.kind);
    }
  });
});
