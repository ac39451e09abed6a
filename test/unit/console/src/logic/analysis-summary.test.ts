import type { AnalysisSummary } from '../../../../../console/src/api/types';
import { summaryDocument, summaryName, summaryRisk } from '../../../../../console/src/logic/analysis-summary';

const links = { self: '', events: '', explanation: '', graph: '', signals: '', snapshot: '' };
const base: AnalysisSummary = {
  uuid: 'u',
  status: 'completed',
  mode: 'sync',
  entity_id: 7,
  client_reference: null,
  source: null,
  created_at: '',
  completed_at: null,
  links,
  score: null,
  risk_level: null,
  subject: { display_name: null, document: null },
};

describe('a list item of GET /analyses', () => {
  it.each([
    ['no name, document or risk yet', base, ['#7', null, null]],
    [
      'its subject and risk',
      { ...base, score: 80, risk_level: 'high' as const, subject: { display_name: 'ACME', document: '1' } },
      ['ACME', '1', { score: 80, risk_level: 'high' }],
    ],
    ['a score without a level is no risk', { ...base, score: 80 }, ['#7', null, null]],
  ])('%s', (_case, item, expected) => {
    expect([summaryName(item), summaryDocument(item), summaryRisk(item)]).toEqual(expected);
  });
});
