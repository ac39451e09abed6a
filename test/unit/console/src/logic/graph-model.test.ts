import { buildGraphModel, declaredPercent, nodeKeyOf } from '../../../../../console/src/logic/graph-model';
import { graphResponse } from '../../../../support/console-graph-fixture';

describe('the explorer model of an analysis graph', () => {
  const model = buildGraphModel(graphResponse())!;
  const byKey = new Map(model.nodes.map((n) => [n.key, n]));

  it.each([
    ['the subject is the root', 'entity:1', { isRoot: true, isPep: false, isSanctioned: false, uboPercent: null }],
    ['a network PEP carries the PEP badge', 'entity:2', { isRoot: false, isPep: true, isSanctioned: false, uboPercent: null }],
    [
      'the sanctioned node is the end of the signal path, not the way to it',
      'entity:3',
      { isRoot: false, isPep: false, isSanctioned: true, uboPercent: null },
    ],
    ['a beneficial owner carries its percentage', 'entity:4', { isRoot: false, isPep: false, isSanctioned: false, uboPercent: 60 }],
  ])('%s', (_why, key, expected) => {
    expect(byKey.get(key)).toMatchObject(expected);
  });

  it('keys proceedings apart from entities and drops an edge to a node outside the cut', () => {
    expect(nodeKeyOf('AdministrativeProceeding', 9)).toBe('proceeding:9');
    expect(byKey.get('proceeding:9')?.kind).toBe('proceeding');
    expect(model.edges.map((e) => e.key)).toEqual(['edge:rel:1', 'edge:rel:2', 'edge:decl:5', 'edge:party:9:1']);
    expect(model.edges.find((e) => e.key === 'edge:party:9:1')).toMatchObject({ source: 'proceeding:9', target: 'entity:1' });
  });

  it('marks the owner chain and reads the declared share of a declaration edge', () => {
    expect(model.edges.find((e) => e.key === 'edge:decl:5')).toMatchObject({ isUbo: true, percent: 60 });
    expect(model.edges.find((e) => e.key === 'edge:rel:1')).toMatchObject({ isUbo: false, percent: null });
    expect(declaredPercent('A → B (declared 91.000000%)')).toBe(91);
    expect(declaredPercent('A → B (OWNS)')).toBeNull();
  });

  it('keeps truncation and the signal list as the api gives them', () => {
    expect(model.truncated).toBe(true);
    expect(model.signalCodes).toEqual(['SANCTION_ACTIVE_NETWORK', 'PEP_ASSOCIATE_DIRECT']);
  });

  it('is null while the graph is not built', () => {
    expect(buildGraphModel({ ...graphResponse(), graph: null })).toBeNull();
  });
});
