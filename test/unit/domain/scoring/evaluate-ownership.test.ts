import { entity, declaration, rel, snapshot } from './support/snapshot-builder';
import { ownershipEvaluators } from '../../../../domain/scoring/evaluate-ownership';
import { evaluate, identifiedBy } from './support/evaluate';

const org = (id: number, hop: number) => entity(id, 'organization', `Org ${id}`, { hop, profile: { legal_nature_code: '2062' } });
const person = (id: number, hop: number) => entity(id, 'person', `Person ${id}`, { hop });

describe('ownership signals', () => {
  const cases: [string, ReturnType<typeof snapshot>, string[]][] = [
    ['person partner: resolved', snapshot(1, [org(1, 0), person(2, 1)], { relationships: [rel(2, 1, 'PARTNER_OF')] }), []],
    ['no owner at all', snapshot(1, [org(1, 0)]), ['OWNERSHIP_NO_KNOWN_OWNERS']],
    ['sole proprietorship without owner', snapshot(1, [entity(1, 'organization', 'EI', { profile: { legal_nature_code: '2135' } })]), []],
    [
      'chain ends at a company',
      snapshot(1, [org(1, 0), org(2, 1)], { relationships: [rel(2, 1, 'OWNS')] }),
      ['OWNERSHIP_UNRESOLVED_CHAIN'],
    ],
    [
      'foreign owner',
      snapshot(1, [org(1, 0), entity(2, 'foreign_entity', 'Offshore', { hop: 1 })], { relationships: [rel(2, 1, 'OWNS')] }),
      ['OWNERSHIP_FOREIGN_OWNER', 'OWNERSHIP_UNRESOLVED_CHAIN'],
    ],
    [
      'deep chain to a person',
      snapshot(1, [org(1, 0), org(2, 1), org(3, 2), person(4, 3)], {
        relationships: [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS'), rel(4, 3, 'PARTNER_OF')],
        maxDepth: 3,
      }),
      ['OWNERSHIP_DEEP_CHAIN'],
    ],
    [
      'two-company cycle',
      snapshot(1, [org(1, 0), org(2, 1), org(3, 2)], { relationships: [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS'), rel(2, 3, 'OWNS')] }),
      ['OWNERSHIP_CYCLE'],
    ],
    [
      'ended ownership is ignored',
      snapshot(1, [org(1, 0), org(2, 1), person(3, 1)], {
        relationships: [rel(2, 1, 'OWNS', { is_active: false }), rel(3, 1, 'PARTNER_OF')],
      }),
      [],
    ],
    [
      'declared person owner resolves the chain',
      snapshot(1, [org(1, 0), person(2, 1)], { ownership_declarations: [declaration(1, 1, 2)] }),
      [],
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(identifiedBy(ownershipEvaluators, input)).toEqual(expected);
  });
});

describe('ownership evaluators: the chains they report', () => {
  const chainOf = (code: string, input: ReturnType<typeof snapshot>) =>
    evaluate(ownershipEvaluators, code, input).evidences.map((e) => (e.content as { entity_id: number }[]).map((x) => x.entity_id));
  it.each([
    [
      'OWNERSHIP_CYCLE',
      snapshot(1, [org(1, 0), org(2, 1), org(3, 2)], { relationships: [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS'), rel(2, 3, 'OWNS')] }),
      [[2, 3, 2]],
    ],
    // Treasury shares are no cross-holding: no cycle signal (the graph marks the path).
    ['OWNERSHIP_CYCLE', snapshot(1, [org(1, 0), person(2, 1)], { relationships: [rel(1, 1, 'OWNS'), rel(2, 1, 'PARTNER_OF')] }), []],
    // A cycle beside the subject, not above it, is not its ownership structure.
    [
      'OWNERSHIP_CYCLE',
      snapshot(1, [org(1, 0), person(2, 1), org(3, 1), org(4, 2)], {
        relationships: [rel(2, 1, 'PARTNER_OF'), rel(1, 3, 'OWNS'), rel(3, 4, 'OWNS'), rel(4, 3, 'OWNS')],
      }),
      [],
    ],
    [
      'OWNERSHIP_FOREIGN_OWNER',
      snapshot(1, [org(1, 0), org(2, 1), entity(3, 'foreign_entity', 'Offshore', { hop: 2 })], {
        relationships: [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS')],
      }),
      [[1, 2, 3]],
    ],
    ['OWNERSHIP_UNRESOLVED_CHAIN', snapshot(1, [org(1, 0), org(2, 1)], { relationships: [rel(2, 1, 'OWNS')] }), [[1, 2]]],
    [
      'OWNERSHIP_DEEP_CHAIN',
      snapshot(1, [org(1, 0), org(2, 1), org(3, 2), person(4, 3)], {
        relationships: [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS'), rel(4, 3, 'PARTNER_OF')],
        maxDepth: 3,
      }),
      [[1, 2, 3, 4]],
    ],
    // A link the registry flagged ended does not carry ownership, whatever its end date.
    [
      'OWNERSHIP_UNRESOLVED_CHAIN',
      snapshot(1, [org(1, 0), org(2, 1), person(3, 1)], {
        relationships: [rel(2, 1, 'OWNS', { is_active: false, valid_to: '2030-01-01' }), rel(3, 1, 'PARTNER_OF')],
      }),
      [],
    ],
  ])('%s (case %#)', (code, input, chains) => expect(chainOf(code, input)).toEqual(chains));

  it('limits an unresolved chain that ends at the snapshot depth', () => {
    const finding = evaluate(
      ownershipEvaluators,
      'OWNERSHIP_UNRESOLVED_CHAIN',
      snapshot(1, [org(1, 0), org(2, 1), org(3, 2)], { relationships: [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS')], maxDepth: 2 }),
    );
    expect(finding.limitations.flatMap((l) => l.fields)).toEqual(['network.max_depth', 'network.truncated']);
  });
});
