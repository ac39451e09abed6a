import { completeCpf, formatCpf, isMaskedCpf, isValidCpf, maskCpf } from '../../../../domain/documents/cpf';

describe('CPF', () => {
  it.each([
    ['52998224725', true],
    ['11144477735', true],
    ['52998224724', false],
    ['11111111111', false],
    ['1234567890', false],
  ])('%s valid=%s', (cpf, valid) => expect(isValidCpf(cpf)).toBe(valid));

  it.each([
    ['529982247', '52998224725'],
    ['111444777', '11144477735'],
  ])('completes CPF %s → %s', (base, cpf) => {
    expect(completeCpf(base)).toBe(cpf);
    expect(isValidCpf(completeCpf(base))).toBe(true);
  });

  it('formats with punctuation', () => expect(formatCpf('52998224725')).toBe('529.982.247-25'));

  it.each([
    ['***982247**', true],
    ['52998224725', false],
  ])('isMaskedCpf(%s) = %s', (value, masked) => expect(isMaskedCpf(value)).toBe(masked));

  it('masks as Receita Federal publishes partners', () => expect(maskCpf('52998224725')).toBe('***982247**'));
});
