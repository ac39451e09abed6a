import { traceUpstream } from '../../../../domain/scoring/ownership-chains';
import { contextOf } from './support/evaluate';
import { entity, rel, snapshot } from './support/snapshot-builder';

const org = (id: number, hop = 1) => entity(id, 'organization', `O${id}`, { hop });

describe('the ownership structure above the subject', () => {
  it.each<[string, ReturnType<typeof rel>[], Record<number, number>, number[][]]>([
    ['a chain: depth per owner', [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS')], { 2: 1, 3: 2 }, []],
    ['two ways up: the shortest depth', [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS'), rel(3, 1, 'OWNS')], { 2: 1, 3: 1 }, []],
    ['a cross-holding above the subject', [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS'), rel(2, 3, 'OWNS')], { 2: 1, 3: 2 }, [[2, 3, 2]]],
    ['the subject on a cycle', [rel(2, 1, 'OWNS'), rel(1, 2, 'OWNS')], { 2: 1 }, [[1, 2, 1]]],
    ['a cycle below the subject is not above it', [rel(1, 2, 'OWNS'), rel(2, 3, 'OWNS'), rel(3, 2, 'OWNS')], {}, []],
  ])('%s', (_name, relationships, depths, cycles) => {
    const up = traceUpstream(contextOf(snapshot(1, [org(1, 0), org(2), org(3, 2)], { relationships })));
    expect(Object.fromEntries(up.depth)).toEqual(depths);
    expect(up.cycles).toEqual(cycles);
  });

  it('gives the chain from the subject up to an owner', () => {
    const up = traceUpstream(
      contextOf(snapshot(1, [org(1, 0), org(2), org(3, 2)], { relationships: [rel(2, 1, 'OWNS'), rel(3, 2, 'OWNS')] })),
    );
    expect(up.chainTo(3)).toEqual([1, 2, 3]);
  });
});
