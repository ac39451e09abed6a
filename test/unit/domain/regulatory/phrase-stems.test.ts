import { foldText, stemWord, textConfirmsPhrase, textStems } from '../../../../domain/regulatory/phrase-stems';

describe('phrases confirmed whatever their order, accents and inflection', () => {
  it.each([
    ['Beneficiário  Final', 'beneficiario final'],
    ['PESSOA POLITICAMENTE EXPOSTA', 'pessoa politicamente exposta'],
    ['Procurador/Representante Legal', 'procurador representante legal'],
    ['Sancionada (CEIS/CNEP).', 'sancionada ceis cnep'],
  ])('folds %s', (text, folded) => expect(foldText(text)).toBe(folded));

  it.each([
    [['exposta', 'expostas', 'exposto', 'expostos'], 'expost'],
    [['sancionado', 'sancionada', 'sancionados', 'sancionadas'], 'sancionad'],
    [['sancao', 'sancoes'], 'sanca'],
    [['informacao', 'informacoes'], 'informaca'],
    [['cadastral', 'cadastrais'], 'cadastral'],
    [['final', 'finais'], 'final'],
    [['desabonador', 'desabonadora', 'desabonadores', 'desabonadoras'], 'desabonador'],
    [['pessoa', 'pessoas'], 'pesso'],
    [['titular', 'titulares'], 'titular'],
    [['procurador', 'procuradora', 'procuradores'], 'procurador'],
    [['outro', 'outros', 'outra', 'outras'], 'outr'],
  ])('stems %j to %s', (words, stem) => expect(words.map(stemWord)).toEqual(words.map(() => stem)));

  it('drops function words', () =>
    expect(textStems('Pessoa exposta politicamente, seus familiares ou estreitos colaboradores')).toEqual([
      'pesso',
      'expost',
      'politicament',
      'familiar',
      'estreit',
      'colaborador',
    ]));

  it.each([
    [
      'Pessoa exposta politicamente, seus familiares ou estreitos colaboradores envolvidos na situação.',
      'pessoa exposta politicamente',
      true,
    ],
    ['PESSOAS POLITICAMENTE EXPOSTAS', 'pessoa exposta politicamente', true],
    ['Cliente ou pessoa relacionada sancionada (CEIS/CNEP)', 'sancionada', true],
    ['Empresas sancionadas', 'sancionado', true],
    ['Beneficiários finais', 'beneficiário final', true],
    ['Notícias desabonadoras', 'desabonadora', true],
    ['Pessoa exposta', 'pessoa exposta politicamente', false],
    ['Cotitular', 'titular', false],
    ['Processo sancionador', 'sancionada', false],
    ['', 'titular', false],
    ['Titular', '', false],
  ])('%j confirms %j: %s', (text, phrase, expected) => expect(textConfirmsPhrase(text, phrase)).toBe(expected));
});
