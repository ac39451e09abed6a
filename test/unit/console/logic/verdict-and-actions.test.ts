import type { Report } from '../../../../console/src/api/types';
import { analysisProgress, isTerminal, pollDelayMs } from '../../../../console/src/logic/analysis-progress';
import { summaryDocument, summaryName, summaryRisk } from '../../../../console/src/logic/analysis-summary';
import { defaultDomains, domainsFor } from '../../../../console/src/logic/expansion-domains';
import { canFinalize, canRegenerate, documentFormats, sectionText } from '../../../../console/src/logic/report-actions';
import { pillarBars, splitSignals, verdictFlags } from '../../../../console/src/logic/verdict-summary';
import { eventActions, eventsQuery } from '../../../../console/src/logic/webhook-actions';

describe('the parts of a verdict', () => {
  it('orders the pillars by weighted contribution and reads weights as factors', () => {
    const bars = pillarBars([
      { pillar: 'sanctions', weight: 10000, subscore: 15, base_points: 20, weighted_score: 15, identified_signal_codes: ['S'] },
      { pillar: 'pep_exposure', weight: 8000, subscore: 45, base_points: 30, weighted_score: 36, identified_signal_codes: [] },
      { pillar: 'media', weight: 6000, subscore: 140, base_points: 0, weighted_score: 0, identified_signal_codes: [] },
    ]);
    expect(bars.map((b) => [b.pillar, b.weight, b.subscoreWidth])).toEqual([['pep_exposure', 0.8, 45], ['sanctions', 1, 15], ['media', 0.6, 100]]);
    expect(pillarBars(undefined)).toEqual([]);
  });

  it('lists the three flags, on or off', () => {
    expect(verdictFlags({ score: 80, risk_level: 'high', review_required: true })).toEqual([
      { key: 'escalation_required', on: false }, { key: 'review_required', on: true }, { key: 'review_recommended', on: false },
    ]);
  });

  it('splits fired signals (highest first) from the rest', () => {
    const { identified, notIdentified } = splitSignals([
      { code: 'B', pillar: 'p', identified: true, score: 10 }, { code: 'A', pillar: 'p', identified: true, score: 30 }, { code: 'C', pillar: 'p', identified: false, score: 0 },
    ]);
    expect(identified.map((s) => s.code)).toEqual(['A', 'B']);
    expect(notIdentified.map((s) => s.code)).toEqual(['C']);
  });

  it('reads a list item flat or nested', () => {
    const base = { uuid: 'u', status: 'completed', mode: 'sync' as const, entity_id: 7, client_reference: null, source: null, created_at: '', completed_at: null };
    expect([summaryName(base), summaryDocument(base), summaryRisk(base)]).toEqual(['#7', null, null]);
    expect(summaryRisk({ ...base, score: 80, risk_level: 'high' })).toEqual({ score: 80, risk_level: 'high' });
    expect(summaryName({ ...base, subject: { display_name: 'ACME', document: '1' } })).toBe('ACME');
  });
});

describe('the progress of an asynchronous analysis', () => {
  it.each([
    ['queued', 'queued', ['current', 'pending', 'pending', 'pending', 'pending', 'pending']],
    ['running', 'scoring', ['done', 'done', 'current', 'pending', 'pending', 'pending']],
    ['completed', 'completed', ['done', 'done', 'done', 'done', 'done', 'done']],
    ['failed', 'failed', ['done', 'failed', 'pending', 'pending', 'pending', 'pending']],
  ])('%s at %s', (status, step, states) => {
    expect(analysisProgress(status, step).map((s) => s.state)).toEqual(states);
  });

  it('stops on a terminal status and backs off up to 5 s', () => {
    expect(['completed', 'failed', 'canceled'].every(isTerminal)).toBe(true);
    expect(isTerminal('running')).toBe(false);
    expect([0, 1, 2, 10].map(pollDelayMs)).toEqual([400, 800, 1600, 5000]);
  });
});

describe('what webhook events, expansions and reports offer', () => {
  it.each([
    ['failed', ['retry', 'resend']],
    ['succeeded', ['resend']],
    ['pending', []],
    ['delivering', []],
  ])('a %s event offers %j', (status, actions) => {
    expect(eventActions(status)).toEqual(actions);
  });

  it('builds the events query from set filters only', () => {
    expect(eventsQuery({ status: 'failed', endpoint_uuid: '', type: '' })).toBe('?status=failed');
    expect(eventsQuery({ status: '', endpoint_uuid: '', type: '' }, 'c1')).toBe('?cursor=c1');
  });

  it('offers a proceeding the proceedings domain only, and never media', () => {
    expect(domainsFor('proceeding')).toEqual(['proceedings']);
    expect(domainsFor('entity')).not.toContain('media');
    expect(defaultDomains('entity')).toEqual(['ownership', 'administration', 'family']);
  });

  const report = (extra: Partial<Report>): Report => ({ uuid: 'r', type: 'coaf_cos', regulator: 'coaf', status: 'draft', analysis_uuid: 'a', created_at: '', window: { anchor_at: '', expires_at: '2026-11-24T00:00:00Z' }, ...extra });
  const narrative = { key: 'det', title: 'DET', kind: 'narrative' as const, revision: 1, content: 'x' };
  it.each([
    ['a draft narrative inside the window', report({}), narrative, '2026-11-23T12:00:00Z', true],
    ['a deterministic section', report({}), { ...narrative, kind: 'deterministic' as const }, '2026-11-23T12:00:00Z', false],
    ['after the window', report({}), narrative, '2026-11-24T00:00:01Z', false],
    ['a finalized report', report({ status: 'finalized' }), narrative, '2026-11-23T12:00:00Z', false],
  ])('regenerate: %s', (_why, r, section, now, allowed) => {
    expect(canRegenerate(r, section, new Date(now))).toBe(allowed);
  });

  it('finalizes drafts only and offers XML for the COAF draft only', () => {
    expect(canFinalize(report({}))).toBe(true);
    expect(canFinalize(report({ status: 'finalized' }))).toBe(false);
    expect(documentFormats(report({}))).toEqual(['pdf', 'xml', 'json']);
    expect(documentFormats(report({ type: 'bcb_dossie' }))).toEqual(['pdf', 'json']);
    expect(sectionText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
