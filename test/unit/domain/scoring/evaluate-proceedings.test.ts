import { entity, proceeding, rel, snapshot } from './support/snapshot-builder';
import { proceedingEvaluators } from '../../../../domain/scoring/evaluate-proceedings';
import { evaluate, identifiedBy } from './support/evaluate';

const parties = [entity(1, 'organization', 'Subject'), entity(2, 'person', 'Administrator', { hop: 1 })];
const run = (...proceedings: ReturnType<typeof proceeding>[]) =>
  identifiedBy(proceedingEvaluators, snapshot(1, parties, { relationships: [rel(2, 1, 'ADMINISTERS')], proceedings }));
const accused = [{ entity_id: 1, role: 'investigado' }];

describe('proceeding signals (as_of 2026-11-21)', () => {
  const cases: [string, ReturnType<typeof proceeding>[], string[]][] = [
    ['none', [], []],
    ['open against the subject', [proceeding(1, accused)], ['PROCEEDING_OPEN_SUBJECT']],
    ['subject only the complainant', [proceeding(1, [{ entity_id: 1, role: 'Denunciante' }])], []],
    ['opened after as_of', [proceeding(1, accused, { opened_at: '2026-12-01' })], []],
    ['closed before as_of', [proceeding(1, accused, { closed_at: '2026-01-01', status: 'arquivado' })], []],
    [
      'closed after as_of: open at as_of',
      [proceeding(1, accused, { closed_at: '2027-01-01', status: 'arquivado' })],
      ['PROCEEDING_OPEN_SUBJECT'],
    ],
    ['archived status without a date counts as closed', [proceeding(1, accused, { status: 'Arquivado' })], []],
    [
      'sanctioning decision',
      [proceeding(1, accused, { status: 'Condenado - multa aplicada', decision_date: '2025-05-01', closed_at: '2025-06-01' })],
      ['PROCEEDING_SANCTIONING_DECISION'],
    ],
    [
      'decision after as_of does not count',
      [proceeding(1, accused, { status: 'condenado', decision_date: '2026-12-01', closed_at: '2026-12-02' })],
      ['PROCEEDING_OPEN_SUBJECT'],
    ],
    ['three proceedings: recurrent', [1, 2, 3].map((id) => proceeding(id, accused, { closed_at: '2024-01-01' })), ['PROCEEDING_RECURRENT']],
    ['administrator in an open proceeding', [proceeding(1, [{ entity_id: 2, role: null }])], ['PROCEEDING_ASSOCIATE']],
  ];
  it.each(cases)('%s', (_name, proceedings, expected) => {
    expect(run(...proceedings)).toEqual(expected);
  });
});

describe('proceeding evaluators: observed entities and limitations', () => {
  const input = (...proceedings: ReturnType<typeof proceeding>[]) =>
    snapshot(1, parties, { relationships: [rel(2, 1, 'ADMINISTERS')], proceedings });
  it.each([
    ['PROCEEDING_OPEN_SUBJECT', [proceeding(1, accused, { opened_at: null })], [1], ['opened_at']],
    ['PROCEEDING_OPEN_SUBJECT', [proceeding(1, accused)], [1], []],
    [
      'PROCEEDING_ASSOCIATE',
      [
        proceeding(1, [
          { entity_id: 2, role: 'réu' },
          { entity_id: 1, role: 'investigado' },
        ]),
      ],
      [2],
      [],
    ],
    ['PROCEEDING_ASSOCIATE', [proceeding(1, [{ entity_id: 2, role: 'testemunha' }])], [], []],
    ['PROCEEDING_RECURRENT', [1, 2].map((id) => proceeding(id, accused)), [], []],
  ])('%s → observed %j, limitation fields %j', (code, proceedings, observed, fields) => {
    const finding = evaluate(proceedingEvaluators, code, input(...proceedings));
    expect([...finding.observed_entity_ids].sort((a, b) => a - b)).toEqual(observed);
    expect(finding.limitations.flatMap((l) => l.fields)).toEqual(fields);
  });
});
