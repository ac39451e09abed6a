import { contextOf } from './support/evaluate';
import { declaration, entity, pep, rel, snapshot } from './support/snapshot-builder';

const people = [
  entity(1, 'organization', 'Subject'),
  entity(2, 'person', 'P2', { hop: 1 }),
  entity(3, 'organization', 'C3', { hop: 1 }),
  entity(4, 'person', 'P4', { hop: 2 }),
];

describe('the evaluation context of a snapshot', () => {
  const ctx = contextOf(
    snapshot(1, people, {
      relationships: [
        rel(2, 1, 'PARTNER_OF'),
        rel(3, 1, 'OWNS', { is_active: false, valid_to: '2030-01-01' }),
        rel(4, 3, 'PARTNER_OF'),
        rel(1, 1, 'OWNS'),
        rel(1, 9, 'BRANCH_OF'),
        rel(2, 1, 'FAMILY_OF'),
      ],
      ownership_declarations: [declaration(1, 1, 4)],
      pep_records: [pep(1, 2, '2015-01-01', '2024-01-01'), pep(2, 4, '2005-01-01', '2010-01-01')],
    }),
  );

  it.each([
    [
      'hops over every link, either direction',
      () => [ctx.hop(1), ctx.hop(2), ctx.hop(3), ctx.hop(4), ctx.hop(99)],
      [0, 1, 1, 1, undefined],
    ],
    ['a shortest path, smaller ids first', () => ctx.pathTo(4), [1, 4]],
    // Not the flagged-ended holding, not the self-holding, not the branch link: a partner and a declared owner.
    [
      'owners at as_of',
      () => ctx.ownersOf(1).map((e) => [e.ownerId, e.kind]),
      [
        [2, 'capital'],
        [4, 'declared'],
      ],
    ],
    [
      'direct control links at as_of',
      () => ctx.directLinks(true).map((l) => [l.entityId, l.relationship.relationship_type]),
      [[2, 'PARTNER_OF']],
    ],
    [
      'every direct link at as_of',
      () => ctx.directLinks(false).map((l) => [l.entityId, l.relationship.relationship_type]),
      [
        [2, 'PARTNER_OF'],
        [9, 'BRANCH_OF'],
        [2, 'FAMILY_OF'],
      ],
    ],
    ["exposed PEPs with the catalog's grace period", () => ctx.peps.map((x) => [x.record.entity_id, x.status]), [[2, 'grace_period']]],
    ['every relationship a source holds, active or not', () => ctx.fromSource(3).map((r) => r.relationship_type), ['OWNS']],
  ])('%s', (_name, read, expected) => expect(read()).toEqual(expected));
});
