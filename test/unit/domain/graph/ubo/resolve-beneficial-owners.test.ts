import { resolveBeneficialOwners } from '../../../../../domain/graph/ubo/resolve-beneficial-owners';
import { entitiesFor, entity, Rel, snapshotOf } from '../support/snapshot-builder';

// Persons 1–99, organizations 100+; the subject is 100.
const resolve = (
  ids: number[],
  rels: Rel[],
  extra: Parameters<typeof snapshotOf>[0] extends infer T ? Partial<T> : never = {},
  threshold = 25,
) => resolveBeneficialOwners(snapshotOf({ subject: 100, entities: entitiesFor(ids), rels, ...extra }), threshold);
const finding = (r: ReturnType<typeof resolve>, id: number) => r.findings.find((f) => f.beneficial_owner.entity_id === id);

describe('beneficial owners: control, declarations, unknown data', () => {
  it.each([
    {
      name: 'majority voting at every layer gives control with a small economic share (P 51% of A, A 51% of T → 26.01% and control)',
      rels: [
        [1, 101, 'OWNS', '51'],
        [101, 100, 'OWNS', '51'],
        [2, 101, 'OWNS', '49'],
        [3, 100, 'OWNS', '49'],
      ] as Rel[],
      owner: 1,
      expected: {
        beneficial_ownership_type: 'computed_ownership',
        control_type: 'both',
        ownership_percentage: 26.01,
        voting_percentage: 51,
        control_chain_depth: 2,
        is_direct: false,
      },
    },
    {
      name: 'control without ownership above the threshold: P 60% of A, A 60% of B, B 60% of T → 21.6%, control over 3 layers',
      rels: [
        [1, 101, 'OWNS', '60'],
        [101, 102, 'OWNS', '60'],
        [102, 100, 'OWNS', '60'],
        [2, 101, 'OWNS', '40'],
        [2, 102, 'OWNS', '40'],
        [3, 100, 'OWNS', '40'],
      ] as Rel[],
      owner: 1,
      expected: {
        beneficial_ownership_type: 'control',
        control_type: 'voting',
        ownership_percentage: 21.6,
        voting_percentage: 60,
        control_chain_depth: 3,
      },
    },
    {
      name: 'control pieced together from two controlled holders (30% + 30%)',
      rels: [
        [1, 101, 'OWNS', '100'],
        [1, 102, 'OWNS', '100'],
        [101, 100, 'OWNS', '20'],
        [102, 100, 'OWNS', '20'],
        [2, 100, 'OWNS', '60'],
      ] as Rel[],
      owner: 1,
      expected: {
        beneficial_ownership_type: 'computed_ownership',
        ownership_percentage: 40,
        control_type: 'ownership',
        voting_percentage: 40,
      },
    },
    {
      name: 'a CONTROLS link gives control without capital',
      rels: [
        [1, 100, 'CONTROLS'],
        [2, 100, 'OWNS', '100'],
      ] as Rel[],
      owner: 1,
      expected: {
        beneficial_ownership_type: 'control',
        control_type: 'voting',
        ownership_percentage: 0,
        control_chain_depth: 1,
        is_direct: true,
      },
    },
    {
      name: 'separate voting percentage: 20% of capital but 60% of votes',
      rels: [
        [1, 100, 'OWNS', '20', { voting_percentage: '60' }],
        [2, 100, 'OWNS', '80', { voting_percentage: '40' }],
      ] as Rel[],
      owner: 1,
      expected: { beneficial_ownership_type: 'control', voting_percentage: 60, ownership_percentage: 20 },
    },
    {
      name: 'a known lower bound above the threshold plus an unknown holding: probable, with a limitation',
      rels: [
        [1, 100, 'OWNS', '30'],
        [101, 100, 'PARTNER_OF', null],
        [1, 101, 'PARTNER_OF', null],
      ] as Rel[],
      owner: 1,
      expected: {
        beneficial_ownership_type: 'computed_ownership',
        status: 'probable',
        ownership_percentage: 30,
        confidence_level: 'medium',
      },
    },
  ])('$name', ({ rels, owner, expected }) => {
    const ids = [...new Set(rels.flatMap(([s, t]) => [s, t]))];
    expect(finding(resolve(ids, rels), owner)).toMatchObject(expected);
  });

  it('unknown percentages: a null percentage and a limitation instead of an invented number', () => {
    const r = resolve([1, 100], [[1, 100, 'PARTNER_OF', null]]);
    expect(finding(r, 1)).toMatchObject({
      beneficial_ownership_type: 'registry_partner',
      source: 'registry_partner_data',
      ownership_percentage: null,
      status: 'unverified',
      confidence_level: 'medium',
    });
    expect(finding(r, 1)!.limitations.map((l) => l.code)).toEqual(['ownership_percentage_unknown']);
    expect(r.resolution).toEqual({ fully_resolved: false, has_upstream_ownership: true, unresolved: [] });
  });

  it('BODS declarations: declared_ubo with the declared share; a discrepancy with the registry chains is flagged', () => {
    const r = resolve(
      [1, 2, 100],
      [
        [1, 100, 'OWNS', '50'],
        [2, 100, 'OWNS', '50'],
      ],
      {
        declarations: [
          { owner_entity_id: 1, share_exact: '50.000000', statement_id: 'a' },
          { owner_entity_id: 2, share_exact: '30.000000', statement_id: 'b', interest_types: ['shareholding', 'votingRights'] },
        ],
      },
    );
    expect(finding(r, 1)).toMatchObject({
      beneficial_ownership_type: 'declared_ubo',
      source: 'declared_beneficial_ownership',
      confidence_level: 'high',
      status: 'confirmed',
      ownership_percentage: 50,
      control_type: 'ownership',
    });
    expect(finding(r, 2)).toMatchObject({ status: 'discrepancy', ownership_percentage: 30, control_type: 'both' });
    expect(finding(r, 2)!.limitations[0]).toMatchObject({
      code: 'declared_differs_from_computed',
      details: { declared_percentage: 30, computed_percentage: 50 },
    });
  });

  it('a declaration alone (no registry link) names the owner; an ended one does not', () => {
    const r = resolve([1, 2, 100], [], {
      declarations: [
        { owner_entity_id: 1, share_exact: '100' },
        { owner_entity_id: 2, share_exact: '100', end_date: '2020-01-01' },
      ],
    });
    expect(r.findings.map((f) => f.beneficial_owner.entity_id)).toEqual([1]);
    expect(r.resolution).toMatchObject({ has_upstream_ownership: true, fully_resolved: true });
  });

  it('chains ending at a foreign entity or an organization without known owners are unresolved', () => {
    const entities = [entity(100), entity(1, 'person'), entity(101, 'organization'), entity(102, 'foreign_entity')];
    const r = resolveBeneficialOwners(
      snapshotOf({
        subject: 100,
        entities,
        rels: [
          [1, 100, 'OWNS', '40'],
          [101, 100, 'OWNS', '30'],
          [102, 100, 'OWNS', '30'],
        ],
      }),
      25,
    );
    expect(r.resolution!.fully_resolved).toBe(false);
    expect(r.resolution!.unresolved.map((u) => [u.entity.entity_id, u.entity.entity_type, u.paths[0].depth])).toEqual([
      [101, 'organization', 1],
      [102, 'foreign_entity', 1],
    ]);
    expect(r.resolution!.unresolved[0].paths[0]).toMatchObject({
      direction: 'incoming',
      root_node_key: { canonical_id: 100, label: 'Entity' },
      target_node_key: { canonical_id: 101, label: 'Entity' },
      edge_keys: ['edge:rel:1001'],
    });
  });

  it('an organization without any owner is itself unresolved; its managing official is the fallback', () => {
    const r = resolve([1, 100], [[1, 100, 'ADMINISTERS', null, { relationship_role: 'Diretor' }]]);
    expect(r.resolution).toMatchObject({
      fully_resolved: false,
      has_upstream_ownership: false,
      unresolved: [{ entity: { entity_id: 100 }, paths: [{ depth: 0, direction: 'self' }] }],
    });
    expect(r.findings).toEqual([
      expect.objectContaining({ beneficial_ownership_type: 'senior_managing_official', status: 'fallback', ownership_percentage: null }),
    ]);
  });

  it('a natural-person subject has no beneficial owners and a null resolution', () => {
    const r = resolveBeneficialOwners(
      snapshotOf({ subject: 5, entities: [entity(5, 'person'), entity(6, 'person')], rels: [[6, 5, 'FAMILY_OF']] }),
      25,
    );
    expect(r).toEqual({ findings: [], resolution: null, limitations: [] });
  });

  it.each([
    [10, [1, 3, 2]],
    [25, [1, 3]],
    [30, [1]],
    [50, []],
  ])('threshold %i%% → owners %j (largest first; "more than" the threshold)', (threshold, owners) => {
    const r = resolve(
      [1, 2, 3, 100],
      [
        [1, 100, 'OWNS', '45'],
        [2, 100, 'OWNS', '25'],
        [3, 100, 'OWNS', '30'],
      ],
      {},
      threshold,
    );
    expect(r.findings.map((f) => f.beneficial_owner.entity_id)).toEqual(owners);
  });

  it.each([
    ['holdings below 100%', [[1, 100, 'OWNS', '60']] as Rel[], 'ownership_incomplete', 60],
    [
      'holdings above 100%',
      [
        [1, 100, 'OWNS', '60'],
        [2, 100, 'OWNS', '60'],
      ] as Rel[],
      'ownership_exceeds_total',
      120,
    ],
  ])('data limitation: %s', (_name, rels, code, percent) => {
    const r = resolve([1, 2, 100], rels);
    expect(r.limitations).toEqual([expect.objectContaining({ code, entity_id: 100, details: expect.objectContaining({}) })]);
    expect(Object.values(r.limitations[0].details)[0]).toBe(percent);
  });
});
