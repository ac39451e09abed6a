import { alignPersonName } from '../../../../domain/media/align-person-name';
import { align } from './support/align';

describe("aligning a person's name in a text", () => {
  it.each([
    [
      'the full name',
      'Renato Vasconcelos Braga',
      'preso Renato Vasconcelos Braga ontem',
      { type: 'exact_full_name', score: 100, text: 'Renato Vasconcelos Braga' },
    ],
    [
      'a middle name as an initial',
      'Renato Vasconcelos Braga',
      'o diretor Renato V. Braga assinou',
      { type: 'initials', score: 90, text: 'Renato V. Braga' },
    ],
    [
      'a middle name omitted',
      'Renato Vasconcelos Braga',
      'o diretor Renato Braga assinou',
      { type: 'middle_names_omitted', score: 82, text: 'Renato Braga' },
    ],
    [
      'surname first, after a comma',
      'Renato Vasconcelos Braga',
      'Réu: BRAGA, Renato Vasconcelos, 54 anos',
      { type: 'reordered_tokens', score: 85, text: 'BRAGA, Renato Vasconcelos' },
    ],
    [
      'common words only: weak',
      'Maria Aparecida da Silva',
      'Maria Silva foi presa',
      { type: 'middle_names_omitted', score: 62, text: 'Maria Silva' },
    ],
    [
      'the name goes on with another surname: weak',
      'Maria Aparecida da Silva',
      'a ré Maria Aparecida da Silva Costa depôs',
      { type: 'exact_full_name', score: 55, text: 'Maria Aparecida da Silva' },
    ],
    [
      'another person of the same family (Filho)',
      'José Carlos Pereira',
      'José Carlos Pereira Filho depôs',
      { type: 'exact_full_name', score: 5, text: 'José Carlos Pereira' },
    ],
    ['another middle name: no match', 'Renato Vasconcelos Braga', 'Renato Augusto Braga foi preso', null],
    ['an empty name: no match', '', 'Renato Braga', null],
  ])('%s', (_name, name, text, expected) => expect(align(alignPersonName, 'person', name, text)).toEqual(expected));
});
