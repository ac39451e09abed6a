import { completeCnpj, isValidCnpj } from '../../../domain/documents/cnpj';
import { isMaskedCpf, isValidCpf, maskCpf } from '../../../domain/documents/cpf';
import { tryParseDocument } from '../../../domain/documents/parse-document';

describe('CPF', () => {
  it.each([
    ['52998224725', true],
    ['11144477735', true],
    ['52998224724', false],
    ['11111111111', false],
    ['1234567890', false],
  ])('%s valid=%s', (cpf, valid) => expect(isValidCpf(cpf)).toBe(valid));

  it('masks as Receita Federal publishes partners', () => {
    expect(maskCpf('52998224725')).toBe('***982247**');
    expect(isMaskedCpf('***982247**')).toBe(true);
    expect(isMaskedCpf('52998224725')).toBe(false);
  });
});

describe('CNPJ', () => {
  it.each([
    ['11222333000181', true],
    ['11222333000180', false],
    ['00000000000000', false],
    // Receita Federal's published alphanumeric example
    ['12ABC34501DE35', true],
    ['12ABC34501DE36', false],
  ])('%s valid=%s', (cnpj, valid) => expect(isValidCnpj(cnpj)).toBe(valid));

  it('completes check digits for numeric and alphanumeric bases', () => {
    expect(completeCnpj('112223330001')).toBe('11222333000181');
    expect(completeCnpj('12ABC34501DE')).toBe('12ABC34501DE35');
  });
});

describe('tryParseDocument', () => {
  it.each([
    ['529.982.247-25', { kind: 'cpf', value: '52998224725' }],
    ['11.222.333/0001-81', { kind: 'cnpj', value: '11222333000181' }],
    ['12.abc.345/01de-35', { kind: 'cnpj', value: '12ABC34501DE35' }],
    ['111.111.111-11', null],
    ['abc', null],
    ['', null],
  ])('%s → %j', (input, expected) => expect(tryParseDocument(input)).toEqual(expected));
});
