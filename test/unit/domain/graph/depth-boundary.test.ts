import type { SnapshotEntity } from '../../../../domain/analysis/snapshot';
import { buildAnalysisGraph } from '../../../../domain/graph/build-analysis-graph';
import { classifyDepthBoundary } from '../../../../domain/graph/depth-boundary';
import { entity, Rel, snapshotOf } from './support/snapshot-builder';

/**
 * A chain 100 (subject) ← 1 ← 101 ← 2 (hops 0–3) and a snapshot depth of 2 or 3; the entities at
 * the last hop carry (or, in older snapshots, lack) the loader's `has_links_beyond_depth` flag.
 */
const rels: Rel[] = [
  [1, 100, 'PARTNER_OF'],
  [101, 1, 'OWNS', '50'],
  [2, 101, 'PARTNER_OF'],
  [102, 101, 'OWNS', '10'],
];
type Flag = boolean | undefined;
const flagged = (flag: Flag): Partial<SnapshotEntity> => (flag === undefined ? {} : { has_links_beyond_depth: flag });

function chain(maxDepth: number, flags: { e2?: Flag; e102?: Flag; e101?: Flag; subject?: Flag }) {
  const entities = [
    entity(100, 'organization', 0, flagged(flags.subject)),
    entity(1, 'person', 1),
    entity(101, 'organization', 2, flagged(flags.e101)),
    entity(2, 'person', 3, flagged(flags.e2)),
    entity(102, 'organization', 3, flagged(flags.e102)),
  ];
  const snapshot = snapshotOf({ subject: 100, entities: entities.filter((e) => e.hop <= maxDepth), rels });
  return { ...snapshot, network: { ...snapshot.network, max_depth: maxDepth } };
}

const graphOf = (maxDepth: number, flags: Parameters<typeof chain>[1], graphDepth = 4) =>
  buildAnalysisGraph(chain(maxDepth, flags), [], { maxDepth: graphDepth, maxNodes: 1000, uboThresholdPercent: 25 }).graph;
const truncatedPaths = (graph: ReturnType<typeof graphOf>) =>
  graph.paths
    .filter((p) => p.truncated)
    .map((p) => p.target_node_key)
    .sort();
const codes = (graph: ReturnType<typeof graphOf>) =>
  graph.limitations.map((l) => l.code).filter((c) => c.startsWith('snapshot_') || c.startsWith('graph_'));

describe('depth boundary: the loader flag makes truncation definite', () => {
  it.each<[string, number, Parameters<typeof chain>[1], string[], boolean, string[]]>([
    // name, snapshot depth, flags, truncated paths, graph.truncated, limitation codes
    [
      'older snapshot (no flag): every last-hop entity may have more, informational only',
      3,
      {},
      ['entity:102', 'entity:2'],
      false,
      ['snapshot_depth_boundary'],
    ],
    ['both flagged false: the boundary is complete, nothing is truncated', 3, { e2: false, e102: false }, [], false, []],
    [
      'one flagged true: only it is cut, and the graph says truncated',
      3,
      { e2: true, e102: false },
      ['entity:2'],
      true,
      ['snapshot_depth_limit'],
    ],
    ['both flagged true', 3, { e2: true, e102: true }, ['entity:102', 'entity:2'], true, ['snapshot_depth_limit']],
    [
      'mixed old and new entities keep both readings apart',
      3,
      { e2: true },
      ['entity:102', 'entity:2'],
      true,
      ['snapshot_depth_limit', 'snapshot_depth_boundary'],
    ],
    [
      'a truncated load stopped before max_depth: a flagged inner entity is cut too',
      3,
      { e101: true, e2: false, e102: false },
      ['entity:101'],
      true,
      ['snapshot_depth_limit'],
    ],
    ['the subject alone (depth 0) with links beyond', 0, { subject: true }, ['entity:100'], true, ['snapshot_depth_limit']],
    ['the subject alone (depth 0) without any link', 0, { subject: false }, [], false, []],
  ])('%s', (_name, depth, flags, paths, truncated, limitationCodes) => {
    const graph = graphOf(depth, flags);
    expect(truncatedPaths(graph)).toEqual(paths);
    expect(graph.truncated).toBe(truncated);
    expect(codes(graph)).toEqual(limitationCodes);
  });

  it('names the cut entities (a sample) and the snapshot depth', () => {
    const graph = graphOf(3, { e2: true, e102: true });
    expect(graph.limitations.find((l) => l.code === 'snapshot_depth_limit')).toEqual({
      code: 'snapshot_depth_limit',
      message: '2 entities at the edge of the enrichment (3 hops) have links to entities this analysis did not load.',
      details: { snapshot_max_depth: 3, boundary_entity_count: 2, boundary_entity_ids: [2, 102] },
      entity_id: 100,
    });
  });

  it('ignores flagged entities the graph does not show (its own depth bound reports them)', () => {
    const graph = graphOf(3, { e2: true, e102: true }, 2);
    expect(codes(graph)).toEqual(['graph_depth_limit']);
    expect(truncatedPaths(graph)).toEqual(['entity:101']);
  });

  it('keeps the exact reading of an older snapshot, so that replaying it rebuilds the same graph', () => {
    const boundary = classifyDepthBoundary(chain(3, {}), [100, 1, 101, 2, 102]);
    expect(boundary).toEqual({
      cut: [2, 102],
      truncated: false,
      limitations: [
        {
          code: 'snapshot_depth_boundary',
          message: 'Entities 3 hops from the subject were loaded without their further links.',
          details: { snapshot_max_depth: 3, boundary_entity_count: 2, boundary_entity_ids: [2, 102] },
          entity_id: 100,
        },
      ],
    });
  });
});
