import { closedCycle, findOwnershipCycles } from '../../../../domain/snapshot-facts/cycles';
import type { OwnershipEdge } from '../../../../domain/snapshot-facts/ownership-edges';

const edge = (ownerId: number, ownedId: number, kind: OwnershipEdge['kind'] = 'capital'): OwnershipEdge => ({
  ownerId,
  ownedId,
  kind,
  relationship: null,
  declaration: null,
});

describe('ownership cycles', () => {
  it.each([
    ['a chain has none', [edge(2, 1), edge(3, 2)], [], [], []],
    ['two companies owning each other', [edge(2, 1), edge(3, 2), edge(2, 3)], [[2, 3]], [2, 3], []],
    ['a cycle of four', [edge(1, 2), edge(2, 3), edge(3, 4), edge(4, 1)], [[1, 2, 3, 4]], [1, 2, 3, 4], []],
    [
      'two separate cycles, by smallest member',
      [edge(8, 9), edge(9, 8), edge(2, 3), edge(3, 2)],
      [
        [2, 3],
        [8, 9],
      ],
      [2, 3, 8, 9],
      [],
    ],
    ['treasury shares: a self-holding, no cross-holding', [edge(1, 1), edge(2, 1)], [], [1], [1]],
    ['branch links never close a cycle', [edge(2, 1), edge(1, 2, 'branch')], [], [], []],
    ['a declaration closes one like a relationship', [edge(2, 1), edge(1, 2, 'declared')], [[1, 2]], [1, 2], []],
  ])('%s', (_name, edges, crossHoldings, onCycle, selfHolding) => {
    const cycles = findOwnershipCycles(edges);
    expect(cycles.crossHoldings).toEqual(crossHoldings);
    expect([...cycles.onCycle].sort((a, b) => a - b)).toEqual(onCycle);
    expect([...cycles.selfHolding]).toEqual(selfHolding);
  });

  it.each([
    ['two members', [2, 3], [edge(3, 2), edge(2, 3)], [2, 3, 2]],
    ['the shortest way back', [1, 2, 3, 4], [edge(2, 1), edge(3, 1), edge(4, 2), edge(1, 4), edge(1, 3)], [1, 3, 1]],
    ['smaller ids first at a tie', [1, 2, 3], [edge(3, 1), edge(2, 1), edge(1, 3), edge(1, 2)], [1, 2, 1]],
    ['each entity is owned by the next', [5, 6, 7], [edge(7, 5), edge(6, 7), edge(5, 6)], [5, 7, 6, 5]],
  ])('closedCycle: %s', (_name, component, edges, expected) => {
    expect(closedCycle(component, edges)).toEqual(expected);
  });

  it('refuses entities that form no cycle', () => expect(() => closedCycle([1, 2], [edge(2, 1)])).toThrow(/no ownership cycle/));
});
