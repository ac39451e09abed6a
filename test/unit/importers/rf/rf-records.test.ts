import { parseCompany, parseSimples } from '../../../../importers/rf/rf-records';

describe('Receita Federal companies and Simples options', () => {
  it('reads companies with a decimal-comma capital and rejects a bad one', () => {
    expect(parseCompany(['12ABC345', 'CAFÉ SÃO JOSÉ LTDA', '2062', '49', '1000,50', '03', ''])).toMatchObject({
      ok: true,
      value: { capitalSocial: '1000.50', normalizedName: 'CAFE SAO JOSE LTDA', sizeCode: '3' },
    });
    expect(parseCompany(['12ABC345', 'X', '2062', '49', '10.00', '03', '']).ok).toBe(false);
  });

  it('reads Simples options and dates', () => {
    expect(parseSimples(['12ABC345', 'S', '20200101', '00000000', 'N', '0', '0'])).toEqual({
      ok: true,
      value: { root: '12ABC345', simples: true, simplesStart: '2020-01-01', simplesEnd: null, mei: false, meiStart: null, meiEnd: null },
    });
  });
});
