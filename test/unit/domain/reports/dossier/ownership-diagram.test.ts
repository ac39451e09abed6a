import { estimatedWidth, ownershipDiagram, type OwnershipChain } from '../../../../../domain/reports/dossier/ownership-diagram';

const owner = (...chain: string[]): OwnershipChain => ({ chain, end: 'owner', ownershipPercentage: 60 });

describe('ownership diagram', () => {
  it.each([
    ['no chain', [], null],
    ['a chain of the subject alone', [{ chain: ['S'], end: 'owner', ownershipPercentage: null }], null],
  ] as [string, OwnershipChain[], null][])('draws nothing for %s', (_name, chains, expected) => {
    expect(ownershipDiagram('S', chains)).toBe(expected);
  });

  it.each([
    [
      'one direct owner',
      [owner('S', 'Ana')],
      [
        ['Ana', 1],
        ['S', 1],
      ],
      1,
    ],
    [
      'two direct owners side by side',
      [owner('S', 'Ana'), owner('S', 'Bia')],
      [
        ['Ana', 2],
        ['Bia', 2],
        ['S', 1],
      ],
      2,
    ],
    [
      'a holding drawn once for two owners above it',
      [owner('S', 'H', 'Ana'), owner('S', 'H', 'Bia')],
      [
        ['Ana', 2],
        ['Bia', 2],
        ['H', 1],
        ['S', 1],
      ],
      3,
    ],
    [
      'an unresolved chain ending on a company',
      [{ chain: ['S', 'Offshore'], end: 'unresolved', ownershipPercentage: null }],
      [
        ['Offshore', 1],
        ['S', 1],
      ],
      1,
    ],
  ] as [string, OwnershipChain[], [string, number][], number][])(
    '%s: boxes by layer from the top and one arrow per holding',
    (_name, chains, boxes, edges) => {
      const d = ownershipDiagram('S', chains)!;
      // [name, how many boxes share its row]
      expect(d.boxes.map((b) => [b.id, d.boxes.filter((x) => x.y === b.y).length])).toEqual(boxes);
      expect(d.edges).toHaveLength(edges);
      expect(d.boxes.at(-1)).toMatchObject({ id: 'S', tone: 'subject', lines: ['S'], caption: ['cliente analisado'] });
    },
  );

  it('points every arrow from the bottom of the holder to the top of the company held, inside the drawing', () => {
    const d = ownershipDiagram('S', [
      owner('S', 'H', 'Ana'),
      owner('S', 'Bia'),
      { chain: ['S', 'H', 'Offshore'], end: 'unresolved', ownershipPercentage: null },
    ])!;
    const box = (id: string) => d.boxes.find((b) => b.id === id)!;
    for (const e of d.edges) {
      const [from, to] = [box(e.from), box(e.to)];
      expect(e.points[0]).toEqual({ x: from.x + from.width / 2, y: from.y + from.height });
      expect(e.points.at(-1)).toEqual({ x: to.x + to.width / 2, y: to.y });
    }
    for (const b of d.boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(d.width + 0.01);
      expect(b.y + b.height).toBeLessThanOrEqual(d.height);
    }
    expect(box('Ana').caption).toEqual(['beneficiário final', '60% de participação']);
    expect(box('Offshore')).toMatchObject({ tone: 'unresolved', lines: ['Offshore'], caption: ['cadeia sem pessoa natural'] });
    expect(box('H')).toMatchObject({ tone: 'intermediate', lines: ['H'], caption: ['empresa intermediária'] });
  });

  it('wraps a long name on two lines and cuts what does not fit', () => {
    const long = 'Companhia Brasileira de Participações e Empreendimentos Imobiliários do Centro-Oeste Limitada';
    const d = ownershipDiagram(
      'S',
      Array.from({ length: 5 }, (_, i) => owner('S', `${long} ${i}`)),
    )!;
    for (const box of d.boxes) {
      expect(box.lines.length).toBeLessThanOrEqual(2);
      for (const line of box.lines) expect(estimatedWidth(line, 8, true)).toBeLessThanOrEqual(box.width - 12);
      for (const line of box.caption) expect(estimatedWidth(line, 7, false)).toBeLessThanOrEqual(box.width - 12);
    }
    expect(d.boxes[0].lines[1].endsWith('…')).toBe(true);
    // Capitals take more room than lower case: the same name in capitals wraps sooner.
    expect(estimatedWidth('MARCELO CONCEIÇÃO ALVES', 8, true)).toBeGreaterThan(estimatedWidth('Marcelo Conceição Alves', 8, true));
  });
});
