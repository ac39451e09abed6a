import { relatedPartiesOf, relationOf, screeningNamesOf } from '../../../../domain/media/screening-names';

describe('names to screen', () => {
  it('takes display, legal and trade names once each; persons only their display name', () => {
    expect(
      screeningNamesOf({
        entity_id: 5,
        entity_type: 'organization',
        display_name: 'ACME METAIS',
        profile: { legal_name: 'Acme Metais Ltda', trade_name: 'Acme  Metais', title: 'ACME' },
      }),
    ).toEqual([
      { entity_id: 5, name: 'ACME METAIS', kind: 'organization', source: 'display_name' },
      { entity_id: 5, name: 'Acme Metais Ltda', kind: 'organization', source: 'legal_name' },
      { entity_id: 5, name: 'ACME', kind: 'organization', source: 'trade_name' },
    ]);
    expect(
      screeningNamesOf({ entity_id: 6, entity_type: 'person', display_name: 'Ana Lima', profile: { legal_name: 'x' } }, 'partner'),
    ).toEqual([{ entity_id: 6, name: 'Ana Lima', kind: 'person', source: 'partner' }]);
  });

  it.each([
    ['PARTNER_OF', 'Sócio-Administrador', 'administrator'],
    ['PARTNER_OF', 'Sócio', 'partner'],
    ['ADMINISTERS', null, 'administrator'],
    ['OWNS', null, 'partner'],
  ])('%s / %s → %s', (type, role, expected) => expect(relationOf(type, role)).toBe(expected));
});

describe('the related parties of an organization', () => {
  const entity = (id: number) => ({ entity_id: id, entity_type: 'person', display_name: `P${id}` });
  const row = (id: number, type: string, role: string | null = null) => ({
    entity: entity(id),
    relationship_type: type,
    relationship_role: role,
  });
  it.each([
    ['a partner', [row(1, 'PARTNER_OF', 'Sócio')], 100, [[1, 'partner']], false],
    [
      'partner and administrator: the administrator',
      [row(1, 'PARTNER_OF', 'Sócio'), row(1, 'ADMINISTERS')],
      100,
      [[1, 'administrator']],
      false,
    ],
    [
      'administrator first, then partner: still the administrator',
      [row(1, 'ADMINISTERS'), row(1, 'OWNS')],
      100,
      [[1, 'administrator']],
      false,
    ],
    [
      'more than the limit: truncated',
      [row(1, 'OWNS'), row(2, 'OWNS'), row(3, 'OWNS')],
      2,
      [
        [1, 'partner'],
        [2, 'partner'],
      ],
      true,
    ],
  ] as const)('%s', (_, rows, limit, related, truncated) => {
    const parties = relatedPartiesOf([...rows], limit);
    expect(parties.related.map((p) => [p.entity.entity_id, p.relatedAs])).toEqual(related);
    expect(parties.relatedTruncated).toBe(truncated);
  });
});
