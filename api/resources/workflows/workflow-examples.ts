/** Examples of the workflow bodies for the API reference (checked against their schemas by test/unit/api/openapi/openapi.test.ts). */
const eventUuid = 'c4d5e6f7-0a1b-4c2d-9e3f-405162738495';
const analysisUuid = '3f2b8c1e-6d4a-4e8f-9b2a-1c5d7e9f0a12';

const failedDelivery = {
  workflow_id: `delivery-${eventUuid}`,
  kind: 'webhook_delivery',
  resource_uuid: eventUuid,
  status: 'failed',
  started_at: '2026-11-23T10:00:00.000Z',
  closed_at: '2026-11-23T10:00:09.300Z',
  current_step: 'failed',
};

export const workflowPageExample = {
  items: [
    {
      workflow_id: `analysis-${analysisUuid}`,
      kind: 'analysis',
      resource_uuid: analysisUuid,
      status: 'running',
      started_at: '2026-11-23T10:01:00.000Z',
      closed_at: null,
      current_step: 'scoring',
    },
    failedDelivery,
  ],
  next_cursor: null,
};

export const workflowDetailExample = {
  ...failedDelivery,
  attempts: 5,
  failure: { type: 'WebhookDeliveryFailed', message: 'webhook delivery failed at attempt 5 (last status code 500)' },
  steps: [
    {
      name: 'attemptWebhookDelivery',
      kind: 'local_activity',
      status: 'completed',
      started_at: '2026-11-23T10:00:00.010Z',
      ended_at: '2026-11-23T10:00:00.200Z',
      attempt: 1,
    },
    {
      name: 'timer',
      kind: 'timer',
      status: 'completed',
      started_at: '2026-11-23T10:00:00.210Z',
      ended_at: '2026-11-23T10:00:01.210Z',
      attempt: null,
    },
    {
      name: 'attemptWebhookDelivery',
      kind: 'activity',
      status: 'completed',
      started_at: '2026-11-23T10:00:09.100Z',
      ended_at: '2026-11-23T10:00:09.280Z',
      attempt: 1,
    },
  ],
};

export const workflowCancellationExample = {
  workflow_id: `analysis-${analysisUuid}`,
  kind: 'analysis',
  resource_uuid: analysisUuid,
  status: 'cancel_requested',
};
