import type { Client } from '@temporalio/client';
import type { KeyActor } from '../../domain/actor';
import { WorkflowFailedError } from '../../domain/errors';
import { failureTypeOf } from '../../infra/start-workflow';
import { createLogger } from '../../infra/logger';
import { createReport } from '../../usecases/reports/create-report';
import { request } from '../support/http';
import { waitUntil } from '../support/service-process';
import { completedAnalysis, quotaUsed } from '../support/report-fixtures';
import { testTemporalClient } from '../support/stack';
import { closeOwnerDb, ownerDb } from '../support/database-roles';
import { closeTestDb, createTestTenant, testDb, type TestTenant } from '../support/tenants';

jest.setTimeout(120_000);

/**
 * The report-deadline race (docs/reports.md, "The request's deadline"): POST /reports waits for
 * the report workflow, which the stack's own worker runs, for a bounded time. The use case runs
 * here in the test process with a 4-second deadline, against the real Postgres, Temporal and
 * worker; two triggers on `reports`, for this test's two companies only, delay the generation's
 * transaction by 8 seconds — once at its commit (a deferred trigger: after the generation's own
 * deadline check), once at the insert (before that check).
 */
describe('POST /reports: a generation that outlasts the request deadline', () => {
  const fn = `report_deadline_race_${process.pid}`;
  const deadlineMs = 4_000;
  let temporal: Client;
  let lateCommit: TestTenant;
  let lateInsert: TestTenant;

  const actorOf = (tenant: TestTenant): KeyActor => ({
    type: 'api_key',
    id: tenant.keyUuid,
    name: 'deadline race',
    company: { id: tenant.companyId, uuid: tenant.companyUuid },
    plan: { code: tenant.planCode, features: ['reports'], quotas: { reports: 100 } },
    planLimits: {},
  });
  const deps = () => ({ db: testDb(), temporal, logger: createLogger({ level: 'silent', name: 'report-deadline-race' }), requestId: null });

  beforeAll(async () => {
    temporal = await testTemporalClient();
    lateCommit = await createTestTenant();
    lateInsert = await createTestTenant();
    await ownerDb().raw(`
      CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.company_id IN (${lateCommit.companyId}, ${lateInsert.companyId}) THEN PERFORM pg_sleep(8); END IF;
        RETURN NULL;
      END $$`);
    // Late commit: runs at COMMIT, after generate-report.ts checked its deadline and before the commit lands.
    await ownerDb().raw(
      `CREATE CONSTRAINT TRIGGER ${fn}_commit AFTER INSERT ON reports DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.company_id = ${lateCommit.companyId}) EXECUTE FUNCTION ${fn}()`,
    );
    // Late insert: the insert itself takes 8 s, so the deadline check comes after the deadline.
    await ownerDb().raw(
      `CREATE TRIGGER ${fn}_insert AFTER INSERT ON reports FOR EACH ROW WHEN (NEW.company_id = ${lateInsert.companyId}) EXECUTE FUNCTION ${fn}()`,
    );
  });
  afterAll(async () => {
    await ownerDb().raw(`DROP TRIGGER IF EXISTS ${fn}_commit ON reports`);
    await ownerDb().raw(`DROP TRIGGER IF EXISTS ${fn}_insert ON reports`);
    await ownerDb().raw(`DROP FUNCTION IF EXISTS ${fn}()`);
    await temporal?.connection.close();
    await closeTestDb();
    await closeOwnerDb();
  });

  it('a report committed after the deadline is answered as created (201), with its quota unit kept', async () => {
    const analysisUuid = await completedAnalysis(lateCommit.apiKey);
    const startedAt = Date.now();
    const created = await createReport(deps(), actorOf(lateCommit), {
      body: { analysis_uuid: analysisUuid, type: 'bcb_dossie' },
      idempotencyKey: undefined,
      deadlineMs,
    });
    // The answer came only once the commit had landed (8 s at COMMIT), well past the 4-second deadline.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(8_000);
    expect(created).toMatchObject({ status: 201, replayed: false });
    const report = await request('GET', `/reports/${created.reportUuid}`, { apiKey: lateCommit.apiKey });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ uuid: created.reportUuid, status: 'draft', analysis_uuid: analysisUuid, type: 'bcb_dossie' });
    expect(await quotaUsed(lateCommit.companyId, 'reports')).toBe(1);
    // The run itself completed: the report is the one it generated.
    await expect(temporal.workflow.getHandle(`report-${created.reportUuid}`).result()).resolves.toEqual({
      reportUuid: created.reportUuid,
      created: true,
    });
  });

  it('a generation ready only after the deadline rolls back: 500 nothing persisted is then true, and stays true', async () => {
    const analysisUuid = await completedAnalysis(lateInsert.apiKey);
    const outcome = await createReport(deps(), actorOf(lateInsert), {
      body: { analysis_uuid: analysisUuid, type: 'bcb_dossie' },
      idempotencyKey: undefined,
      deadlineMs,
    }).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(WorkflowFailedError);
    expect((outcome as WorkflowFailedError).publicDetail).toMatch(/did not finish within the request deadline; nothing was persisted/);
    expect(await quotaUsed(lateInsert.companyId, 'reports')).toBe(0);

    // The run ends failed with ReportDeadlinePassed, and no report of the company ever appears.
    let runs: string[] = [];
    await waitUntil(
      async () => {
        runs = [];
        for await (const run of temporal.workflow.list({
          query: `WorkflowType = 'reportWorkflow' AND CompanyUuid = '${lateInsert.companyUuid}'`,
        }))
          runs.push(run.workflowId);
        return runs.length === 1;
      },
      30_000,
      'the run to be listed',
    );
    const result = await temporal.workflow
      .getHandle(runs[0])
      .result()
      .catch((error: unknown) => error);
    expect(failureTypeOf(result)).toBe('ReportDeadlinePassed');
    expect(await testDb()('reports').where({ company_id: lateInsert.companyId }).first('id')).toBeUndefined();
    expect((await request('GET', '/reports', { apiKey: lateInsert.apiKey })).body.items).toEqual([]);
  });
});
