import { caseWorkflowContract } from '../../contracts/case-workflow-contract';
import { createCaseWithClocks } from '../support/case-fixtures';
import { type ExtraProcess, startExtraWorker } from '../support/processes';
import { testTemporalClient } from '../support/stack';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';
import { waitFor } from '../support/wait-for';

jest.setTimeout(120_000);

// In the own-processes project: its worker is the only one polling the `cases` namespace
// (docs/testing.md, "How long the suite takes").
describe('a case workflow survives its worker', () => {
  const started: ExtraProcess[] = [];
  afterAll(async () => {
    for (const p of started.reverse()) await p.stop(10_000);
    await closeTestDb();
  });

  it('rings the due-date timer after the worker was killed -9 while the case waited on it', async () => {
    // Its own worker in the `cases` namespace: the only one polling there, so killing it stops every case of the namespace.
    const env = { TEMPORAL_NAMESPACE: 'cases' };
    const tenant = await createTestTenant();
    let worker = await startExtraWorker(env);
    started.push(worker);
    const dueAt = new Date(Date.now() + 15_000);
    const uuid = await createCaseWithClocks(tenant, { dueAt }, 'cases');
    const handle = (await testTemporalClient('cases')).workflow.getHandle(
      caseWorkflowContract.workflowId({ companyUuid: tenant.companyUuid, caseUuid: uuid }),
    );
    await waitFor(
      'the due-date timer',
      async () => ((await handle.fetchHistory()).events?.some((e) => e.timerStartedEventAttributes) ? true : undefined),
      60_000,
    );
    await worker.kill9();

    await new Promise((r) => setTimeout(r, Math.max(0, dueAt.getTime() - Date.now()) + 1_000));
    // Due, and nobody to ring: still not overdue.
    expect(await testDb()('cases').where({ uuid }).first('overdue_at')).toEqual({ overdue_at: null });
    worker = await startExtraWorker(env);
    started.push(worker);
    const row = await waitFor(
      'overdue after the restart',
      async () => {
        const found = await testDb()('cases').where({ uuid }).first('overdue_at');
        return found.overdue_at !== null ? found : undefined;
      },
      90_000,
    );
    expect(row.overdue_at.getTime()).toBeGreaterThanOrEqual(dueAt.getTime());
    const audits = await testDb()('audit_events').where({ company_id: tenant.companyId, resource_id: uuid, action: 'case.overdue' });
    expect(audits).toHaveLength(1);
    expect((await handle.describe()).status.name).toBe('RUNNING');
  });
});
