import { alertEventData, type PresentedAlert } from '../../../../domain/monitoring/alert-event-data';

const alert: PresentedAlert = {
  uuid: 'a1',
  monitor_uuid: 'm1',
  client_reference: null,
  analysis_uuid: 'an2',
  previous_analysis_uuid: 'an1',
  kind: 'risk_increased',
  previous: { score: 10, risk_level: 'low' },
  current: { score: 70, risk_level: 'high' },
  signals_added: ['s1'],
  signals_removed: [],
  causes: [{ source: 'ofac', version: 'v1' }],
  status: 'open',
  created_at: new Date('2026-01-02T03:04:05.678Z'),
};

describe('alertEventData', () => {
  it.each([
    ['a Date', new Date('2026-01-02T03:04:05.678Z'), '2026-01-02T03:04:05.678Z'],
    ['a timestamp string from a JSON column', '2026-01-02 03:04:05.678+00', '2026-01-02T03:04:05.678Z'],
  ])('writes created_at from %s as ISO 8601', (_name, createdAt, expected) => {
    expect(alertEventData({ ...alert, created_at: createdAt }).created_at).toBe(expected);
  });

  it('presents every public field and nothing else', () => {
    expect(Object.keys(alertEventData(alert)).sort()).toEqual([
      'analysis_uuid',
      'causes',
      'client_reference',
      'created_at',
      'current',
      'kind',
      'monitor_uuid',
      'previous',
      'previous_analysis_uuid',
      'signals_added',
      'signals_removed',
      'status',
      'uuid',
    ]);
  });
});
