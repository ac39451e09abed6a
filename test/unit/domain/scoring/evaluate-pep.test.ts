import { pepStatusAt } from '../../../../domain/scoring/evaluate-pep';
import { entity, pep, rel, snapshot } from './support/snapshot-builder';
import { identifiedIn } from './support/identified';

describe('pepStatusAt (grace period of 5 years)', () => {
  const cases: [string, string | null, string | null, string | null, string][] = [
    ['in office, no end', '2020-01-01', null, null, 'active'],
    ['ends on as_of', '2020-01-01', '2026-11-21', null, 'active'],
    ['left 1 day ago', '2020-01-01', '2026-11-20', null, 'grace'],
    ['left exactly 5 years before as_of', '2010-01-01', '2021-11-21', null, 'grace'],
    ['left 5 years and 1 day before', '2010-01-01', '2021-11-20', null, 'former'],
    ['published grace end wins', '2010-01-01', '2015-01-01', '2026-12-31', 'grace'],
    ['starts after as_of', '2026-12-01', null, null, 'future'],
  ];
  it.each(cases)('%s', (_name, start, end, graceEnd, expected) => {
    expect(pepStatusAt(pep(1, 1, start, end, { grace_end_date: graceEnd }), '2026-11-21', 5)).toBe(expected);
  });
});

describe('PEP signals', () => {
  const people = [entity(1, 'person', 'Subject'), entity(2, 'person', 'Relative', { hop: 1 }), entity(3, 'organization', 'Company', { hop: 1 }), entity(4, 'person', 'Far', { hop: 2 })];
  const relationships = [rel(2, 1, 'FAMILY_OF'), rel(1, 3, 'PARTNER_OF'), rel(4, 3, 'PARTNER_OF')];
  const cases: [string, ReturnType<typeof pep>[], string[]][] = [
    ['nobody exposed', [], []],
    ['subject in office', [pep(1, 1, '2023-01-01', null)], ['PEP_SUBJECT_ACTIVE']],
    ['subject in grace', [pep(1, 1, '2015-01-01', '2024-01-01')], ['PEP_SUBJECT_GRACE']],
    ['subject former PEP', [pep(1, 1, '2005-01-01', '2012-01-01')], []],
    ['relative in office', [pep(1, 2, '2023-01-01', null)], ['PEP_RELATIVE']],
    ['partner company is never a PEP but a person two hops away is', [pep(1, 4, '2023-01-01', null)], ['PEP_NETWORK_INDIRECT']],
    ['both subject and relative', [pep(1, 1, '2023-01-01', null), pep(2, 2, '2015-01-01', '2024-01-01')], ['PEP_SUBJECT_ACTIVE', 'PEP_RELATIVE']],
  ];
  it.each(cases)('%s', (_name, records, expected) => {
    expect(identifiedIn(snapshot(1, people, { relationships, pep_records: records }), 'pep_exposure')).toEqual(expected);
  });

  it('calls a PEP partner of an organization a degree-1 associate', () => {
    const s = snapshot(10, [entity(10, 'organization', 'Org'), entity(11, 'person', 'Partner', { hop: 1 })], { relationships: [rel(11, 10, 'PARTNER_OF')], pep_records: [pep(1, 11, '2024-01-01', null)] });
    expect(identifiedIn(s, 'pep_exposure')).toEqual(['PEP_ASSOCIATE_DIRECT']);
  });
});
