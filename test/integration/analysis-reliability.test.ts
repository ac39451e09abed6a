import { createCleanCompany, createRiskyCompany } from '../../support/entity-fixtures';
import { closedPort, ExtraProcess, httpJson, startExtraApi, startExtraWorker } from '../support/processes';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';

jest.setTimeout(180_000);

describe('analysis reliability', () => {
  let tenant: TestTenant;
  const started: ExtraProcess[] = [];
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(async () => {
    for (const p of started.reverse()) await p.stop(10_000);
    await closeTestDb();
  });

  it('answers 502 quickly with nothing written when Temporal is unreachable', async () => {
    const api = await startExtraApi({ TEMPORAL_ADDRESS: `127.0.0.1:${await closedPort()}` }, { waitReady: false });
    started.push(api);
    const { subject } = await createCleanCompany(testDb());
    const before = (await httpJson(api.url, 'GET', '/account', { apiKey: tenant.apiKey })).body.usage.used.analyses ?? 0;

    const t0 = Date.now();
    const sync = await httpJson(api.url, 'POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    expect(sync.status).toBe(502);
    expect(sync.body).toEqual({ detail: 'temporal is temporarily unavailable' });
    expect(Date.now() - t0).toBeLessThan(5_000);

    const t1 = Date.now();
    const queued = await httpJson(api.url, 'POST', '/api/analyses', {
      apiKey: tenant.apiKey,
      body: { entity_id: subject.id },
      headers: { 'Idempotency-Key': `k-${subject.id}` },
    });
    expect(queued.status).toBe(502);
    expect(Date.now() - t1).toBeLessThan(5_000);

    expect(await testDb()('analyses').where({ entity_id: subject.id }).count('* as n').first()).toMatchObject({ n: 0 });
    expect(
      await testDb()('idempotency_keys')
        .where({ company_id: tenant.companyId, key: `k-${subject.id}` })
        .count('* as n')
        .first(),
    ).toMatchObject({ n: 0 });
    const after = (await httpJson(api.url, 'GET', '/account', { apiKey: tenant.apiKey })).body.usage.used.analyses ?? 0;
    expect(after).toBe(before);
  });

  it('completes every analysis exactly once when the worker is killed -9 mid-batch and restarted', async () => {
    // Own api + worker in the `reliability` namespace: the shared worker is never touched.
    const env = { TEMPORAL_NAMESPACE: 'reliability' };
    let worker = await startExtraWorker(env);
    started.push(worker);
    // The api embeds no analyses worker here, so the killed worker is the only one polling.
    const api = await startExtraApi({ ...env, API_EMBEDDED_ANALYSIS_WORKER: 'false' });
    started.push(api);

    const subjects = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? createRiskyCompany(testDb()) : createCleanCompany(testDb()))),
    );
    const accepted = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        httpJson(api.url, 'POST', '/api/analyses', {
          apiKey: tenant.apiKey,
          body: { entity_id: subjects[i % subjects.length].subject.id },
        }),
      ),
    );
    expect(accepted.map((r) => r.status)).toEqual(accepted.map(() => 202));
    const uuids = accepted.map((r) => r.body.analysis_uuid as string);

    // Kill while part of the batch is done and part is not.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const done = await testDb()('analyses').whereIn('uuid', uuids).where({ status: 'completed' }).count('* as n').first();
      if (Number(done!.n) >= 1 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await worker.kill9();
    const completedAtKill = Number(
      (await testDb()('analyses').whereIn('uuid', uuids).where({ status: 'completed' }).count('* as n').first())!.n,
    );
    expect(completedAtKill).toBeLessThan(uuids.length);

    worker = await startExtraWorker(env);
    started.push(worker);
    const finalDeadline = Date.now() + 120_000;
    let rows: any[] = [];
    while (Date.now() < finalDeadline) {
      rows = await testDb()('analyses').whereIn('uuid', uuids).select('id', 'uuid', 'status', 'verdict_fingerprint');
      if (rows.every((r) => r.status === 'completed' || r.status === 'failed')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(rows).toHaveLength(uuids.length);
    expect(rows.filter((r) => r.status !== 'completed')).toEqual([]);
    for (const r of rows) expect(r.verdict_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // Exactly one verdict each: one scoring and one completion event per analysis, never two.
    const events = await testDb()('analysis_events')
      .whereIn(
        'analysis_id',
        rows.map((r) => r.id),
      )
      .select('analysis_id', 'type');
    for (const type of ['scoring_completed', 'completed']) {
      const ids = events.filter((e) => e.type === type).map((e) => e.analysis_id);
      expect(ids.length).toBe(rows.length);
      expect(new Set(ids).size).toBe(rows.length);
    }
    // Same subject, same day: the batch agrees on one verdict per subject whatever was retried.
    const bySubject = await testDb()('analyses')
      .whereIn('uuid', uuids)
      .select('entity_id')
      .countDistinct('verdict_fingerprint as n')
      .groupBy('entity_id');
    for (const group of bySubject) expect(Number(group.n)).toBe(1);
  });
});
