import { collectOwnershipLinks } from '../../../../../domain/graph/ubo/ownership-links';
import { toPercentNumber, type Rational } from '../../../../../domain/graph/ubo/rational';
import { entitiesFor, Rel, snapshotOf } from '../support/snapshot-builder';

const pct = (r: Rational | null) => (r === null ? null : toPercentNumber(r));
const linksOf = (rels: Rel[], declarations: Parameters<typeof snapshotOf>[0]['declarations'] = [], target?: number) =>
  collectOwnershipLinks(snapshotOf({ subject: 100, entities: entitiesFor([1, 2, 100, 101, 102]), rels, declarations }), target).map(
    (l) => ({
      pair: `${l.owner}>${l.owned}`,
      share: pct(l.share),
      voting: pct(l.voting),
      controls: l.controls,
      capital: l.carriesCapital,
      keys: l.edgeKeys,
    }),
  );

describe("ownership links of the UBO computation (on the kernel's ownership edges)", () => {
  it.each<[string, Rel[], Parameters<typeof snapshotOf>[0]['declarations'], object[]]>([
    [
      'OWNS with a share; votes follow the share',
      [[1, 100, 'OWNS', '40']],
      [],
      [{ pair: '1>100', share: 40, voting: 40, controls: false, capital: true, keys: ['edge:rel:1000'] }],
    ],
    [
      'PARTNER_OF without a share',
      [[1, 100, 'PARTNER_OF']],
      [],
      [{ pair: '1>100', share: null, voting: null, controls: false, capital: true, keys: ['edge:rel:1000'] }],
    ],
    [
      'CONTROLS without a share gives control, no capital',
      [[1, 100, 'CONTROLS']],
      [],
      [{ pair: '1>100', share: null, voting: null, controls: true, capital: false, keys: ['edge:rel:1000'] }],
    ],
    [
      'BRANCH_OF: the headquarters holds the whole branch',
      [[100, 101, 'BRANCH_OF']],
      [],
      [{ pair: '101>100', share: 100, voting: 100, controls: true, capital: true, keys: ['edge:rel:1000'] }],
    ],
    [
      'two records of one pair merge: largest share, never summed',
      [
        [1, 100, 'OWNS', '30'],
        [1, 100, 'PARTNER_OF', '45'],
      ],
      [],
      [{ pair: '1>100', share: 45, voting: 45, controls: false, capital: true, keys: ['edge:rel:1000', 'edge:rel:1001'] }],
    ],
    [
      'a direct declaration with an exact share',
      [],
      [{ owner_entity_id: 2, share_exact: '60' }],
      [{ pair: '2>100', share: 60, voting: 60, controls: false, capital: true, keys: ['edge:decl:500'] }],
    ],
    ['an indirect declaration carries no link', [], [{ owner_entity_id: 2, share_exact: '60', is_direct: false }], []],
    [
      'a declaration of votes only',
      [],
      [{ owner_entity_id: 2, share_exact: '60', interest_types: ['votingRights'] }],
      [{ pair: '2>100', share: null, voting: 60, controls: false, capital: false, keys: ['edge:decl:500'] }],
    ],
    [
      'a link the registry flagged ended, even dated in the future',
      [[1, 100, 'OWNS', '40', { is_active: false, valid_to: '2030-01-01' }]],
      [],
      [],
    ],
  ])('%s', (_name, rels, declarations, expected) => expect(linksOf(rels, declarations)).toEqual(expected));

  it('keeps, with a target, only the links on a chain up to it', () => {
    expect(
      linksOf(
        [
          [1, 101, 'OWNS', '50'],
          [101, 100, 'OWNS', '50'],
          [2, 102, 'OWNS', '100'],
        ],
        [],
        100,
      ).map((l) => l.pair),
    ).toEqual(['101>100', '1>101']);
  });
});
