import { ownershipEdges } from '../../../../domain/snapshot-facts/ownership-edges';
import { declaration, entity, rel, snapshot } from '../scoring/support/snapshot-builder';

type Parts = Parameters<typeof snapshot>[2];
const edgesOf = (parts: Parts) =>
  ownershipEdges(snapshot(1, [entity(1, 'organization', 'Subject')], parts)).map((e) => [e.ownerId, e.ownedId, e.kind]);

describe('ownership edges at as_of (owner → owned)', () => {
  it.each<[string, Parts, [number, number, string][]]>([
    [
      'OWNS and PARTNER_OF carry capital',
      { relationships: [rel(2, 1, 'OWNS'), rel(3, 1, 'PARTNER_OF')] },
      [
        [2, 1, 'capital'],
        [3, 1, 'capital'],
      ],
    ],
    ['CONTROLS gives control', { relationships: [rel(2, 1, 'CONTROLS')] }, [[2, 1, 'control']]],
    ['BRANCH_OF is turned round: headquarters → branch', { relationships: [rel(1, 9, 'BRANCH_OF')] }, [[9, 1, 'branch']]],
    [
      'other links are no ownership',
      { relationships: [rel(2, 1, 'ADMINISTERS'), rel(2, 1, 'FAMILY_OF'), rel(1, 7, 'ACCOUNT_AT_INSTITUTION')] },
      [],
    ],
    ['a declaration points owner → subject', { ownership_declarations: [declaration(5, 1, 4)] }, [[4, 1, 'declared']]],
    [
      'relationships first, then declarations',
      { relationships: [rel(2, 1, 'OWNS')], ownership_declarations: [declaration(5, 1, 4)] },
      [
        [2, 1, 'capital'],
        [4, 1, 'declared'],
      ],
    ],
    [
      'a flagged-ended link is left out even with a future end date',
      { relationships: [rel(2, 1, 'OWNS', { is_active: false, valid_to: '2030-01-01' })] },
      [],
    ],
    ['a link not started yet is left out', { relationships: [rel(2, 1, 'OWNS', { valid_from: '2026-11-22' })] }, []],
    ['an ended declaration is left out', { ownership_declarations: [declaration(5, 1, 4, { end_date: '2026-11-20' })] }, []],
    ['a self-holding (treasury shares) stays', { relationships: [rel(1, 1, 'OWNS')] }, [[1, 1, 'capital']]],
  ])('%s', (_name, parts, expected) => {
    expect(edgesOf(parts)).toEqual(expected);
  });

  it('keeps the record each edge comes from', () => {
    const [fromRelationship, fromDeclaration] = ownershipEdges(
      snapshot(1, [entity(1, 'organization', 'S')], { relationships: [rel(2, 1, 'OWNS')], ownership_declarations: [declaration(5, 1, 4)] }),
    );
    expect([fromRelationship.relationship?.relationship_type, fromRelationship.declaration]).toEqual(['OWNS', null]);
    expect([fromDeclaration.relationship, fromDeclaration.declaration?.declaration_id]).toEqual([null, 5]);
  });

  it('rejects a snapshot whose as_of is not a day', () => {
    expect(() => ownershipEdges({ ...snapshot(1, []), as_of: 'yesterday' })).toThrow(/as_of/);
  });
});
