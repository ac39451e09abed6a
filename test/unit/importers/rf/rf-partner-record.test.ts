import { parsePartner } from '../../../../importers/rf/rf-partner-record';

describe('Receita Federal partners (SOCIOCSV)', () => {
  it.each([
    [
      ['12ABC345', '2', 'JOSÉ DA SILVA', '***982247**', '49', '20190315', '', '***000000**', '', '00', '6'],
      { kind: '2', document: '***982247**', ageRangeCode: 6, representativeDocument: null },
    ],
    [
      ['12ABC345', '1', 'HOLDING SA', '11222333000181', '22', '0', '', '', '', '', '0'],
      { kind: '1', document: '11222333000181', entryDate: null },
    ],
    [
      ['12ABC345', '3', 'FOREIGN LLC', '', '37', '20200101', '249', '***111222**', 'MARIA REP', '17', '0'],
      { kind: '3', document: null, representativeDocument: '***111222**', representativeQualificationCode: '17' },
    ],
  ])('reads partner %#', (fields, expected) => expect(parsePartner(fields)).toMatchObject({ ok: true, value: expected }));

  it.each([
    [['12ABC345', '2', 'JOSÉ', '52998224725', '49', '20190315', '', '', '', '', '6'], 'masked CPF'],
    [['12ABC345', '1', 'X', '11222333000180', '22', '0', '', '', '', '', '0'], 'partner CNPJ invalid'],
    [['12ABC345', '9', 'X', '', '22', '0', '', '', '', '', '0'], 'identificador_socio'],
  ])('rejects partner %#', (fields, reason) => {
    const parsed = parsePartner(fields);
    expect(!parsed.ok && parsed.reason).toContain(reason);
  });
});
