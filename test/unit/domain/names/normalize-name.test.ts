import { normalizeName } from '../../../../domain/names/normalize-name';

describe('normalizeName', () => {
  it.each([
    ['José  da Silva', 'JOSE DA SILVA'],
    ['  Açaí & Cia. Ltda. ', 'ACAI & CIA LTDA'],
    ['CONSTRUÇÕES-BRASIL S/A', 'CONSTRUCOES BRASIL S A'],
    ['joão\tpaulo\nII', 'JOAO PAULO II'],
    ['', ''],
  ])('%j → %j', (input, expected) => expect(normalizeName(input)).toBe(expected));
});
