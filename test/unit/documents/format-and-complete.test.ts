import { formatCnpj, isValidCnpj } from '../../../domain/documents/cnpj';
import { completeCpf, formatCpf, isValidCpf } from '../../../domain/documents/cpf';

describe('generator helpers for documents', () => {
  it.each([
    ['529982247', '52998224725'],
    ['111444777', '11144477735'],
  ])('completes CPF %s → %s', (base, cpf) => {
    expect(completeCpf(base)).toBe(cpf);
    expect(isValidCpf(completeCpf(base))).toBe(true);
  });

  it.each([
    [formatCpf('52998224725'), '529.982.247-25'],
    [formatCnpj('12ABC34501DE35'), '12.ABC.345/01DE-35'],
    [formatCnpj('11222333000181'), '11.222.333/0001-81'],
  ])('formats %s', (formatted, expected) => expect(formatted).toBe(expected));

  it('keeps check digits valid through formatting round trips', () => expect(isValidCnpj(formatCnpj('11222333000181').replace(/[./-]/g, ''))).toBe(true));
});
