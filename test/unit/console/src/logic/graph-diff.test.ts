import { diffGraphModels } from '../../../../../console/src/logic/graph-diff';
import { buildGraphModel } from '../../../../../console/src/logic/graph-model';
import { edge, graphResponse, node } from '../../../../support/console-graph-fixture';

describe('what an expansion adds', () => {
  const model = buildGraphModel(graphResponse())!;

  it('finds what an expansion added and which nodes became expanded', () => {
    const grown = graphResponse();
    grown.graph!.nodes.push(node(5));
    grown.graph!.nodes[2] = { ...grown.graph!.nodes[2], is_expanded: true };
    grown.graph!.edges.push(edge('edge:rel:8', 5, 3));
    const diff = diffGraphModels(model, buildGraphModel(grown)!);
    expect(diff.nodes.map((n) => n.key)).toEqual(['entity:5']);
    expect(diff.edges.map((e) => e.key)).toEqual(['edge:rel:8']);
    expect(diff.changed.map((n) => n.key)).toEqual(['entity:3']);
  });
});
