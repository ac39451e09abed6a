import { hopsFrom, placeNewNodes, radialLayout } from '../../../../../console/src/logic/graph-layout';

const links = [
  { source: 'b', target: 'root' },
  { source: 'root', target: 'c' },
  { source: 'b', target: 'd' },
  { source: 'd', target: 'e' },
];
const keys = ['root', 'b', 'c', 'd', 'e', 'island'];

describe('the radial layout of the explorer', () => {
  it('counts hops over links in either direction and leaves unreachable nodes out', () => {
    expect(Object.fromEntries(hopsFrom('root', keys, links))).toEqual({ root: 0, b: 1, c: 1, d: 2, e: 3 });
  });

  it('puts the subject at the centre and each node on the ring of its hop', () => {
    const positions = radialLayout('root', keys, links);
    const radius = (k: string) => Math.round(Math.hypot(positions.get(k)!.x, positions.get(k)!.y));
    expect(positions.get('root')).toEqual({ x: 0, y: 0 });
    expect([radius('b'), radius('c'), radius('d'), radius('e')]).toEqual([100, 100, 200, 300]);
    expect(radius('island')).toBe(400);
  });

  it('is deterministic whatever the order of its input', () => {
    const a = radialLayout('root', keys, links);
    const b = radialLayout('root', [...keys].reverse(), [...links].reverse());
    expect([...a.entries()].sort()).toEqual([...b.entries()].sort());
  });

  // Its speed is no unit test's business (a wall-clock budget fails on a slower machine only):
  // what 5,000 nodes must get is a place each, none on another.
  it('lays out 5,000 nodes, each at a place of its own', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `n${i}`);
    const tree = many.slice(1).map((k, i) => ({ source: `n${Math.floor(i / 4)}`, target: k }));
    const positions = radialLayout('n0', many, tree);
    expect(positions.size).toBe(5000);
    expect(new Set([...positions.values()].map((p) => JSON.stringify(p))).size).toBe(5000);
  });

  it('places added nodes beside the node they hang from without moving the others', () => {
    const positions = radialLayout('root', keys, links);
    const placed = placeNewNodes(
      positions,
      ['x', 'y', 'lonely'],
      [
        { source: 'x', target: 'e' },
        { source: 'e', target: 'y' },
      ],
    );
    const e = positions.get('e')!;
    for (const k of ['x', 'y']) {
      const p = placed.get(k)!;
      expect(Math.hypot(p.x, p.y)).toBeCloseTo(Math.hypot(e.x, e.y) + 60);
      expect(Math.hypot(p.x - e.x, p.y - e.y)).toBeLessThan(150);
    }
    expect(placed.has('lonely')).toBe(true);
    expect(placed.has('e')).toBe(false);
  });
});
