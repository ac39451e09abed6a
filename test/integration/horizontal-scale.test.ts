import type { Client } from '@temporalio/client';
import { deliveryWorkflowId } from '../../contracts/webhook-delivery-workflow-contract';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { createCleanCompany, createRiskyCompany } from '../../support/entity-fixtures';
import { type ExtraProcess, httpJson, startExtraApi, startExtraWorker } from '../support/processes';
import { testTemporalClient } from '../support/stack';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';

jest.setTimeout(300_000);

const ANALYSES = 60;
const HOOKS = ['/scale/a', '/scale/b'];

/** The processes (pid) that took workflow tasks of a run (started, whether or not they lived to complete them), from its history. */
async function workersOf(temporal: Client, workflowId: string): Promise<Set<number>> {
  const history = await temporal.workflow.getHandle(workflowId).fetchHistory();
  const identities = (history.events ?? []).map((e) => e.workflowTaskStartedEventAttributes?.identity).filter(Boolean) as string[];
  return new Set(identities.map((identity) => Number(identity.split('@')[0])));
}

/**
 * The service scales out on Temporal and Postgres alone: two api and two worker processes on one
 * Temporal namespace and one Postgres, async analyses sent through both apis, each fanned out to
 * two webhook endpoints; one api and one worker killed -9 mid-run. Nothing home-made coordinates
 * them: task queues spread the work, workflow ids and idempotent steps keep it exactly-once.
 */
