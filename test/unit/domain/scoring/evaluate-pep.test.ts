import { entity, pep, rel, snapshot } from './support/snapshot-builder';
import { pepEvaluators } from '../../../../domain/scoring/evaluate-pep';
import { evaluate, identifiedBy } from './support/evaluate';

describe('PEP signals', () => {
  const people = [
    entity(1, 'person', 'Subject'),
    entity(2, 'person', 'Relative', { hop: 1 }),
    entity(3, 'organization', 'Company', { hop: 1 }),
    entity(4, 'person', 'Far', { hop: 2 }),
  ];
  const relationships = [rel(2, 1, 'FAMILY_OF'), rel(1, 3, 'PARTNER_OF'), rel(4, 3, 'PARTNER_OF')];
  const cases: [string, ReturnType<typeof pep>[], string[]][] = [
    ['nobody exposed', [], []],
    ['subject in office', [pep(1, 1, '2023-01-01', null)], ['PEP_SUBJECT_ACTIVE']],
    ['subject in grace', [pep(1, 1, '2015-01-01', '2024-01-01')], ['PEP_SUBJECT_GRACE']],
    ['subject former PEP', [pep(1, 1, '2005-01-01', '2012-01-01')], []],
    ['relative in office', [pep(1, 2, '2023-01-01', null)], ['PEP_RELATIVE']],
    ['partner company is never a PEP but a person two hops away is', [pep(1, 4, '2023-01-01', null)], ['PEP_NETWORK_INDIRECT']],
    [
      'both subject and relative',
      [pep(1, 1, '2023-01-01', null), pep(2, 2, '2015-01-01', '2024-01-01')],
      ['PEP_SUBJECT_ACTIVE', 'PEP_RELATIVE'],
    ],
  ];
  it.each(cases)('%s', (_name, records, expected) => {
    expect(identifiedBy(pepEvaluators, snapshot(1, people, { relationships, pep_records: records }))).toEqual(expected);
  });

  it('calls a PEP partner of an organization a degree-1 associate', () => {
    const s = snapshot(10, [entity(10, 'organization', 'Org'), entity(11, 'person', 'Partner', { hop: 1 })], {
      relationships: [rel(11, 10, 'PARTNER_OF')],
      pep_records: [pep(1, 11, '2024-01-01', null)],
    });
    expect(identifiedBy(pepEvaluators, s)).toEqual(['PEP_ASSOCIATE_DIRECT']);
  });
});

describe('PEP evaluators: what each observed', () => {
  const people = [
    entity(1, 'person', 'Subject'),
    entity(2, 'person', 'Relative', { hop: 1 }),
    entity(3, 'organization', 'Company', { hop: 1 }),
    entity(4, 'person', 'Far', { hop: 2 }),
  ];
  const relationships = [rel(2, 1, 'FAMILY_OF'), rel(1, 3, 'PARTNER_OF'), rel(4, 3, 'PARTNER_OF')];
  const run = (code: string, ...records: ReturnType<typeof pep>[]) =>
    evaluate(pepEvaluators, code, snapshot(1, people, { relationships, pep_records: records }));
  it.each([
    ['PEP_SUBJECT_ACTIVE', [pep(1, 1, '2023-01-01', null)], [1], ['active'], ['end_date']],
    ['PEP_SUBJECT_ACTIVE', [pep(1, 1, '2023-01-01', '2027-01-01')], [1], ['active'], []],
    // One label with the graph's network_peps: grace_period, never 'grace'.
    ['PEP_SUBJECT_GRACE', [pep(1, 1, '2015-01-01', '2024-01-01')], [1], ['grace_period'], []],
    ['PEP_SUBJECT_GRACE', [pep(1, 1, '2023-01-01', null)], [], [], []],
    ['PEP_RELATIVE', [pep(1, 2, '2015-01-01', '2024-01-01')], [2], ['grace_period'], []],
    ['PEP_ASSOCIATE_DIRECT', [pep(1, 2, '2023-01-01', null)], [], [], []],
    ['PEP_NETWORK_INDIRECT', [pep(1, 4, '2023-01-01', null), pep(2, 2, '2023-01-01', null)], [4], ['active'], []],
  ])('%s with %j → observed %j, statuses %j, limitation fields %j', (code, records, observed, statuses, limitationFields) => {
    const finding = run(code, ...records);
    expect([...finding.observed_entity_ids].sort((a, b) => a - b)).toEqual(observed);
    expect(finding.evidences.map((e) => e.metadata.pep_status)).toEqual(statuses);
    expect(finding.limitations.flatMap((l) => l.fields)).toEqual(limitationFields);
  });
});
