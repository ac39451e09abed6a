import type { Client, WorkflowExecutionInfo } from '@temporalio/client';
import { failureTypeOf } from '../../infra/start-workflow';
import { createEntity } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { waitUntil } from '../support/service-process';
import { testTemporalClient } from '../support/stack';
import { closeOwnerDb, ownerDb } from '../support/database-roles';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';

jest.setTimeout(120_000);

/**
 * POST /adverse-media records the queued screening and starts its workflow in one transaction
 * (usecases/screenings/create-screening.ts). A deferred constraint trigger stands in for a slow
 * or failing commit, for two client references of this test only: the run, which begins before
 * the commit, must wait for it; a commit that fails must leave nothing behind.
 */
describe('adverse media: the screening and its workflow start commit together', () => {
  const fn = `screening_commit_${process.pid}`;
  const slowCommit = `slow-commit-${process.pid}`;
  const failedCommit = `failed-commit-${process.pid}`;
  let entityId: number;
  let temporal: Client;

  beforeAll(async () => {
    entityId = (await createEntity(testDb(), { type: 'person', name: 'Cerca Commit Teste' })).id;
    await ownerDb().raw(`
      CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.client_reference = '${slowCommit}' THEN PERFORM pg_sleep(2); END IF;
        IF NEW.client_reference = '${failedCommit}' THEN RAISE EXCEPTION 'commit refused for a test'; END IF;
        RETURN NULL;
      END $$`);
    await ownerDb().raw(
      `CREATE CONSTRAINT TRIGGER ${fn} AFTER INSERT ON screenings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    );
    temporal = await testTemporalClient();
  });
  afterAll(async () => {
    await ownerDb().raw(`DROP TRIGGER IF EXISTS ${fn} ON screenings`);
    await ownerDb().raw(`DROP FUNCTION IF EXISTS ${fn}()`);
    await temporal?.connection.close();
    await closeTestDb();
    await closeOwnerDb();
  });

  it('a run that begins before the commit waits for it, then screens: the screening completes', async () => {
    const tenant = await createTestTenant();
    const created = await request('POST', '/adverse-media', {
      apiKey: tenant.apiKey,
      body: { entity_id: entityId, client_reference: slowCommit },
    });
    const answeredAt = Date.now();
    expect(created.status).toBe(202);
    // The workflow was started well before the commit (2 s of deferred trigger) let the request answer.
    const started = await temporal.workflow.getHandle(`screening-${created.body.uuid}`).describe();
    expect(started.startTime.getTime()).toBeLessThan(answeredAt - 1_500);
    let screening: any;
    await waitUntil(
      async () => {
        screening = (await request('GET', `/adverse-media/${created.body.uuid}`, { apiKey: tenant.apiKey })).body;
        return screening.status !== 'queued' && screening.status !== 'running';
      },
      60_000,
      'the screening to end',
    );
    expect(screening).toMatchObject({ status: 'completed', client_reference: slowCommit });
  });

  it('a creation whose commit fails leaves no screening, gives the quota back, and its run ends without a trace', async () => {
    const tenant = await createTestTenant();
    const created = await request('POST', '/adverse-media', {
      apiKey: tenant.apiKey,
      body: { entity_id: entityId, client_reference: failedCommit },
    });
    expect(created.status).toBe(500);
    expect(await testDb()('screenings').where({ company_id: tenant.companyId }).first('id')).toBeUndefined();
    const used = await testDb()('quota_usage')
      .where({ company_id: tenant.companyId, operation: 'adverse_media' })
      .sum<{ used: string | null }[]>({ used: 'used' });
    expect(Number(used[0].used ?? 0)).toBe(0);

    // The run started inside the rolled-back transaction found no screening: it failed ScreeningNotFound, writing and announcing nothing.
    let runs: WorkflowExecutionInfo[] = [];
    await waitUntil(
      async () => {
        runs = [];
        for await (const run of temporal.workflow.list({
          query: `WorkflowType = 'screeningWorkflow' AND CompanyUuid = '${tenant.companyUuid}'`,
        }))
          runs.push(run);
        return runs.length === 1 && runs[0].status.name !== 'RUNNING';
      },
      60_000,
      'the orphan run to end',
    );
    expect(runs[0].status.name).toBe('FAILED');
    const outcome = await temporal.workflow
      .getHandle(runs[0].workflowId)
      .result()
      .catch((error: unknown) => error);
    expect(failureTypeOf(outcome)).toBe('ScreeningNotFound');
    expect(await testDb()('screenings').where({ company_id: tenant.companyId }).first('id')).toBeUndefined();
    expect(await testDb()('webhook_events').where({ company_id: tenant.companyId }).first('id')).toBeUndefined();
  });
});
