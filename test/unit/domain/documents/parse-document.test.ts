import { tryParseDocument } from '../../../../domain/documents/parse-document';

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
