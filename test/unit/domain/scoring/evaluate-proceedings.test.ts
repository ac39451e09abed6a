import { entity, proceeding, rel, snapshot } from './support/snapshot-builder';
import { identifiedIn } from './support/identified';

const parties = [entity(1, 'organization', 'Subject'), entity(2, 'person', 'Administrator', { hop: 1 })];
const run = (...proceedings: ReturnType<typeof proceeding>[]) =>
  identifiedIn(snapshot(1, parties, { relationships: [rel(2, 1, 'ADMINISTERS')], proceedings }), 'legal_proceedings');
const accused = [{ entity_id: 1, role: 'investigado' }];

describe('proceeding signals (as_of 2026-11-21)', () => {
  const cases: [string, ReturnType<typeof proceeding>[], string[]][] = [
    ['none', [], []],
    ['open against the subject', [proceeding(1, accused)], ['PROCEEDING_OPEN_SUBJECT']],
    ['subject only the complainant', [proceeding(1, [{ entity_id: 1, role: 'Denunciante' }])], []],
    ['opened after as_of', [proceeding(1, accused, { opened_at: '2026-12-01' })], []],
    ['closed before as_of', [proceeding(1, accused, { closed_at: '2026-01-01', status: 'arquivado' })], []],
    ['closed after as_of: open at as_of', [proceeding(1, accused, { closed_at: '2027-01-01', status: 'arquivado' })], ['PROCEEDING_OPEN_SUBJECT']],
    ['archived status without a date counts as closed', [proceeding(1, accused, { status: 'Arquivado' })], []],
    ['sanctioning decision', [proceeding(1, accused, { status: 'Condenado - multa aplicada', decision_date: '2025-05-01', closed_at: '2025-06-01' })], ['PROCEEDING_SANCTIONING_DECISION']],
    ['decision after as_of does not count', [proceeding(1, accused, { status: 'condenado', decision_date: '2026-12-01', closed_at: '2026-12-02' })], ['PROCEEDING_OPEN_SUBJECT']],
    ['three proceedings: recurrent', [1, 2, 3].map((id) => proceeding(id, accused, { closed_at: '2024-01-01' })), ['PROCEEDING_RECURRENT']],
    ['administrator in an open proceeding', [proceeding(1, [{ entity_id: 2, role: null }])], ['PROCEEDING_ASSOCIATE']],
  ];
  it.each(cases)('%s', (_name, proceedings, expected) => {
    expect(run(...proceedings)).toEqual(expected);
  });
});
