import type { Client } from '@temporalio/client';
import { deliveryWorkflowId } from '../../contracts/webhook-delivery-workflow-contract';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { createCleanCompany } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { testTemporalClient } from '../support/stack';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(90_000);

/**
 * Every workflow the service starts carries Temporal's Task Queue Priority and the company as its
 * fairness key, as the server records them: what the real request paths start, read back from
 * Temporal. (tenant-fairness.test.ts shows what the server does with them.)
 */
describe('work priority: every start carries its priority class and the company as fairness key', () => {
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  let temporal: Client;
  const priorityOf = async (workflowId: string) => (await temporal.workflow.getHandle(workflowId).describe()).priority;
  const expected = (priorityKey: number) => ({ priorityKey, fairnessKey: tenant.companyUuid });
  /** The Priority each regular activity of a run was scheduled with, as its history records it. */
  const activityPriorities = async (workflowId: string) =>
    ((await temporal.workflow.getHandle(workflowId).fetchHistory()).events ?? []).flatMap((e) =>
      e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes.priority] : [],
    );

  beforeAll(async () => {
    [tenant, receiver, temporal] = await Promise.all([createTestTenant(), startWebhookReceiver(), testTemporalClient()]);
  });
  afterAll(() => Promise.all([receiver.close(), temporal.connection.close(), closeTestDb()]));

  it('a sync analysis is interactive (1), an async one normal (3), and its analysis.completed fan-out bulk (5)', async () => {
    const { subject } = await createCleanCompany(testDb());
    const subscriber = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'fan-out', url: receiver.url('/fan-out'), subscribed_events: ['analysis.completed'] },
    });
    receiver.setSecret('/fan-out', subscriber.body.secret);

    const sync = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    expect(sync.status).toBe(201);
    expect(await priorityOf(`analysis-${sync.body.uuid}`)).toMatchObject(expected(1));

    const queued = await request('POST', '/api/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    expect(queued.status).toBe(202);
    expect(await priorityOf(`analysis-${queued.body.analysis_uuid}`)).toMatchObject(expected(3));

    await receiver.waitFor(() => receiver.acknowledged('/fan-out').size === 1, 30_000, 'the analysis.completed delivery');
    const [eventUuid] = receiver.acknowledged('/fan-out').keys();
    expect(await priorityOf(deliveryWorkflowId(eventUuid))).toMatchObject(expected(5));
    // Its one regular activity, the publication, runs at the analysis' priority.
    expect(await activityPriorities(`analysis-${queued.body.analysis_uuid}`)).toEqual([expect.objectContaining(expected(3))]);
  });

  it('a test event is interactive (1), and so is the retry of its failed first attempt', async () => {
    const endpoint = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'test', url: receiver.url('/test'), subscribed_events: [] },
    });
    receiver.setSecret('/test', endpoint.body.secret);
    receiver.respond('/test', (_d, i) => ({ status: i === 0 ? 503 : 204 }));
    const sent = await request('POST', `/webhooks/endpoints/${endpoint.body.uuid}/test`, { apiKey: tenant.apiKey });
    expect(sent.status).toBe(202);
    expect(await priorityOf(deliveryWorkflowId(sent.body.event_uuid))).toMatchObject(expected(1));
    await receiver.waitFor(() => receiver.acknowledged('/test').size === 1, 30_000, 'the second attempt');
    expect(await activityPriorities(deliveryWorkflowId(sent.body.event_uuid))).toEqual([expect.objectContaining(expected(1))]);
  });

  it('a screening is normal (3)', async () => {
    const { subject } = await createCleanCompany(testDb());
    const created = await request('POST', '/adverse-media', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    expect(created.status).toBe(202);
    expect(await priorityOf(`screening-${created.body.uuid}`)).toMatchObject(expected(3));
  });

  it('a graph expansion is interactive (1)', async () => {
    const { subject } = await createCleanCompany(testDb());
    const analysis = (await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } })).body;
    const expanded = await request('POST', `/analyses/${analysis.uuid}/graph/nodes/entity:${subject.id}/expand`, {
      apiKey: tenant.apiKey,
      body: { domains: ['ownership'] },
    });
    expect(expanded.status).toBe(200);
    expect(await priorityOf(`graph-expansion-${analysis.uuid}-entity:${subject.id}-ownership`)).toMatchObject(expected(1));
  });
});
