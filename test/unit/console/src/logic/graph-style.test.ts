import {
  DIM_COLOR,
  PATH_EDGE_COLOR,
  UBO_EDGE_COLOR,
  drawnEdge,
  drawnNode,
  edgeColor,
  edgeLabel,
  edgeSize,
  nodeBadges,
  nodeColor,
  nodeSize,
  reduceEdge,
  reduceNode,
  severityColors,
  typeColors,
} from '../../../../../console/src/logic/graph-style';

const words = { pep: 'PEP', sanction: 'SANCTION', owner: 'OWNER' };
const pct = (p: number) => `${p}%`;

describe('how the explorer paints the graph', () => {
  it.each([
    ['severity wins over the kind', { severity: 'critical', kind: 'entity', entityType: 'person' }, severityColors.critical],
    [
      'an expansion node reads not evaluated',
      { severity: 'not_evaluated', kind: 'entity', entityType: 'person' },
      severityColors.not_evaluated,
    ],
    ['a clean person', { severity: 'clean', kind: 'entity', entityType: 'person' }, typeColors.person],
    ['a clean company', { severity: 'clean', kind: 'entity', entityType: 'organization' }, typeColors.organization],
    ['a clean proceeding', { severity: 'clean', kind: 'proceeding', entityType: null }, typeColors.proceeding],
    ['an unusual entity type', { severity: 'clean', kind: 'entity', entityType: 'vessel' }, typeColors.other],
  ] as const)('node colour: %s', (_why, node, color) => {
    expect(nodeColor(node)).toBe(color);
  });

  it.each([
    [{ isRoot: true, isPep: false, isSanctioned: false, uboPercent: null }, 100, 7 * 2.2],
    [{ isRoot: false, isPep: true, isSanctioned: false, uboPercent: null }, 100, 7 * 1.5],
    [{ isRoot: false, isPep: false, isSanctioned: false, uboPercent: null }, 1000, 4],
    [{ isRoot: false, isPep: false, isSanctioned: false, uboPercent: 30 }, 5000, 2.5 * 1.5],
  ])('node size %o in a graph of %i nodes is %d', (node, count, size) => {
    expect(nodeSize(node, count)).toBeCloseTo(size);
  });

  it('badges: PEP, sanction and owner with the percentage, in that order', () => {
    expect(nodeBadges({ isPep: true, isSanctioned: true, uboPercent: 38.37 }, words, pct)).toEqual(['PEP', 'SANCTION', 'OWNER 38.37%']);
    expect(nodeBadges({ isPep: false, isSanctioned: false, uboPercent: null }, words, pct)).toEqual([]);
  });

  it.each([
    ['an owner chain edge', { isUbo: true, risk: 'low', active: true }, UBO_EDGE_COLOR],
    ['a high-risk edge', { isUbo: false, risk: 'high', active: true }, severityColors.high],
    ['an ended edge is faint', { isUbo: false, risk: 'low', active: false }, '#e9ecef'],
  ])('edge colour: %s', (_why, e, color) => {
    expect(edgeColor(e)).toBe(color);
  });

  it('labels only owner-chain edges with their share, and draws them thicker', () => {
    expect(edgeLabel({ isUbo: true, percent: 60, type: 'OWNS' }, pct)).toBe('60%');
    expect(edgeLabel({ isUbo: false, percent: 60, type: 'OWNS' }, pct)).toBe('');
    expect(edgeSize({ isUbo: true }, 10)).toBeGreaterThan(edgeSize({ isUbo: false }, 10));
  });

  it('dims what a highlight leaves out and lifts what it lights', () => {
    const highlight = { code: 'X', nodes: new Set(['a']), edges: new Set(['e1']) };
    const attrs = { color: '#123456', size: 3, label: 'A' };
    expect(reduceNode('a', attrs, { highlight, selected: null })).toMatchObject({ color: '#123456', forceLabel: true });
    expect(reduceNode('b', attrs, { highlight, selected: null })).toMatchObject({ color: DIM_COLOR, label: null });
    expect(reduceNode('b', attrs, { highlight: null, selected: 'b' })).toMatchObject({ highlighted: true });
    expect(reduceNode('b', attrs, { highlight: null, selected: null })).toBe(attrs);
    expect(reduceEdge('e1', { ...attrs, size: 1 }, { highlight, selected: null })).toMatchObject({ color: PATH_EDGE_COLOR, size: 2.5 });
    expect(reduceEdge('e1', { ...attrs, color: UBO_EDGE_COLOR }, { highlight, selected: null }).color).toBe(UBO_EDGE_COLOR);
    expect(reduceEdge('e2', attrs, { highlight, selected: null })).toMatchObject({ color: DIM_COLOR });
  });

  it('gives sigma a node and an edge as the model describes them', () => {
    const node = {
      key: 'entity:1',
      name: 'ACME',
      kind: 'entity' as const,
      entityType: 'organization',
      severity: 'high',
      isRoot: true,
      isPep: false,
      isSanctioned: true,
      uboPercent: null,
      isExpanded: false,
      source: {} as never,
    };
    expect(drawnNode(node, 10, words, pct)).toEqual({
      label: 'ACME [SANCTION]',
      color: severityColors.high,
      size: 7 * 2.2,
      forceLabel: true,
      isRoot: true,
    });
    const edge = {
      key: 'e',
      source: 'a',
      target: 'b',
      type: 'OWNS',
      risk: 'low',
      isUbo: true,
      percent: 91,
      active: true,
      source_edge: {} as never,
    };
    expect(drawnEdge(edge, 10, pct)).toEqual({ color: UBO_EDGE_COLOR, size: 2.5, label: '91%', type: 'arrow' });
  });
});
