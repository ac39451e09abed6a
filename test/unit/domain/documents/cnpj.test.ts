import { completeCnpj, formatCnpj, isValidCnpj } from '../../../../domain/documents/cnpj';

describe('CNPJ', () => {
  it.each([
    ['11222333000181', true],
    ['11222333000180', false],
    ['00000000000000', false],
    // Receita Federal's published alphanumeric example
    ['12ABC34501DE35', true],
    ['12ABC34501DE36', false],
  ])('%s valid=%s', (cnpj, valid) => expect(isValidCnpj(cnpj)).toBe(valid));

  it.each([
    ['112223330001', '11222333000181'],
    ['12ABC34501DE', '12ABC34501DE35'],
  ])('completes the check digits of base %s → %s', (base, cnpj) => expect(completeCnpj(base)).toBe(cnpj));

  it.each([
    ['12ABC34501DE35', '12.ABC.345/01DE-35'],
    ['11222333000181', '11.222.333/0001-81'],
  ])('formats %s → %s', (cnpj, expected) => expect(formatCnpj(cnpj)).toBe(expected));

  it('keeps check digits valid through formatting round trips', () =>
    expect(isValidCnpj(formatCnpj('11222333000181').replace(/[./-]/g, ''))).toBe(true));
});