describe('horizontal scale: two apis and two workers, one of each killed -9 mid-run', () => {
  const started: ExtraProcess[] = [];
  let receiver: WebhookReceiver;
  let temporal: Client;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    temporal = await testTemporalClient('scale');
  });
  afterAll(async () => {
    for (const p of started.reverse()) await p.kill9();
    await temporal.connection.close();
    await receiver.close();
    await closeTestDb();
  });

  it('completes every accepted analysis exactly once and delivers every event, each webhook-id seen by the deduplicating receiver', async () => {
    const env = { TEMPORAL_NAMESPACE: 'scale', LOG_LEVEL: 'warn' };
    const workers = [await startExtraWorker(env), await startExtraWorker(env)];
    const apis = [await startExtraApi(env), await startExtraApi(env)];
    started.push(...workers, ...apis);
    const tenant = await createTestTenant();
    for (const hookPath of HOOKS) {
      const created = await httpJson(apis[0].url, 'POST', '/webhooks/endpoints', {
        apiKey: tenant.apiKey,
        body: { name: hookPath, url: receiver.url(hookPath), subscribed_events: ['analysis.completed'] },
      });
      receiver.setSecret(hookPath, created.body.secret);
      // Answers held a while, so that deliveries are in flight when the worker dies.
      receiver.respond(hookPath, (d) => ({ status: d.verified ? 204 : 401, delayMs: 400 }));
    }
    const subjects = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? createRiskyCompany(testDb()) : createCleanCompany(testDb()))),
    );

    const accepted: string[] = [];
    let unanswered = 0;
    let killed = false;
    let next = 0;
    // Four clients in a row: until the kill they alternate apis as a load balancer would; after it, only the survivor.
    const client = async () => {
      while (next < ANALYSES) {
        const i = next++;
        const answer = await httpJson(killed ? apis[0].url : apis[i % 2].url, 'POST', '/api/analyses', {
          apiKey: tenant.apiKey,
          body: { entity_id: subjects[i % subjects.length].subject.id },
        }).catch(() => ({ status: 0, body: undefined }));
        if (answer.status === 202) accepted.push(answer.body.analysis_uuid);
        else unanswered++;
      }
    };
    // The kill lands while requests, analyses and deliveries are in flight, once both workers have
    // taken deliveries (their pids in the histories of the events acknowledged so far).
    const workerPids = workers.map((w) => w.child.pid!);
    const deliveryWorkers = new Set<number>();
    const seenHistories = new Set<string>();
    const killer = async () => {
      for (const deadline = Date.now() + 120_000; !(accepted.length >= 20 && workerPids.every((pid) => deliveryWorkers.has(pid)));) {
        if (Date.now() > deadline)
          throw new Error(
            `the run did not get under way on both workers: ${accepted.length} accepted, delivery workers ${[...deliveryWorkers]}`,
          );
        for (const id of [...receiver.acknowledged().keys()].filter((id) => !seenHistories.has(id))) {
          seenHistories.add(id);
          for (const pid of await workersOf(temporal, deliveryWorkflowId(id))) deliveryWorkers.add(pid);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      killed = true;
      await Promise.all([apis[1].kill9(), workers[1].kill9()]);
    };
    await Promise.all([client(), client(), client(), client(), killer()]);
    expect(accepted.length).toBeGreaterThanOrEqual(ANALYSES - 8);

    // Every accepted analysis completed, once: one row, one verdict, each lifecycle event once.
    const rowsOf = () => testDb()('analyses').whereIn('uuid', accepted).select('uuid', 'status', 'verdict', 'id');
    const deadline = Date.now() + 180_000;
    while ((await rowsOf()).some((r) => r.status !== 'completed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const rows = await rowsOf();
    expect(rows.filter((r) => r.status === 'completed' && r.verdict !== null)).toHaveLength(accepted.length);
    const events = await testDb()('analysis_events')
      .whereIn(
        'analysis_id',
        rows.map((r) => r.id),
      )
      .groupBy('type')
      .select('type', testDb().raw('count(*)::int AS n'));
    expect(Object.fromEntries(events.map((e: any) => [e.type, e.n]))).toEqual({
      queued: accepted.length,
      started: accepted.length,
      enrichment_completed: accepted.length,
      scoring_completed: accepted.length,
      graph_completed: accepted.length,
      completed: accepted.length,
    });

    // One analysis.completed event per endpoint per analysis (published just after the analysis completes), every one delivered.
    const eventsOf = () =>
      testDb()('webhook_events')
        .where({ company_id: tenant.companyId, type: 'analysis.completed' })
        .whereIn(
          'idempotency_key',
          accepted.map((u) => `analysis-${u}-analysis.completed`),
        )
        .select('uuid');
    while ((await eventsOf()).length < accepted.length * HOOKS.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 500));
    const expected = await eventsOf();
    expect(expected).toHaveLength(accepted.length * HOOKS.length);
    const wanted = new Set(expected.map((e) => e.uuid));
    await receiver.waitFor(() => [...wanted].every((id) => receiver.acknowledged().has(id)), 120_000, 'every event acknowledged');
    // Every delivery is signed, and one event keeps one webhook-id across its attempts: per endpoint
    // and analysis the receiver sees a single id, so deduplicating by it leaves each event once.
    const deliveries = receiver.deliveries();
    expect(deliveries.every((d) => d.verified)).toBe(true);
    const idsPerEvent = new Map<string, Set<string>>();
    for (const d of deliveries)
      idsPerEvent.set(
        `${d.path} ${d.payload.data.analysis_uuid}`,
        (idsPerEvent.get(`${d.path} ${d.payload.data.analysis_uuid}`) ?? new Set()).add(d.id),
      );
    expect([...idsPerEvent.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    // Nothing but real events arrived (an unanswered request's analysis may exist and notify too).
    const allEvents = new Set((await testDb()('webhook_events').where({ company_id: tenant.companyId }).select('uuid')).map((e) => e.uuid));
    expect([...new Set(deliveries.map((d) => d.id))].filter((id) => !allEvents.has(id))).toEqual([]);
    const redelivered = [...receiver.acknowledged().values()].filter((n) => n > 1).length;
    // A request cut off by the kill either left nothing or an analysis that completes: never one
    // stuck `queued` without a workflow (the row and the start commit together).
    const unansweredRowsOf = () =>
      testDb()('analyses').where({ company_id: tenant.companyId }).whereNotIn('uuid', accepted).select('status', 'uuid');
    while ((await unansweredRowsOf()).some((r) => r.status !== 'completed') && Date.now() < deadline + 60_000)
      await new Promise((r) => setTimeout(r, 500));
    const unansweredRows = await unansweredRowsOf();
    expect(unansweredRows.filter((r) => r.status !== 'completed')).toEqual([]);
    process.stdout.write(
      `horizontal scale: ${accepted.length} accepted, ${unanswered} unanswered around the kill (${JSON.stringify(unansweredRows.map((r) => r.status))} of them in the database), ${wanted.size} events, ${redelivered} acknowledged more than once (at-least-once; one webhook-id each)\n`,
    );

    // The work spread: deliveries (only worker processes poll their queue) over both workers before
    // the kill, the survivor alone after it; analyses over more than one process.
    for (const id of wanted) for (const pid of await workersOf(temporal, deliveryWorkflowId(id))) deliveryWorkers.add(pid);
    expect([...deliveryWorkers].sort()).toEqual([...workerPids].sort());
    const analysisWorkers = new Set<number>();
    for (const uuid of accepted) for (const pid of await workersOf(temporal, `analysis-${uuid}`)) analysisWorkers.add(pid);
    expect(analysisWorkers.size).toBeGreaterThanOrEqual(2);
  });
});
