import { stronglyConnectedComponents } from '../../../../domain/snapshot-facts/strongly-connected';

const run = (nodes: number[], edges: [number, number][]) => {
  const next = new Map<number, number[]>();
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b]);
  return stronglyConnectedComponents(nodes, (n) => next.get(n) ?? []);
};

describe('strongly connected components (Tarjan, iterative)', () => {
  it.each([
    ['isolated nodes', [1, 2], [], [[1], [2]], []],
    [
      'a chain: downstream components first',
      [1, 2, 3],
      [
        [1, 2],
        [2, 3],
      ],
      [[3], [2], [1]],
      [],
    ],
    [
      'a cycle is one component',
      [1, 2, 3],
      [
        [1, 2],
        [2, 3],
        [3, 1],
      ],
      [[3, 2, 1]],
      [1, 2, 3],
    ],
    [
      'a self loop is cyclic on its own',
      [1, 2],
      [
        [1, 1],
        [1, 2],
      ],
      [[2], [1]],
      [1],
    ],
    [
      'a cycle and a tail',
      [1, 2, 3],
      [
        [1, 2],
        [2, 1],
        [2, 3],
      ],
      [[3], [2, 1]],
      [1, 2],
    ],
  ] as [string, number[], [number, number][], number[][], number[]][])('%s', (_name, nodes, edges, components, cyclic) => {
    const result = run(nodes, edges);
    expect(result.components).toEqual(components);
    expect([...result.cyclic].sort((a, b) => a - b)).toEqual(cyclic);
  });

  it('walks a 20 000-node chain without overflowing the stack', () => {
    const n = 20_000;
    const result = run(
      Array.from({ length: n }, (_, i) => i),
      Array.from({ length: n - 1 }, (_, i) => [i, i + 1] as [number, number]),
    );
    expect(result.components).toHaveLength(n);
  });
});
