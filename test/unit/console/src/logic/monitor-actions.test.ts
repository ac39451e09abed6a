import type { MonitoringAlert } from '../../../../../console/src/api/types';
import {
  alertListQuery,
  monitorListQuery,
  monitorOffer,
  monitorTimeline,
  nextReviewOf,
  noMonitorFilters,
} from '../../../../../console/src/logic/monitor-actions';

describe('monitorOffer', () => {
  it.each([
    ['an active monitor', 'active', true, { pause: true, resume: false, stop: true }],
    ['a paused monitor', 'paused', true, { pause: false, resume: true, stop: true }],
    ['a stopped monitor', 'stopped', true, { pause: false, resume: false, stop: false }],
    ['an active monitor, read-only viewer', 'active', false, { pause: false, resume: false, stop: false }],
  ] as const)('%s', (_name, status, canWrite, offer) => {
    expect(monitorOffer({ status }, canWrite)).toEqual(offer);
  });
});

describe('list queries', () => {
  it.each([
    ['no filter', noMonitorFilters, '?limit=100'],
    [
      'every filter',
      { status: 'paused', riskLevel: 'high', openAlerts: 'true' },
      '?status=paused&risk_level=high&has_open_alerts=true&limit=100',
    ],
    ['without open alerts', { status: '', riskLevel: '', openAlerts: 'false' }, '?has_open_alerts=false&limit=100'],
  ] as const)('GET /monitors with %s', (_name, filters, query) => {
    expect(monitorListQuery(filters)).toBe(query);
  });

  it.each([
    ['no filter', { status: '', kind: '' }, '?limit=100'],
    ['open increases', { status: 'open', kind: 'risk_increased' }, '?status=open&kind=risk_increased&limit=100'],
  ] as const)('GET /monitoring/alerts with %s', (_name, filters, query) => {
    expect(alertListQuery(filters)).toBe(query);
  });
});

describe('monitorTimeline', () => {
  const check = (uuid: string, created_at: string, risk_level: 'low' | 'high') => ({
    uuid,
    created_at,
    status: 'completed',
    risk_level,
    score: risk_level === 'low' ? 10 : 60,
  });
  const alert: MonitoringAlert = {
    uuid: 'alert-1',
    analysis_uuid: 'c2',
    monitor_uuid: 'm',
    previous_analysis_uuid: 'c1',
    kind: 'risk_increased',
    previous: { score: 10, risk_level: 'low' },
    current: { score: 60, risk_level: 'high' },
    signals_added: ['S'],
    signals_removed: [],
    causes: [{ source: 'ceis', version: 'run-1' }],
    status: 'open',
    created_at: '2026-11-26T01:00:00.000Z',
    client_reference: null,
  };

  it('orders the checks newest first, each with the alert it raised; the baseline marked', () => {
    const timeline = monitorTimeline(
      { baseline_analysis_uuid: 'c1' },
      [
        check('c1', '2026-11-26T00:00:00.000Z', 'low'),
        check('c3', '2026-11-26T02:00:00.000Z', 'high'),
        check('c2', '2026-11-26T01:00:00.000Z', 'high'),
      ],
      [alert],
    );
    expect(timeline.map((e) => [e.check.uuid, e.alert?.uuid ?? null, e.baseline])).toEqual([
      ['c3', null, false],
      ['c2', 'alert-1', false],
      ['c1', null, true],
    ]);
  });

  it('is empty without checks', () => {
    expect(monitorTimeline({ baseline_analysis_uuid: 'c1' }, [], [])).toEqual([]);
  });
});

describe('nextReviewOf', () => {
  it.each([
    ['active', '2027-05-01T00:00:00.000Z', '2027-05-01T00:00:00.000Z'],
    ['paused', '2027-05-01T00:00:00.000Z', '2027-05-01T00:00:00.000Z'],
    ['stopped', '2027-05-01T00:00:00.000Z', null],
    ['active', null, null],
  ] as const)('a %s monitor with next_review_at %s shows %s', (status, next, shown) => {
    expect(nextReviewOf({ status, next_review_at: next })).toBe(shown);
  });
});
