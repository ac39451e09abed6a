import { brazilianDocument } from '../../../../domain/entity-store/bods-fields';

describe('BODS identifiers', () => {
  it.each([
    [[{ scheme: 'BR-CNPJ', id: '11.222.333/0001-81' }], { kind: 'cnpj', value: '11222333000181', masked: null }],
    [[{ scheme: 'BR-CNPJ', id: '12.abc.345/01de-35' }], { kind: 'cnpj', value: '12ABC34501DE35', masked: null }],
    [[{ scheme: 'BR-CPF', id: '529.982.247-25' }], { kind: 'cpf', value: '52998224725', masked: '***982247**' }],
    [[{ scheme: 'BR-CPF', id: '***.982.247-**' }], { kind: 'cpf_masked', value: '***982247**', masked: '***982247**' }],
    [[{ scheme: 'BR-CPF', id: '529.982.247-24' }], null],
    [[{ scheme: 'GB-COH', id: '07444723' }], null],
  ])('Brazilian identifier %j', (identifiers, expected) => expect(brazilianDocument(identifiers)).toEqual(expected));
});
