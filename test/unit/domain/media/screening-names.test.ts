import { relationOf, screeningNamesOf } from '../../../../domain/media/screening-names';

describe('names to screen', () => {
  it('takes display, legal and trade names once each; persons only their display name', () => {
    expect(screeningNamesOf({ entity_id: 5, entity_type: 'organization', display_name: 'ACME METAIS', profile: { legal_name: 'Acme Metais Ltda', trade_name: 'Acme  Metais', title: 'ACME' } })).toEqual([
      { entity_id: 5, name: 'ACME METAIS', kind: 'organization', source: 'display_name' },
      { entity_id: 5, name: 'Acme Metais Ltda', kind: 'organization', source: 'legal_name' },
      { entity_id: 5, name: 'ACME', kind: 'organization', source: 'trade_name' },
    ]);
    expect(screeningNamesOf({ entity_id: 6, entity_type: 'person', display_name: 'Ana Lima', profile: { legal_name: 'x' } }, 'partner')).toEqual([{ entity_id: 6, name: 'Ana Lima', kind: 'person', source: 'partner' }]);
  });

  it.each([
    ['PARTNER_OF', 'Sócio-Administrador', 'administrator'],
    ['PARTNER_OF', 'Sócio', 'partner'],
    ['ADMINISTERS', null, 'administrator'],
    ['OWNS', null, 'partner'],
  ])('%s / %s → %s', (type, role, expected) => expect(relationOf(type, role)).toBe(expected));
});
