import { entity, declaration, rel, snapshot } from './support/snapshot-builder';
import { identifiedIn } from './support/identified';

const org = (id: number, hop: number) => entity(id, 'organization', `Org ${id}`, { hop, profile: { legal_nature_code: '2062' } });
const person = (id: number, hop: number) => entity(id, 'person', `Person ${id}`, { hop });

describe('ownership signals', () => {
  const cases: [string, ReturnType<typeof snapshot>, string[]][] = [
    ['person partner: resolved', snapshot(1, [org(1, 0), person(2, 1)], { relationships: [rel(2, 1, 'PARTNER_OF')] }), []],
    ['no owner at all', snapshot(1, [org(1, 0)]), ['OWNERSHIP_NO_KNOWN_OWNERS']],
    ['sole proprietorship without owner', snapshot(1, [entity(1, 'organization', 'EI', { profile: { legal_nature_code: '2135' } })]), []],
    ['chain ends at a company', snapshot(1, [org(1, 0), org(2, 1)], { relationships: [rel(2, 1, 'OWNS')] }), ['OWNERSHIP_UNRESOLVED_CHAIN']],
    ['foreign owner', snapshot(1, [org(1, 0), entity(2, 'foreign_entity', 'Offshore', { hop: 1 })], { relationships: [rel(2, 1, 'OWNS')] }), ['OWNERSHIP_FOREIGN_OWNER', 'OWNERSHIP_UNRESOLVED_CHAIN']],
    ['deep chain to a person', snapshot(1, [org(1, 0), org(2, 1), org(3, 2), person(4, 3)], { relationships: [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS'), rel(4, 3, 'PARTNER_OF')], maxDepth: 3 }), ['OWNERSHIP_DEEP_CHAIN']],
    ['two-company cycle', snapshot(1, [org(1, 0), org(2, 1), org(3, 2)], { relationships: [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS'), rel(2, 3, 'OWNS')] }), ['OWNERSHIP_CYCLE']],
    ['ended ownership is ignored', snapshot(1, [org(1, 0), org(2, 1), person(3, 1)], { relationships: [rel(2, 1, 'OWNS', { is_active: false }), rel(3, 1, 'PARTNER_OF')] }), []],
    ['declared person owner resolves the chain', snapshot(1, [org(1, 0), person(2, 1)], { ownership_declarations: [declaration(1, 1, 2)] }), []],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(identifiedIn(input, 'ownership_structure')).toEqual(expected);
  });
});
