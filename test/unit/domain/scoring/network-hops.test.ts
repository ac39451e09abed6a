import { networkHops } from '../../../../domain/scoring/network-hops';
import { declaration, entity, rel, snapshot } from './support/snapshot-builder';

describe('hops and shortest paths from the subject', () => {
  const hops = networkHops(
    snapshot(1, [entity(1, 'organization', 'S')], {
      relationships: [rel(2, 1, 'PARTNER_OF'), rel(3, 1, 'OWNS', { is_active: false }), rel(2, 4, 'PARTNER_OF'), rel(3, 4, 'OWNS')],
      ownership_declarations: [declaration(1, 5, 4)],
    }),
  );
  it.each([
    ['the subject', 1, 0, [1]],
    ['a direct link, either direction', 2, 1, [1, 2]],
    ['an inactive link still connects', 3, 1, [1, 3]],
    ['two shortest paths: through the smaller id', 4, 2, [1, 2, 4]],
    ['through a declaration', 5, 3, [1, 2, 4, 5]],
    ['unreachable', 9, undefined, [9]],
  ])('%s', (_name, id, hop, path) => {
    expect(hops.hop(id)).toBe(hop);
    expect(hops.pathTo(id)).toEqual(path);
  });
});
