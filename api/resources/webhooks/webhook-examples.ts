/** Examples of the webhook bodies for the API reference (checked against their schemas by test/unit/api/openapi-document.test.ts). */
const endpointUuid = '7d3e2f1a-5b6c-4d7e-8f90-a1b2c3d4e5f6';
const eventUuid = 'c4d5e6f7-0a1b-4c2d-9e3f-405162738495';
const at = '2026-11-23T10:00:00.000Z';

export const createEndpointExample = {
  name: 'case management',
  url: 'https://hooks.example.com/kyc',
  subscribed_events: ['analysis.completed', 'analysis.failed'],
};
export const patchEndpointExample = { status: 'paused' };

export const endpointExample = {
  uuid: endpointUuid,
  name: 'case management',
  url: 'https://hooks.example.com/kyc',
  subscribed_events: ['analysis.completed', 'analysis.failed'],
  status: 'active',
  disabled_reason: null,
  secret_version: 1,
  consecutive_failures: 0,
  last_success_at: at,
  last_failure_at: null,
  previous_secret_expires_at: null,
  created_at: at,
  updated_at: at,
};
export const endpointWithSecretExample = { ...endpointExample, last_success_at: null, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
export const endpointPageExample = { items: [endpointExample], next_cursor: null };
export const deliveryFiguresExample = { window_hours: 24, attempts: 48, succeeded: 47, success_rate: 0.9792, p50_duration_ms: 182 };
export const endpointDetailExample = { ...endpointExample, delivery_figures: deliveryFiguresExample };
export const rotatedSecretExample = {
  uuid: endpointUuid,
  secret: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD',
  secret_version: 2,
  previous_secret_expires_at: '2026-11-24T10:00:00.000Z',
};
export const eventTypesExample = { items: [{ type: 'analysis.completed', description: 'an async analysis completed' }], next_cursor: null };
export const testEventExample = { event_uuid: eventUuid, status: 'pending' };

export const eventExample = {
  uuid: eventUuid,
  endpoint_uuid: endpointUuid,
  type: 'analysis.completed',
  status: 'succeeded',
  attempt_count: 1,
  next_attempt_at: null,
  delivered_at: '2026-11-23T10:00:01.000Z',
  created_at: at,
  updated_at: '2026-11-23T10:00:01.000Z',
  payload: {
    type: 'analysis.completed',
    timestamp: at,
    data: { analysis_uuid: '3f2b8c1e-6d4a-4e8f-9b2a-1c5d7e9f0a12', client_reference: 'case-2026-0042' },
  },
};
export const eventDetailExample = {
  ...eventExample,
  attempts: [
    { attempt_number: 1, started_at: '2026-11-23T10:00:00.800Z', status_code: 204, duration_ms: 180, error: null, response_body: '' },
  ],
};
export const eventPageExample = { items: [eventExample], next_cursor: null };
