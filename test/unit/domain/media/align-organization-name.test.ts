import { alignOrganizationName } from '../../../../domain/media/align-organization-name';
import { align } from './support/align';

describe("aligning an organization's name in a text", () => {
  it.each([
    [
      'the full name, LIMITADA for LTDA',
      'Metalúrgica Tupinambá Ltda',
      'A Metalurgica Tupinamba Limitada foi autuada',
      { type: 'exact_full_name', score: 100, text: 'Metalurgica Tupinamba Limitada' },
    ],
    [
      'without its legal form',
      'Tupinamba Agroflorestal Ltda ME',
      'fiscais da Tupinambá Agroflorestal encontraram',
      { type: 'name_without_legal_form', score: 92, text: 'Tupinambá Agroflorestal' },
    ],
    [
      'its distinctive words only',
      'Construtora Andrade Gutierrez S.A.',
      'executivos da Andrade Gutierrez foram ouvidos',
      { type: 'distinctive_tokens', score: 80, text: 'Andrade Gutierrez' },
    ],
    [
      'words in another order',
      'Tupinambá Metais Ltda',
      'Metais Tupinambá Ltda informa',
      { type: 'reordered_tokens', score: 78, text: 'Metais Tupinambá' },
    ],
    [
      'a legal form of another family (S.A. for a LTDA)',
      'Metalúrgica Tupinambá Ltda',
      'a Metalúrgica Tupinambá S.A. anunciou',
      { type: 'legal_form_differs', score: 55, text: 'Metalúrgica Tupinambá' },
    ],
    [
      'a firm named only after common surnames',
      'Silva & Santos Ltda',
      'a Silva & Santos foi multada',
      { type: 'name_without_legal_form', score: 62, text: 'Silva & Santos' },
    ],
    ['generic words are never enough', 'Comércio Brasil Ltda', 'o comércio no Brasil cresce', null],
    ['only a legal form: no match', 'Ltda', 'a Ltda informou', null],
  ])('%s', (_name, name, text, expected) => expect(align(alignOrganizationName, 'organization', name, text)).toEqual(expected));
});
