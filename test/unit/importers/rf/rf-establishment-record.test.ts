import { completeCnpj } from '../../../../domain/documents/cnpj';
import { parseEstablishment } from '../../../../importers/rf/rf-establishment-record';
import { establishmentRow } from '../../../support/registry-files';

// A headquarters with a trade name, two CNAEs and no phone or e-mail.
const estab = (cnpj: string, overrides: Record<number, string> = {}) =>
  establishmentRow(cnpj, '1', '02', { 4: 'FANTASIA', 12: '6201501,4711302', 21: '', 22: '', 27: '', ...overrides });

describe('Receita Federal establishments (ESTABELE)', () => {
  const alnum = completeCnpj('12ABC3450001');
  it('reads an establishment with an alphanumeric CNPJ', () => {
    const parsed = parseEstablishment(estab(alnum));
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        cnpj: alnum,
        root: '12ABC345',
        isHeadquarters: true,
        statusCode: '2',
        statusDate: '2020-01-01',
        startDate: '2019-03-15',
        secondaryCnaes: '6201501,4711302',
        address: 'RUA DAS FLORES, 12, CENTRO',
      },
    });
  });

  it.each([
    [estab(alnum).slice(0, 29), 'expected 30 columns'],
    [estab(`${alnum.slice(0, 13)}0`), 'check digits'],
    [estab(alnum, { 3: '3' }), 'identificador_matriz_filial'],
    [estab(alnum, { 10: '2019-03-15' }), 'data_inicio_atividade'],
  ])('rejects a malformed establishment (%#)', (fields, reason) => {
    const parsed = parseEstablishment(fields as string[]);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain(reason);
  });
});
