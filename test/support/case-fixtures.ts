import { randomUUID } from 'node:crypto';
import { caseWorkflowContract } from '../../contracts/case-workflow-contract';
import { startCaseWorkflow } from '../../usecases/cases/support/record-new-case';
import { testTemporalClient } from './stack';
import { type TestTenant, testDb } from './tenants';

/**
 * A case row made by the test (its clocks set to the test's needs) and its workflow, as the
 * service starts it, in the stack's namespace or in `namespace`.
 */
export async function createCaseWithClocks(tenant: TestTenant, clocks: { dueAt: Date }, namespace?: string): Promise<string> {
  const uuid = randomUUID();
  await testDb()('cases').insert({
    uuid,
    company_id: tenant.companyId,
    status: 'open',
    priority: 'urgent',
    risk_level: 'critical',
    analysis_uuid: randomUUID(),
    subject: JSON.stringify({ entity_id: 1, entity_type: 'organization', document: null, name: 'TEST' }),
    reason: 'test',
    opened_by: JSON.stringify({ type: 'system', id: 'test', name: 'test' }),
    due_at: clocks.dueAt,
    workflow_id: caseWorkflowContract.workflowId({ companyUuid: tenant.companyUuid, caseUuid: uuid }),
  });
  await startCaseWorkflow({ temporal: await testTemporalClient(namespace) }, { uuid }, tenant.companyUuid);
  return uuid;
}
