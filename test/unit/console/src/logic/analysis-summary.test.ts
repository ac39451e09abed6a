import { summaryDocument, summaryName, summaryRisk } from '../../../../../console/src/logic/analysis-summary';

describe('a list item of GET /analyses', () => {
  it('reads a list item flat or nested', () => {
    const base = { uuid: 'u', status: 'completed', mode: 'sync' as const, entity_id: 7, client_reference: null, source: null, created_at: '', completed_at: null };
    expect([summaryName(base), summaryDocument(base), summaryRisk(base)]).toEqual(['#7', null, null]);
    expect(summaryRisk({ ...base, score: 80, risk_level: 'high' })).toEqual({ score: 80, risk_level: 'high' });
    expect(summaryName({ ...base, subject: { display_name: 'ACME', document: '1' } })).toBe('ACME');
  });
});
