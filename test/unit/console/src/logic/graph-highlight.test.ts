import { buildGraphModel } from '../../../../../console/src/logic/graph-model';
import { highlightForPath, highlightForSignal } from '../../../../../console/src/logic/graph-highlight';
import { graphResponse } from '../../../../support/console-graph-fixture';

describe('what the explorer lights', () => {
  const model = buildGraphModel(graphResponse())!;

  it('lights a signal with every node and edge of its paths, and nothing for an unknown code', () => {
    const lit = highlightForSignal(graphResponse(), model, 'SANCTION_ACTIVE_NETWORK')!;
    expect([...lit.nodes].sort()).toEqual(['entity:1', 'entity:2', 'entity:3']);
    expect([...lit.edges].sort()).toEqual(['edge:rel:1', 'edge:rel:2']);
    expect(highlightForSignal(graphResponse(), model, 'NOPE')).toBeNull();
  });

  it('lights the path from the subject to a node', () => {
    const lit = highlightForPath(model, 'entity:3')!;
    expect([...lit.edges]).toEqual(['edge:rel:1', 'edge:rel:2']);
    expect(highlightForPath(model, 'entity:404')).toBeNull();
  });
});
