import type { Report } from '../../../../../console/src/api/types';
import { canFinalize, canRegenerate, documentFormats, sectionText } from '../../../../../console/src/logic/report-actions';

describe('what a report offers in its state', () => {
  const report = (extra: Partial<Report>): Pick<Report, 'status' | 'type' | 'window'> => ({
    type: 'coaf_cos',
    status: 'draft',
    window: { anchor_at: '', expires_at: '2026-11-24T00:00:00Z', open: true },
    ...extra,
  });
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
