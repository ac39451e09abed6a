import { createCleanCompany } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { type ExtraProcess, startExtraApi, startExtraWorker } from '../support/processes';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';
import { waitFor } from '../support/wait-for';

jest.setTimeout(300_000);

/**
 * A portfolio batch survives a worker killed -9 mid-batch (docs/batches.md, "A killed worker"):
 * no row is lost and none is analysed twice — every row completed, one analysis per subject,
 * one unit of quota per subject. Its own Temporal namespace (`batches`, scripts/test.ts) with its
 * own api and worker: the killed worker is the only one polling there.
 */

const ROWS = 24;

describe('analysis batches: a worker killed -9 mid-batch', () => {
  const env = { TEMPORAL_NAMESPACE: 'batches', API_EMBEDDED_ANALYSIS_WORKER: 'false', LOG_LEVEL: 'warn', ANALYSIS_BATCH_CONCURRENCY: '2' };
  const started: ExtraProcess[] = [];
  let api: ExtraProcess & { url: string };
  let tenant: TestTenant;

  beforeAll(async () => {
    started.push(await startExtraWorker(env));
    api = await startExtraApi(env);
    started.push(api);
    tenant = await createTestTenant();
  });
  afterAll(async () => {
    for (const p of started.reverse()) await p.kill9();
    await closeTestDb();
  });

  it('every row ends completed, each subject analysed and billed once, after the restart', async () => {
    const subjects = await Promise.all(Array.from({ length: ROWS }, async () => (await createCleanCompany(testDb())).subject));
    const file = ['document,client_reference', ...subjects.map((s, i) => `${s.document},kill-${i}`)].join('\n') + '\n';
    const created = await request('POST', '/analysis-batches', {
      baseUrl: api.url,
      apiKey: tenant.apiKey,
      rawBody: file,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(created.status).toBe(202);
    const batchOf = async () =>
      (await request('GET', `/analysis-batches/${created.body.uuid}`, { baseUrl: api.url, apiKey: tenant.apiKey })).body;

    // Killed once a few rows are done: the others are pending or in flight.
    const atKill = await waitFor(
      'the first rows',
      async () => {
        const batch = await batchOf();
        return batch.counts.completed >= 2 ? batch : undefined;
      },
      120_000,
      50,
    );
    await started[0].kill9();
    expect(atKill.counts.completed).toBeLessThan(ROWS);

    started.push(await startExtraWorker(env));
    const done = await waitFor(
      'the batch to complete',
      async () => {
        const batch = await batchOf();
        return batch.status === 'completed' ? batch : undefined;
      },
      240_000,
    );
    expect(done.counts).toEqual({ total: ROWS, pending: 0, completed: ROWS, failed: 0, canceled: 0 });

    const results = (
      await request('GET', `/analysis-batches/${created.body.uuid}/results`, { baseUrl: api.url, apiKey: tenant.apiKey })
    ).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(results.map((r) => [r.row, r.status])).toEqual(subjects.map((_s, i) => [i + 1, 'completed']));
    const analysisUuids = results.map((r) => r.analysis_uuid);
    expect(new Set(analysisUuids).size).toBe(ROWS);
    // One analysis per subject, none twice; one unit of quota per subject.
    const analyses = await testDb()('analyses').where({ company_id: tenant.companyId, mode: 'batch' }).pluck('uuid');
    expect([...analyses].sort()).toEqual([...analysisUuids].sort());
    const used = await testDb()('quota_usage')
      .where({ company_id: tenant.companyId, operation: 'analyses' })
      .sum<{ sum: string }[]>('used as sum');
    expect(Number(used[0].sum)).toBe(ROWS);
  });
});
