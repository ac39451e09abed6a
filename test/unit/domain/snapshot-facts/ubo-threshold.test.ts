import { buildAnalysisGraph } from '../../../../domain/graph/build-analysis-graph';
import { score } from '../scoring/support/score';
import { DEFAULT_UBO_THRESHOLD_PERCENT, resolveUboThresholdPercent } from '../../../../domain/snapshot-facts/ubo-threshold';
import { entity, rel, snapshot } from '../scoring/support/snapshot-builder';

describe('one default beneficial-ownership threshold for the graph and the profile', () => {
  it('is "more than 25 %"', () => expect(DEFAULT_UBO_THRESHOLD_PERCENT).toBe(25));

  it.each([
    [undefined, 25],
    [0, 0],
    [10.5, 10.5],
    [100, 100],
  ])('resolves %p to %p', (given, expected) => expect(resolveUboThresholdPercent(given)).toBe(expected));

  it.each([-1, 101, Number.NaN, Number.POSITIVE_INFINITY])('refuses %p', (given) =>
    expect(() => resolveUboThresholdPercent(given)).toThrow(/0 to 100/),
  );

  // Owners of 30 %, 25 % and 45 %: more than 25 % means two beneficial owners, not three.
  const input = snapshot(1, [entity(1, 'organization', 'Subject'), ...[2, 3, 4].map((id) => entity(id, 'person', `P${id}`, { hop: 1 }))], {
    relationships: [
      rel(2, 1, 'OWNS', { ownership_percentage: '30' }),
      rel(3, 1, 'OWNS', { ownership_percentage: '25' }),
      rel(4, 1, 'OWNS', { ownership_percentage: '45' }),
    ],
  });
  it.each([
    ['both defaults', undefined, 2],
    ['both given 25', 25, 2],
    ['both given 20', 20, 3],
    ['both given 40', 40, 1],
  ])('%s → %i owners in the graph and in ubo_count', (_name, threshold, owners) => {
    const graph = buildAnalysisGraph(input, [], { maxDepth: 4, maxNodes: 100, uboThresholdPercent: threshold });
    const verdict = score(input, { uboThresholdPercent: threshold });
    expect(graph.ubo_findings).toHaveLength(owners);
    expect(verdict.subject.ubo_count).toBe(owners);
  });

  it.each([
    [20, 3],
    [40, 1],
  ])('a snapshot frozen with threshold %i gives %i owners in the graph and in ubo_count without any option', (threshold, owners) => {
    const frozen = { ...input, parameters: { ubo_threshold_percent: threshold } };
    expect(buildAnalysisGraph(frozen, [], { maxDepth: 4, maxNodes: 100 }).ubo_findings).toHaveLength(owners);
    expect(score(frozen, {}).subject.ubo_count).toBe(owners);
  });
});
