import { buildNameProfile, isCommonWord } from '../../../../domain/media/name-profile';

describe('name profiles', () => {
  it.each([
    [
      'a person: particles dropped',
      'Maria Aparecida da Silva',
      'person',
      {
        words: ['MARIA', 'APARECIDA', 'SILVA'],
        core: ['MARIA', 'APARECIDA', 'SILVA'],
        distinctive: ['MARIA', 'APARECIDA', 'SILVA'],
        forms: [],
        allCommon: true,
      },
    ],
    ['a person called Me is no microempresa', 'Joana Me', 'person', { core: ['JOANA', 'ME'], forms: [] }],
    ['a person ending in Filho', 'José Pereira Filho', 'person', { endsWithGenerationalSuffix: true }],
    [
      'an organization: forms apart, generic words not distinctive',
      'Construtora Andrade Gutierrez S.A.',
      'organization',
      {
        words: ['CONSTRUTORA', 'ANDRADE', 'GUTIERREZ', 'SA'],
        core: ['CONSTRUTORA', 'ANDRADE', 'GUTIERREZ'],
        distinctive: ['ANDRADE', 'GUTIERREZ'],
        forms: ['SA'],
        allCommon: false,
      },
    ],
    ['LIMITADA canonicalized', 'Metais Limitada', 'organization', { forms: ['LTDA'], core: ['METAIS'] }],
    ['normalized name kept', 'João  Falcão', 'person', { normalized: 'JOAO FALCAO' }],
  ] as const)('%s', (_name, name, kind, expected) => expect(buildNameProfile(name, kind)).toMatchObject(expected));

  it.each([
    ['MARIA', true],
    ['SILVA', true],
    ['JUNIOR', true],
    ['VASCONCELOS', false],
  ])('isCommonWord(%s) = %s', (word, common) => expect(isCommonWord(word)).toBe(common));
});
