import { buildWebhookPayload, isWebhookEventType, webhookEventTypeNames } from '../../../../domain/webhooks/event-catalog';

describe('event catalog and payloads', () => {
  it('holds exactly the kinds of docs/webhooks.md', () => {
    expect([...webhookEventTypeNames].sort()).toEqual([
      'adverse_media.completed',
      'adverse_media.failed',
      'analysis.completed',
      'analysis.failed',
      'analysis_batch.completed',
      'case.decided',
      'case.opened',
      'case.overdue',
      'monitoring.alert',
      'report.finalized',
      'webhook.test',
    ]);
  });

  it.each([
    ['webhook.test', true],
    ['analysis.completed', true],
    ['analysis.started', false],
    ['WEBHOOK.TEST', false],
    ['', false],
  ])('isWebhookEventType(%p) = %p', (value, expected) => {
    expect(isWebhookEventType(value)).toBe(expected);
  });

  const at = new Date('2026-02-03T04:05:06.789Z');
  it.each([
    [
      { analysis_uuid: 'a', client_reference: 'ref-1' },
      { analysis_uuid: 'a', client_reference: 'ref-1' },
    ],
    [{ analysis_uuid: 'a', client_reference: null }, { analysis_uuid: 'a' }],
    [{ analysis_uuid: 'a', client_reference: undefined }, { analysis_uuid: 'a' }],
    [
      { analysis_uuid: 'a', risk_level: null },
      { analysis_uuid: 'a', risk_level: null },
    ],
  ])('builds {type, timestamp, data} from %p', (data, expected) => {
    expect(buildWebhookPayload('analysis.completed', at, data)).toEqual({
      type: 'analysis.completed',
      timestamp: '2026-02-03T04:05:06.789Z',
      data: expected,
    });
  });
});
