import { type AnalysisParty, matchAnalysisParty } from '../../../../../domain/reports/siscoaf/match-analysis-party';

const parties: AnalysisParty[] = [
  { document: '12345671000173', name: 'EMPRESA ANALISADA LTDA' },
  { document: '***456789**', name: 'JOSÉ DA SILVA' },
  { document: '***982242**', name: 'MARIA SOUZA' },
  { document: '***982242**', name: 'MARIA SOUZA' },
  { document: null, name: 'SEM DOCUMENTO' },
];

describe("the analysis party an officer's party is", () => {
  it.each([
    ['the same full document', { document: '12345671000173' }, 0],
    ['the full CPF of a masked one, the same name', { document: '12345678909', name: 'JOSÉ DA SILVA' }, 1],
    ['the name in other case, accents and spacing', { document: '12345678909', name: '  jose  da silva ' }, 1],
    ['the full CPF without a name: six digits identify nobody', { document: '12345678909' }, undefined],
    ['the visible digits disagree', { document: '12345678000', name: 'JOSÉ DA SILVA' }, undefined],
    ['the digits agree, the name does not', { document: '12345678909', name: 'JOÃO DA SILVA' }, undefined],
    ['two analysis parties fit: the officer chooses', { document: '52998224210', name: 'Maria Souza' }, undefined],
    ['a CNPJ is never compared with a masked CPF', { document: '11222333000181', name: 'JOSÉ DA SILVA' }, undefined],
    ['a party without document is matched by nothing', { document: '39053344705', name: 'SEM DOCUMENTO' }, undefined],
  ])('%s', (_name, entered, expected) => expect(matchAnalysisParty(parties, entered)).toBe(expected));
});
