import { Client, Connection } from '@temporalio/client';
import { createCleanCompany, createEntity, createRiskyCompany } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { type ExtraProcess, httpJson, startExtraApi, startExtraWorker } from '../support/processes';
import { stackEnv } from '../support/stack';
import { closeTestDb, createTestKey, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(180_000);

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A sync analysis answers once its verdict is committed; Temporal records the run's completion a moment later. */
const closedRun = (workflowId: string, apiKey: string) =>
  until(`${workflowId} to close`, async () => {
    const r = await request('GET', `/workflows/${workflowId}`, { apiKey });
    return r.body.status !== 'running' && r;
  });

const used = async (url: string, apiKey: string, operation: string) =>
  (await httpJson(url, 'GET', '/account', { apiKey })).body.usage.used[operation] ?? 0;

describe('workflow endpoints: GET /workflows, GET /workflows/{id}, POST /workflows/{id}/cancel', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  const extra: ExtraProcess[] = [];
  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
  });
  afterAll(async () => {
    for (const p of extra.reverse()) await p.stop(10_000);
    await closeTestDb();
  });

  it("lists the company's runs by kind, status, resource and start time; another company sees none of them", async () => {
    const { subject } = await createRiskyCompany(testDb());
    const sync = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    expect(sync.status).toBe(201);
    const workflowId = `analysis-${sync.body.uuid}`;
    const listed = await until('the run in visibility', async () => {
      const page = await request('GET', `/workflows?kind=analysis&resource_uuid=${sync.body.uuid}`, { apiKey: tenant.apiKey });
      return page.body.items?.length === 1 && page.body.items[0].status === 'completed' && page.body;
    });
    expect(listed.items[0]).toEqual({
      workflow_id: workflowId,
      kind: 'analysis',
      resource_uuid: sync.body.uuid,
      status: 'completed',
      started_at: expect.any(String),
      closed_at: expect.any(String),
      current_step: 'completed',
    });
    const started = new Date(listed.items[0].started_at).getTime();
    const window = (from: number, to: number) => `started_from=${new Date(from).toISOString()}&started_to=${new Date(to).toISOString()}`;
    const ids = async (query: string, apiKey = tenant.apiKey) =>
      (await request('GET', `/workflows?${query}`, { apiKey })).body.items.map((i: any) => i.workflow_id);
    expect(await ids(`status=completed&${window(started - 60_000, started + 60_000)}`)).toContain(workflowId);
    expect(await ids(`${window(started + 60_000, started + 120_000)}`)).not.toContain(workflowId);
    expect(await ids('status=running')).not.toContain(workflowId);
    expect(await ids('kind=webhook_delivery')).not.toContain(workflowId);
    expect(await ids('kind=report')).toEqual([]);
    expect(await ids('', other.apiKey)).not.toContain(workflowId);

    // Pages of one, following the cursor.
    const first = await request('GET', '/workflows?limit=1', { apiKey: tenant.apiKey });
    expect(first.body.items).toHaveLength(1);
    if (first.body.next_cursor) {
      expect((await request('GET', `/workflows?limit=1&cursor=${first.body.next_cursor}`, { apiKey: tenant.apiKey })).status).toBe(200);
      expect(
        (await request('GET', `/workflows?limit=1&kind=analysis&cursor=${first.body.next_cursor}`, { apiKey: tenant.apiKey })).status,
      ).toBe(422);
    }
  });

  it.each([
    ['an unknown parameter', 'workflow_type=analysisWorkflow', ['query', 'workflow_type']],
    ['an unknown kind', 'kind=payroll', ['query', 'kind']],
    ['an unknown status', 'status=paused', ['query', 'status']],
    ['a resource that is not a uuid', 'resource_uuid=x%22%20OR%20CompanyUuid%20!%3D%20%22', ['query', 'resource_uuid']],
    ['an inverted range', 'started_from=2026-11-02&started_to=2026-11-01', ['query', 'started_to']],
    ['a limit over 200', 'limit=201', ['query', 'limit']],
  ])('refuses %s with 422', async (_label, query, loc) => {
    const response = await request('GET', `/workflows?${query}`, { apiKey: tenant.apiKey });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
  });

  it('describes one run: steps with names and times and no payloads, public failure, no internal address', async () => {
    const { subject } = await createCleanCompany(testDb());
    const sync = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    const detail = await closedRun(`analysis-${sync.body.uuid}`, tenant.apiKey);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      workflow_id: `analysis-${sync.body.uuid}`,
      kind: 'analysis',
      resource_uuid: sync.body.uuid,
      status: 'completed',
      failure: null,
      attempts: 1,
    });
    expect(detail.body.steps).toEqual([
      {
        name: 'runAnalysis',
        kind: 'local_activity',
        status: 'completed',
        started_at: expect.any(String),
        ended_at: expect.any(String),
        attempt: 1,
      },
    ]);
    expect(detail.body).not.toHaveProperty('temporal_ui_url');
    const legacy = await request('GET', `/workflows/analyses/${sync.body.uuid}`, { apiKey: tenant.apiKey });
    expect(legacy.status).toBe(200);
    expect(legacy.body).not.toHaveProperty('temporal_ui_url');
    for (const text of [detail.text, legacy.text]) {
      expect(text).not.toContain(stackEnv().TEMPORAL_ADDRESS);
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain(subject.document!);
    }
    const foreign = await request('GET', `/workflows/analysis-${sync.body.uuid}`, { apiKey: other.apiKey });
    const missing = await request('GET', '/workflows/analysis-00000000-0000-4000-8000-000000000000', { apiKey: other.apiKey });
    expect([foreign.status, foreign.body]).toEqual([404, missing.body]);
    expect((await request('GET', '/workflows/not%20an%20id', { apiKey: tenant.apiKey })).status).toBe(422);
  });

  it('needs workflows:read to read and workflows:write to cancel (403)', async () => {
    const readOnly = await createTestKey(tenant, ['workflows:read']);
    const analysesOnly = await createTestKey(tenant, ['analyses:read', 'analyses:write']);
    expect((await request('GET', '/workflows', { apiKey: analysesOnly })).body).toEqual({ detail: 'insufficient_scope' });
    expect((await request('GET', '/workflows/analysis-00000000-0000-4000-8000-000000000000', { apiKey: analysesOnly })).status).toBe(403);
    expect((await request('GET', '/workflows', { apiKey: readOnly })).status).toBe(200);
    expect((await request('POST', '/workflows/analysis-00000000-0000-4000-8000-000000000000/cancel', { apiKey: readOnly })).status).toBe(
      403,
    );
  });

  it('answers 409 to the cancel of a run that is not running, 404 to an unknown or foreign one', async () => {
    const { subject } = await createCleanCompany(testDb());
    const sync = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    await closedRun(`analysis-${sync.body.uuid}`, tenant.apiKey);
    const done = await request('POST', `/workflows/analysis-${sync.body.uuid}/cancel`, { apiKey: tenant.apiKey });
    expect(done.status).toBe(409);
    expect(done.body.detail).toMatch(/completed/);
    expect((await request('POST', `/workflows/analysis-${sync.body.uuid}/cancel`, { apiKey: other.apiKey })).status).toBe(404);
    expect(
      (await request('POST', '/workflows/analysis-00000000-0000-4000-8000-000000000000/cancel', { apiKey: tenant.apiKey })).status,
    ).toBe(404);
  });

  describe('cancellation of runs really in flight (own api and worker, TEST_WORKFLOW_STEP_DELAY_MS)', () => {
    let api: ExtraProcess & { url: string };
    beforeAll(async () => {
      // The reliability namespace: only these processes (and that namespace's tests) run its work.
      const env = {
        TEMPORAL_NAMESPACE: 'reliability',
        TEST_WORKFLOW_STEP_DELAY_MS: '120000',
        TEMPORAL_UI_PUBLIC_URL: 'https://temporal.example.com',
      };
      extra.push(await startExtraWorker(env));
      api = await startExtraApi(env);
      extra.push(api);
    });

    it('an async analysis ends canceled with nothing half-written and its quota given back', async () => {
      const { subject } = await createRiskyCompany(testDb());
      const before = await used(api.url, tenant.apiKey, 'analyses');
      const accepted = await httpJson(api.url, 'POST', '/api/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
      expect(accepted.status).toBe(202);
      const uuid = accepted.body.analysis_uuid;
      expect(await used(api.url, tenant.apiKey, 'analyses')).toBe(before + 1);
      // In flight: scored (a verdict persisted), waiting before the graph step.
      await until(
        'the verdict to be persisted',
        async () => (await testDb()('analyses').where({ uuid }).first('verdict_fingerprint'))?.verdict_fingerprint,
      );
      const running = await httpJson(api.url, 'GET', `/workflows/analysis-${uuid}`, { apiKey: tenant.apiKey });
      expect(running.body).toMatchObject({
        status: 'running',
        current_step: 'scoring',
        temporal_ui_url: expect.stringMatching(/^https:\/\/temporal\.example\.com\/namespaces\/reliability\/workflows\/analysis-/),
      });
      expect((await httpJson(api.url, 'POST', `/workflows/analysis-${uuid}/cancel`, { apiKey: other.apiKey })).status).toBe(404);

      const canceled = await httpJson(api.url, 'POST', `/workflows/analysis-${uuid}/cancel`, { apiKey: tenant.apiKey });
      expect(canceled).toEqual({
        status: 202,
        body: { workflow_id: `analysis-${uuid}`, kind: 'analysis', resource_uuid: uuid, status: 'cancel_requested' },
      });
      const read = await until('the analysis to end canceled', async () => {
        const r = await httpJson(api.url, 'GET', `/api/analyses/${uuid}`, { apiKey: tenant.apiKey });
        return r.body.status === 'canceled' && r.body;
      });
      expect(read).toMatchObject({
        risk: null,
        subject: null,
        current_step: 'canceled',
        versions: { snapshot_hash: null, verdict_fingerprint: null },
      });
      const row = await testDb()('analyses').where({ uuid }).first('id', 'snapshot', 'verdict', 'graph', 'score', 'risk_level');
      expect(row).toMatchObject({ snapshot: null, verdict: null, graph: null, score: null, risk_level: null });
      expect(await testDb()('analysis_graph_keys').where({ analysis_id: row.id }).count('* as n').first()).toMatchObject({ n: 0 });
      expect(await used(api.url, tenant.apiKey, 'analyses')).toBe(before);
      const run = await until('the run to close', async () => {
        const r = await httpJson(api.url, 'GET', `/workflows/analysis-${uuid}`, { apiKey: tenant.apiKey });
        return r.body.status !== 'running' && r.body;
      });
      expect(run).toMatchObject({
        status: 'canceled',
        current_step: 'canceled',
        failure: { type: 'canceled', message: 'the workflow was canceled' },
      });
      expect(run.steps.map((s: any) => s.name)).toEqual(
        expect.arrayContaining(['enrichAnalysis', 'scoreAnalysis', 'timer', 'cancel requested', 'cancelAnalysis']),
      );
      expect((await httpJson(api.url, 'POST', `/workflows/analysis-${uuid}/cancel`, { apiKey: tenant.apiKey })).status).toBe(409);
      const listed = await until(
        'the canceled run in visibility',
        async () =>
          (await httpJson(api.url, 'GET', `/workflows?status=canceled&resource_uuid=${uuid}`, { apiKey: tenant.apiKey })).body.items
            ?.length === 1,
      );
      expect(listed).toBe(true);
    });

    it('shows a run an operator terminated as terminated, with a public failure', async () => {
      const { subject } = await createCleanCompany(testDb());
      const accepted = await httpJson(api.url, 'POST', '/api/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
      const workflowId = `analysis-${accepted.body.analysis_uuid}`;
      await until(
        'the run to be in flight',
        async () => (await httpJson(api.url, 'GET', `/workflows/${workflowId}`, { apiKey: tenant.apiKey })).body.status === 'running',
      );
      const connection = await Connection.connect({ address: stackEnv().TEMPORAL_ADDRESS });
      try {
        await new Client({ connection, namespace: 'reliability' }).workflow.getHandle(workflowId).terminate('operator: stuck run');
      } finally {
        await connection.close();
      }
      const run = (await httpJson(api.url, 'GET', `/workflows/${workflowId}`, { apiKey: tenant.apiKey })).body;
      expect(run).toMatchObject({
        status: 'terminated',
        failure: { type: 'terminated', message: 'the workflow was terminated by an operator' },
      });
      expect(JSON.stringify(run)).not.toContain('stuck run');
      expect((await httpJson(api.url, 'POST', `/workflows/${workflowId}/cancel`, { apiKey: tenant.apiKey })).status).toBe(409);
    });

    it('a screening ends canceled with no hits and its quota given back', async () => {
      const company = await createEntity(testDb(), { type: 'organization' });
      const before = await used(api.url, tenant.apiKey, 'adverse_media');
      const created = await httpJson(api.url, 'POST', '/adverse-media', { apiKey: tenant.apiKey, body: { entity_id: company.id } });
      expect(created.status).toBe(202);
      await until(
        'the screening run to show',
        async () => (await httpJson(api.url, 'GET', `/workflows/screening-${created.body.uuid}`, { apiKey: tenant.apiKey })).status === 200,
      );
      const canceled = await httpJson(api.url, 'POST', `/workflows/screening-${created.body.uuid}/cancel`, { apiKey: tenant.apiKey });
      expect(canceled.status).toBe(202);
      const read = await until('the screening to end canceled', async () => {
        const r = await httpJson(api.url, 'GET', `/adverse-media/${created.body.uuid}`, { apiKey: tenant.apiKey });
        return r.body.status === 'canceled' && r.body;
      });
      expect(read).toMatchObject({ hit_count: 0, hits: [] });
      expect(await used(api.url, tenant.apiKey, 'adverse_media')).toBe(before);
      const listed = await httpJson(api.url, 'GET', `/adverse-media?status=canceled&entity_id=${company.id}`, { apiKey: tenant.apiKey });
      expect(listed.body.items.map((i: any) => i.uuid)).toEqual([created.body.uuid]);
    });
  });
});
