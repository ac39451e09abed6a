import { applyExpansions } from '../../../../../domain/graph/expansion/apply-expansions';
import { base, expand } from './support/expansion-fixtures';

describe('applying expansions to the analysis graph', () => {
  const first = expand(base, []);

  it('marks the expanded node and leaves the analysis-time graph untouched', () => {
    const view = applyExpansions(base, [first]);
    expect(view.graph.nodes.find((n) => n.key === 'entity:1')!.is_expanded).toBe(true);
    expect(base.graph.nodes.find((n) => n.key === 'entity:1')!.is_expanded).toBe(false);
    expect(view.graph.nodes).toHaveLength(3);
  });
});
