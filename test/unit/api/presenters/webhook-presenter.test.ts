import { presentAttempt, presentDeliveryFigures, presentEndpoint, presentEvent } from '../../../../api/presenters/webhook-presenter';
import type { EndpointRow } from '../../../../db/repositories/webhooks/webhook-endpoint-repository';
import type { EventRow } from '../../../../db/repositories/webhooks/webhook-event-repository';

const endpoint: EndpointRow = {
  id: 1,
  uuid: 'e0000000-0000-4000-8000-000000000001',
  company_id: 7,
  name: 'main',
  url: 'https://hooks.example.com/x',
  subscribed_events: ['analysis.completed'],
  status: 'active',
  disabled_reason: null,
  secret_version: 2,
  consecutive_failures: 0,
  first_failure_at: null,
  last_success_at: null,
  last_failure_at: null,
  previous_secret_expires_at: null,
  created_at: new Date('2026-11-23T10:00:00.000Z'),
  updated_at: new Date('2026-11-23T10:00:00.000Z'),
};

describe('presentEndpoint: never a secret, the previous secret only while it still signs', () => {
  it.each([
    ['no previous secret', null, null],
    ['an overlap long over', new Date('2000-01-01T00:00:00.000Z'), null],
    ['an overlap still running', new Date('2999-01-01T00:00:00.000Z'), '2999-01-01T00:00:00.000Z'],
  ])('%s', (_case, expires, shown) => {
    const body = presentEndpoint({ ...endpoint, previous_secret_expires_at: expires });
    expect(body.previous_secret_expires_at).toBe(shown);
    expect(Object.keys(body).some((k) => k.includes('secret') && k !== 'secret_version' && k !== 'previous_secret_expires_at')).toBe(false);
  });
});

describe('presentEvent and presentAttempt', () => {
  it('an event with its times as ISO strings, null when unset', () => {
    const row = {
      id: 9,
      uuid: 'ev-1',
      company_id: 7,
      endpoint_id: 1,
      endpoint_uuid: endpoint.uuid,
      type: 'analysis.completed',
      payload: { id: 'ev-1' },
      status: 'pending',
      attempt_count: 0,
      delivery_run: 1,
      next_attempt_at: null,
      created_at: new Date('2026-11-23T10:00:00.000Z'),
      updated_at: new Date('2026-11-23T10:00:00.000Z'),
      delivered_at: null,
    } as unknown as EventRow;
    expect(presentEvent(row)).toEqual({
      uuid: 'ev-1',
      endpoint_uuid: endpoint.uuid,
      type: 'analysis.completed',
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: null,
      delivered_at: null,
      created_at: '2026-11-23T10:00:00.000Z',
      updated_at: '2026-11-23T10:00:00.000Z',
      payload: { id: 'ev-1' },
    });
  });

  it('an attempt shows its truncated response body', () => {
    expect(
      presentAttempt({
        attempt_number: 1,
        started_at: new Date('2026-11-23T10:00:00.000Z'),
        duration_ms: 12,
        status_code: 500,
        error: null,
        response_body_truncated: 'oops',
      }),
    ).toEqual({
      attempt_number: 1,
      started_at: '2026-11-23T10:00:00.000Z',
      status_code: 500,
      duration_ms: 12,
      error: null,
      response_body: 'oops',
    });
  });
});

describe('presentDeliveryFigures: the last 24 hours of attempts', () => {
  it.each([
    [{ attempts: 0, succeeded: 0, p50DurationMs: null }, null],
    [{ attempts: 4, succeeded: 4, p50DurationMs: 30 }, 1],
    [{ attempts: 3, succeeded: 2, p50DurationMs: 30 }, 0.6667],
  ])('%o → success rate %s', (figures, rate) => {
    expect(presentDeliveryFigures(figures)).toEqual({
      window_hours: 24,
      attempts: figures.attempts,
      succeeded: figures.succeeded,
      success_rate: rate,
      p50_duration_ms: figures.p50DurationMs,
    });
  });
});
