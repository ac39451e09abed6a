import { parsePartyDocument } from '../../../../importers/support/party-document';

describe('party documents as lists print them', () => {
  it.each([
    ['529.982.247-25', undefined, { kind: 'cpf', document: '52998224725', masked: '***982247**' }],
    ['***.982.247-**', undefined, { kind: 'cpf_masked', document: '***982247**', masked: '***982247**' }],
    ['11.222.333/0001-81', undefined, { kind: 'cnpj', document: '11222333000181', masked: null }],
    ['', undefined, { kind: 'none', document: null, masked: null }],
    ['529.982.247-24', undefined, undefined],
    ['11222333000181', 'cpf', undefined],
  ] as const)('%s (%s)', (raw, hint, expected) => expect(parsePartyDocument(raw, hint)).toEqual(expected));
});
