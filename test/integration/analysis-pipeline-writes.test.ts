import { randomUUID } from 'node:crypto';
import type { AnalysisWorkflowInput } from '../../contracts/analysis-workflow-contract';
import { createAnalysisPipeline, createAnalysisRunCache } from '../../usecases/analyses/support/analysis-run';
import { createRiskyCompany } from '../../support/entity-fixtures';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';

/**
 * The sync run writes its four step results in one statement; the async run writes them one step
 * at a time. Both must leave the same analysis behind: row, lifecycle events and graph key index.
 */
describe('analysis pipeline writes', () => {
  let tenant: TestTenant;
  let entityId: number;
  beforeAll(async () => {
    tenant = await createTestTenant();
    entityId = (await createRiskyCompany(testDb())).subject.id;
  });
  afterAll(closeTestDb);

  const inputFor = (uuid: string): AnalysisWorkflowInput => ({
    uuid,
    entryUuid: randomUUID(),
    companyId: tenant.companyId,
    companyUuid: tenant.companyUuid,
    entityId,
    mode: 'sync',
    asOf: '2026-11-23',
    source: 'parity',
    clientReference: null,
    webhookEndpointUuid: null,
    maxDepth: 4,
    maxNodes: 20_000,
    uboThresholdPercent: 25,
  });

  async function storedAnalysis(uuid: string) {
    const db = testDb();
    const row = await db('analyses')
      .where({ uuid })
      .first(
        'id',
        'status',
        'current_step',
        'snapshot',
        'snapshot_hash',
        'verdict',
        'score',
        'risk_level',
        'input_fingerprint',
        'verdict_fingerprint',
        'engine_fingerprint',
        'rules_version',
        'graph',
        'error',
        'started_at',
        'completed_at',
      );
    const events = await db('analysis_events').where({ analysis_id: row.id }).orderBy('id').select('type', 'details', 'occurred_at');
    const keys = await db('analysis_graph_keys').where({ analysis_id: row.id }).orderBy('key').select('*');
    const { id, started_at, completed_at, ...columns } = row;
    return {
      id,
      columns,
      startedAt: started_at as Date,
      completedAt: completed_at as Date,
      events: events.map((e) => ({ type: e.type, details: e.details })),
      eventTimes: events.map((e) => (e.occurred_at as Date).getTime()),
      keys: keys.map(({ analysis_id: _analysis, ...key }) => key),
    };
  }

  it('one statement (sync) and four step writes (async) leave the same analysis', async () => {
    const db = testDb();
    const pipeline = createAnalysisPipeline({ db }, createAnalysisRunCache(8));
    const [oneUuid, stepsUuid] = [randomUUID(), randomUUID()];

    const oneSummary = (await pipeline.runInOneWrite(inputFor(oneUuid))).summary;

    const stepsInput = inputFor(stepsUuid);
    const run = await pipeline.enrich(db, stepsInput);
    const verdict = await pipeline.score(db, stepsUuid, run);
    await pipeline.graph(db, stepsInput, run, verdict);
    const stepsSummary = (await pipeline.complete(db, stepsUuid, verdict)).summary;

    const [one, steps] = [await storedAnalysis(oneUuid), await storedAnalysis(stepsUuid)];
    expect(one.columns).toMatchObject({ status: 'completed', current_step: 'completed', error: null });
    expect(one.columns.verdict.risk.risk_level).toBe(one.columns.risk_level);
    expect(one.columns).toEqual(steps.columns);
    expect(one.events.map((e) => e.type)).toEqual(['started', 'enrichment_completed', 'scoring_completed', 'graph_completed', 'completed']);
    expect(one.events).toEqual(steps.events);
    expect(one.keys.length).toBeGreaterThan(0);
    expect(one.keys).toEqual(steps.keys);
    expect({ ...oneSummary, uuid: stepsUuid }).toEqual(stepsSummary);

    // Times run forward: started ≤ each event in order ≤ completed.
    expect(one.eventTimes).toEqual([...one.eventTimes].sort((a, b) => a - b));
    expect(one.startedAt.getTime()).toBe(one.eventTimes[0]);
    expect(one.completedAt.getTime()).toBeGreaterThanOrEqual(one.startedAt.getTime());
  });

  it('a retried sync run finds its analysis committed and answers the verdict of record, writing nothing', async () => {
    const db = testDb();
    const pipeline = createAnalysisPipeline({ db }, createAnalysisRunCache(8));
    const input = inputFor(randomUUID());
    const first = await pipeline.runInOneWrite(input);
    const before = await storedAnalysis(input.uuid);

    expect(await pipeline.runInOneWrite(input)).toEqual(first);
    const after = await storedAnalysis(input.uuid);
    expect(after).toEqual(before);
  });

  it('names the step that failed: a subject that vanished fails enrichment as bad data', async () => {
    const pipeline = createAnalysisPipeline({ db: testDb() }, createAnalysisRunCache(8));
    const input = { ...inputFor(randomUUID()), entityId: 2_000_000_000 };
    await expect(pipeline.runInOneWrite(input)).rejects.toMatchObject({
      name: 'AnalysisStepError',
      step: 'enrichment',
      cause: { name: 'AnalysisDataError' },
    });
    expect(await testDb()('analyses').where({ uuid: input.uuid }).first('id')).toBeUndefined();
  });

  it('a charge in the write commits with the analysis, and one that throws leaves neither; a retry charges nothing more', async () => {
    const db = testDb();
    const pipeline = createAnalysisPipeline({ db }, createAnalysisRunCache(8));
    const input = inputFor(randomUUID());
    const refused = pipeline.runInOneWrite(input, {
      chargeInWrite: async () => {
        throw new Error('no unit left');
      },
    });
    await expect(refused).rejects.toMatchObject({ name: 'AnalysisStepError', step: 'finalize', cause: { message: 'no unit left' } });
    expect(await db('analyses').where({ uuid: input.uuid }).first('id')).toBeUndefined();

    let charged = 0;
    const chargeInWrite = async (trx: typeof db) => {
      // Inside the write: the analysis is visible to its own transaction, not yet to others.
      expect(await trx('analyses').where({ uuid: input.uuid }).first('id')).toBeDefined();
      expect(await db('analyses').where({ uuid: input.uuid }).first('id')).toBeUndefined();
      charged += 1;
    };
    const first = await pipeline.runInOneWrite(input, { chargeInWrite });
    expect(charged).toBe(1);
    expect(await pipeline.runInOneWrite(input, { chargeInWrite })).toEqual(first);
    expect(charged).toBe(1);
  });
});
