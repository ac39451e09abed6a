import { randomUUID } from 'node:crypto';
import { fingerprint } from '../../domain/fingerprint';
import {
  addEntityDocument,
  createCleanCompany,
  createEntity,
  createPoisonedEntity,
  createRiskyCompany,
  formatCnpj,
  randomCpf,
} from '../../support/entity-fixtures';
import { request } from '../support/http';
import { testTemporalClient } from '../support/stack';
import { waitFor } from '../support/wait-for';
import { closeTestDb, createTestKey, createTestTenant, TestTenant, testDb } from '../support/tenants';

const hex64 = /^[0-9a-f]{64}$/;

describe('POST /analyses (sync) and the persisted verdict', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
  });
  afterAll(closeTestDb);

  const post = (body: unknown, apiKey = tenant.apiKey) => request('POST', '/analyses', { apiKey, body });

  it('runs an analysis by entity_id and answers 201 with the verdict of docs/analyses.md', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const response = await post({ entity_id: subject.id, source: 'onboarding' });
    expect(response.status).toBe(201);
    expect(response.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(response.body).sort()).toEqual(['risk', 'subject', 'uuid', 'versions']);
    // A sanctioned owner (40 %) and a PEP partner (60 %): the verdict must say so, not just be a number.
    expect(['high', 'critical']).toContain(response.body.risk.risk_level);
    expect(response.body.risk.score).toBeGreaterThanOrEqual(50);
    const read = (await request('GET', `/api/analyses/${response.body.uuid}`, { apiKey: tenant.apiKey })).body;
    expect(read.risk).toMatchObject({
      score: response.body.risk.score,
      risk_level: response.body.risk.risk_level,
      review_required: true,
      escalation_required: true,
    });
    expect(read.risk.escalation_reasons.map((r: any) => r.code)).toContain('sanctioned_associate');
    const signals = (await request('GET', `/analyses/${response.body.uuid}/signals`, { apiKey: tenant.apiKey })).body.signals;
    const identified = signals.filter((s: any) => s.identified).map((s: any) => s.code);
    expect(identified).toEqual(expect.arrayContaining(['SANCTION_ACTIVE_PARTNER', 'PEP_ASSOCIATE_DIRECT']));
    expect(response.body.subject).toMatchObject({ entity_id: subject.id, entity_type: 'organization', display_name: subject.name });
    for (const field of ['engine_fingerprint', 'input_fingerprint', 'verdict_fingerprint', 'snapshot_hash'])
      expect(response.body.versions[field]).toMatch(hex64);
    expect(typeof response.body.versions.rules_version).toBe('string');
    const row = await testDb()('analyses').where({ uuid: response.body.uuid }).first();
    expect(row).toMatchObject({
      status: 'completed',
      mode: 'sync',
      company_id: tenant.companyId,
      entity_id: subject.id,
      source: 'onboarding',
      score: response.body.risk.score,
    });
    expect(row.graph).not.toBeNull();
  });

  it('resolves the subject by document, with punctuation and in any case', async () => {
    const { subject } = await createCleanCompany(testDb());
    const response = await post({ document: formatCnpj(subject.document!), entity_id: null });
    expect(response.status).toBe(201);
    expect(response.body.subject.entity_id).toBe(subject.id);
  });

  it('answers 404 for an unknown subject and 409 for an ambiguous document', async () => {
    expect(await post({ document: randomCpf() })).toMatchObject({ status: 404, body: { detail: 'subject entity not found' } });
    expect(await post({ entity_id: 2_000_000_000 })).toMatchObject({ status: 404, body: { detail: 'subject entity not found' } });
    const first = await createEntity(testDb(), { type: 'organization' });
    const second = await createEntity(testDb(), { type: 'organization' });
    await addEntityDocument(testDb(), second.id, first.document!);
    const ambiguous = await post({ document: first.document });
    expect(ambiguous.status).toBe(409);
    expect(typeof ambiguous.body.detail).toBe('string');
    // The candidates let the caller retry with an entity_id; that retry resolves.
    expect(ambiguous.body.candidates).toEqual(
      [first, second].map((e) => ({ entity_id: e.id, entity_type: 'organization', display_name: e.name })),
    );
    expect((await post({ entity_id: ambiguous.body.candidates[1].entity_id })).status).toBe(201);
  });

  it.each([
    ['both identifiers', { document: '11144477735', entity_id: 1 }],
    ['neither identifier', { source: 'x' }],
    ['null identifiers', { document: null, entity_id: null }],
    ['an unknown property', { entity_id: 1, extra: true }],
    ['a document with bad check digits', { document: '11144477736' }],
    ['repeated digits', { document: '111.111.111-11' }],
    ['a document over 32 characters', { document: '1'.repeat(33) }],
    ['entity_id 0', { entity_id: 0 }],
    ['a non-integer entity_id', { entity_id: 1.5 }],
    ['a source over 128 characters', { entity_id: 1, source: 'x'.repeat(129) }],
  ])('answers 422 in the list format for %s', async (_case, body) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    expect(Array.isArray(response.body.detail)).toBe(true);
    expect(response.body.detail[0].loc[0]).toBe('body');
  });

  it('checks key, scope and plan feature before doing anything', async () => {
    const { subject } = await createCleanCompany(testDb());
    expect((await request('POST', '/analyses', { body: { entity_id: subject.id } })).status).toBe(401);
    const readOnly = await createTestKey(tenant, ['analyses:read']);
    expect(await post({ entity_id: subject.id }, readOnly)).toMatchObject({ status: 403, body: { detail: 'insufficient_scope' } });
    const noFeature = await createTestTenant({ features: ['analyses_async'] });
    expect(await post({ entity_id: subject.id }, noFeature.apiKey)).toMatchObject({ status: 403, body: { detail: 'feature_not_in_plan' } });
    expect(await testDb()('analyses').where({ entity_id: subject.id }).count('* as n').first()).toMatchObject({ n: 0 });
  });

  it('lets exactly M of N parallel billable requests through at quota M', async () => {
    const limited = await createTestTenant({ quotas: { analyses: 3 } });
    const { subject } = await createCleanCompany(testDb());
    const responses = await Promise.all(Array.from({ length: 8 }, () => post({ entity_id: subject.id }, limited.apiKey)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    for (const r of responses.filter((x) => x.status === 429)) expect(r.body).toEqual({ detail: 'quota_exceeded' });
    const account = await request('GET', '/account', { apiKey: limited.apiKey });
    expect(account.body.usage.used.analyses).toBe(3);
    expect(await testDb()('analyses').where({ company_id: limited.companyId }).count('* as n').first()).toMatchObject({ n: 3 });
  });

  it('answers 500 when the workflow fails, persists nothing and gives the quota back', async () => {
    const poisoned = await createPoisonedEntity(testDb());
    const before = (await request('GET', '/account', { apiKey: tenant.apiKey })).body.usage.used.analyses ?? 0;
    const response = await post({ entity_id: poisoned.id });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ detail: 'analysis processing failed; nothing was persisted and repeating the call is safe' });
    // Non-retryable: the run failed at its first attempt of every activity, whatever the machine's speed.
    const temporal = await testTemporalClient();
    try {
      const runs = await waitFor('the failed run in visibility', async () => {
        const found = [];
        for await (const run of temporal.workflow.list({ query: `WorkflowType = 'analysisWorkflow' AND EntityId = ${poisoned.id}` }))
          found.push(run);
        return found.length > 0 && found.every((run) => run.status.name === 'FAILED') ? found : undefined;
      });
      expect(runs).toHaveLength(1);
      const events = (await temporal.workflow.getHandle(runs[0].workflowId).fetchHistory()).events ?? [];
      // The steps are local activities: each records a marker with the attempt that settled it; a data error settles at the first.
      const attempts = events.flatMap((event) => {
        const payload = event.markerRecordedEventAttributes?.details?.data?.payloads?.[0]?.data;
        return payload ? [(JSON.parse(Buffer.from(payload).toString('utf8')) as { attempt: number }).attempt] : [];
      });
      expect(attempts.length).toBeGreaterThan(0);
      expect(attempts).toEqual(attempts.map(() => 1));
      const failureTypes: string[] = [];
      for (let f = events.at(-1)?.workflowExecutionFailedEventAttributes?.failure; f; f = f.cause)
        failureTypes.push(f.applicationFailureInfo?.type ?? '');
      expect(failureTypes).toContain('analysis_data_error');
    } finally {
      await temporal.connection.close();
    }
    expect(await testDb()('analyses').where({ entity_id: poisoned.id }).count('* as n').first()).toMatchObject({ n: 0 });
    const after = (await request('GET', '/account', { apiKey: tenant.apiKey })).body.usage.used.analyses ?? 0;
    expect(after).toBe(before);
  });

  it('gives equal fingerprints and new uuids for the same unchanged entity on the same day', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const [a, b] = [await post({ entity_id: subject.id }), await post({ entity_id: subject.id })];
    expect(a.body.uuid).not.toBe(b.body.uuid);
    expect(a.body.versions).toEqual(b.body.versions);
    expect(a.body.risk).toEqual(b.body.risk);
  });

  describe('reading a verdict back', () => {
    let uuid: string;
    let created: any;
    beforeAll(async () => {
      const { subject } = await createRiskyCompany(testDb());
      created = (await post({ entity_id: subject.id })).body;
      uuid = created.uuid;
    });

    it('serves the complete read form of docs/analyses.md plus status under both paths', async () => {
      const response = await request('GET', `/api/analyses/${uuid}`, { apiKey: tenant.apiKey });
      expect(response.status).toBe(200);
      const body = response.body;
      expect(body).toMatchObject({ uuid, status: 'completed', risk: { score: created.risk.score, risk_level: created.risk.risk_level } });
      for (const key of ['diffuse_score', 'dispositive_floor', 'score']) expect(Number.isInteger(body.risk[key])).toBe(true);
      for (const key of ['escalation_required', 'review_recommended', 'review_required']) expect(typeof body.risk[key]).toBe('boolean');
      for (const key of ['band_floors_applied', 'escalation_reasons', 'limitations', 'meta_signals', 'pillar_breakdown'])
        expect(Array.isArray(body.risk[key])).toBe(true);
      expect(body.risk.pillar_breakdown.length).toBeGreaterThanOrEqual(6);
      expect(body.risk.pillar_breakdown[0]).toEqual(
        expect.objectContaining({
          base_points: expect.any(Number),
          subscore: expect.any(Number),
          weight: expect.any(Number),
          weighted_score: expect.any(Number),
          identified_signal_codes: expect.any(Array),
        }),
      );
      expect(body.signal_counts).toEqual(
        expect.objectContaining({ score_sum: expect.any(Number), total: expect.any(Number), by_pillar: expect.any(Object) }),
      );
      expect(body.signal_counts.total).toBeGreaterThanOrEqual(20);
      expect(body.subject.entity_id).toBe(created.subject.entity_id);
      expect(body.subject.entity_type).toBeUndefined();
      for (const key of [
        'analysis_workflow_version',
        'regulatory_catalog_version',
        'rules_version',
        'scoring_engine_version',
        'operational_model',
        'operational_prompt_version',
      ]) {
        expect(typeof body.versions[key]).toBe('string');
      }
      expect(body.versions.snapshot_hash).toBe(created.versions.snapshot_hash);
      expect(body.versions.verdict_fingerprint).toBe(created.versions.verdict_fingerprint);
      expect(Object.keys(body.links).sort()).toEqual(['events', 'explanation', 'graph', 'self', 'signals', 'snapshot']);
      const alias = await request('GET', `/analyses/${uuid}`, { apiKey: tenant.apiKey });
      expect(alias.body).toEqual(body);
    });

    it('resolves every link', async () => {
      const { body } = await request('GET', `/api/analyses/${uuid}`, { apiKey: tenant.apiKey });
      for (const [name, link] of Object.entries<string>(body.links)) {
        const response = await request('GET', new URL(link, 'http://x').pathname, { apiKey: tenant.apiKey });
        expect({ name, status: response.status }).toEqual({ name, status: 200 });
      }
    });

    it('lists the lifecycle events once each, in order, with timestamps', async () => {
      const { body } = await request('GET', `/analyses/${uuid}/events`, { apiKey: tenant.apiKey });
      expect(body.events.map((e: any) => e.type)).toEqual([
        'started',
        'enrichment_completed',
        'scoring_completed',
        'graph_completed',
        'completed',
      ]);
      const times = body.events.map((e: any) => Date.parse(e.occurred_at));
      expect([...times].sort((x, y) => x - y)).toEqual(times);
      expect(body.events[1].details.snapshot_hash).toBe(created.versions.snapshot_hash);
    });

    it('serves the snapshot whose fingerprint is the snapshot_hash', async () => {
      const { body } = await request('GET', `/analyses/${uuid}/snapshot`, { apiKey: tenant.apiKey });
      expect(body.snapshot_hash).toBe(created.versions.snapshot_hash);
      expect(fingerprint(body.snapshot)).toBe(body.snapshot_hash);
      expect(body.snapshot.subject_entity_id).toBe(created.subject.entity_id);
    });

    it('serves every evaluated signal and an ordered explanation', async () => {
      const signals = (await request('GET', `/analyses/${uuid}/signals`, { apiKey: tenant.apiKey })).body;
      expect(signals.signals.length).toBe(signals.signal_counts.total);
      expect(signals.signals.some((s: any) => s.identified)).toBe(true);
      expect(signals.signals.some((s: any) => !s.identified)).toBe(true);
      for (const s of signals.signals)
        expect(s).toEqual(
          expect.objectContaining({
            code: expect.any(String),
            pillar: expect.any(String),
            evidences: expect.any(Array),
            limitations: expect.any(Array),
          }),
        );
      const explanation = (await request('GET', `/analyses/${uuid}/explanation`, { apiKey: tenant.apiKey })).body;
      expect(explanation.explanation.length).toBeGreaterThan(0);
      expect(explanation.explanation.map((e: any) => e.step)).toEqual(explanation.explanation.map((_: any, i: number) => i + 1));
      expect(explanation.rules_version).toBe(created.versions.rules_version);
    });

    it('colours the graph nodes a signal touches by the points of that signal', async () => {
      const signals = (await request('GET', `/analyses/${uuid}/signals`, { apiKey: tenant.apiKey })).body.signals;
      const graph = (await request('GET', `/analyses/${uuid}/graph`, { apiKey: tenant.apiKey })).body.graph;
      const levels = ['low', 'medium', 'high', 'critical'];
      const band = (points: number) => levels[points >= 75 ? 3 : points >= 50 ? 2 : points >= 25 ? 1 : 0];
      const expected = new Map<string, string>();
      for (const s of signals.filter((x: any) => x.identified)) {
        for (const id of s.observed_entity_ids) {
          const key = `entity:${id}`;
          if (levels.indexOf(band(s.score)) > levels.indexOf(expected.get(key) ?? 'low')) expected.set(key, band(s.score));
        }
      }
      // The risky fixture's sanctioned owner and PEP partner are worth more than "low".
      const shown = [...expected].filter(([key]) => graph.nodes.some((n: any) => n.key === key));
      expect(shown.some(([, level]) => level !== 'low')).toBe(true);
      for (const [key, level] of shown) {
        const node = graph.nodes.find((n: any) => n.key === key);
        expect({ key, at_least: level, ok: levels.indexOf(node.signal_severity) >= levels.indexOf(level) }).toEqual({
          key,
          at_least: level,
          ok: true,
        });
      }
    });

    it("answers another company's analysis exactly like a missing one", async () => {
      for (const path of [
        `/api/analyses/${uuid}`,
        `/analyses/${uuid}`,
        `/analyses/${uuid}/events`,
        `/analyses/${uuid}/signals`,
        `/analyses/${uuid}/snapshot`,
        `/analyses/${uuid}/explanation`,
        `/workflows/analyses/${uuid}`,
      ]) {
        const foreign = await request('GET', path, { apiKey: other.apiKey });
        const missing = await request('GET', path.replace(uuid, randomUUID()), { apiKey: tenant.apiKey });
        expect({ path, status: foreign.status, body: foreign.body }).toEqual({ path, status: 404, body: missing.body });
      }
    });

    it('answers 422 for a malformed uuid and 403 without analyses:read', async () => {
      const bad = await request('GET', '/api/analyses/not-a-uuid', { apiKey: tenant.apiKey });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc).toEqual(['path', 'analysis_uuid']);
      const writeOnly = await createTestKey(tenant, ['analyses:write']);
      expect((await request('GET', `/api/analyses/${uuid}`, { apiKey: writeOnly })).status).toBe(403);
    });

    it('reports what Temporal knows about the workflow', async () => {
      // The sync response leaves once the verdict is committed; Temporal records the workflow's
      // completion a few ms later (docs/decisions.md, "Sync analysis response").
      let { status, body } = await request('GET', `/workflows/analyses/${uuid}`, { apiKey: tenant.apiKey });
      for (let tries = 0; status === 200 && body.status === 'RUNNING' && tries < 50; tries++) {
        await new Promise((r) => setTimeout(r, 100));
        ({ status, body } = await request('GET', `/workflows/analyses/${uuid}`, { apiKey: tenant.apiKey }));
      }
      expect(status).toBe(200);
      expect(body).toMatchObject({
        analysis_uuid: uuid,
        workflow_id: `analysis-${uuid}`,
        workflow_type: 'analysisWorkflow',
        status: 'COMPLETED',
        task_queue: 'analyses',
        current_step: 'completed',
        pending_activities: [],
      });
      expect(body.history_length).toBeGreaterThan(3);
      expect(body.memo).toMatchObject({ mode: 'sync', entity_id: created.subject.entity_id });
    });
  });
});
