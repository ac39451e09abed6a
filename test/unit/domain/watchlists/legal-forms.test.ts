import data from '../../../../domain/watchlists/legal-forms.json';
import { buildLegalFormTable, legalFormFamily, legalFormTable, legalFormWords } from '../../../../domain/watchlists/legal-forms';
import { normalizeWatchlistName } from '../../../../domain/watchlists/normalize-name';

describe('legal forms (OpenSanctions org types, exported by scripts/export-legal-forms.py)', () => {
  it.each([
    // one family however spelled: rigour's `LLC`
    ['ltd', false, 'LLC'],
    ['limited', false, 'LLC'],
    ['llc', false, 'LLC'],
    ['ltda', false, 'LLC'],
    ['limitada', false, 'LLC'],
    ['gmbh', false, 'LLC'],
    ['ooo', false, 'LLC'],
    ['ooo', true, 'LLC'],
    ['inc', false, 'LLC'],
    ['corp', false, 'LLC'],
    ['limited liability company', false, 'LLC'],
    ['pty ltd', false, 'LLC'],
    ['spzoo', false, 'LLC'],
    ['obshchestvo s ogranichennoy otvetstvennostyu', true, 'LLC'],
    // share companies: `JSC`
    ['jsc', false, 'JSC'],
    ['sa', false, 'JSC'],
    ['s a', false, 'JSC'],
    ['ag', false, 'JSC'],
    ['plc', false, 'JSC'],
    ['sociedade anonima', false, 'JSC'],
    ['pao', true, 'JSC'],
    ['ao', true, 'JSC'],
    // partnerships, and the project's additions
    ['kg', false, 'LP'],
    ['co', false, 'CO'],
    ['me', false, 'SIZE'],
    // ordinary words in Latin letters: never a form ("Pão de Açúcar", "Made in")
    ['ao', false, undefined],
    ['pao', false, undefined],
    ['in', false, undefined],
    ['yu', false, undefined],
    // what describes an organization rather than its form stays a word of its name
    ['foundation', false, undefined],
    ['ministry', false, undefined],
    ['cooperation', false, undefined],
  ] as const)('%j (written in Cyrillic: %s) → %s', (text, cyrillic, family) => expect(legalFormFamily(text, cyrillic)).toBe(family));

  it.each([
    ['S.A.', { words: ['s', 'a'], cyrillic: false }],
    ['Gesellschaft mit beschränkter Haftung', { words: ['gesellschaft', 'mit', 'beschrankter', 'haftung'], cyrillic: false }],
    ['ПАО', { words: ['pao'], cyrillic: true }],
    ['株式会社', null],
  ])('reads the alias %j as %j', (alias, words) => expect(legalFormWords(alias)).toEqual(words));

  it('builds each alias, joined when spelled in letters of one or two, and keeps the first family an alias meets', () => {
    const table = buildLegalFormTable([
      { generic: 'X', aliases: ['L.L.C.', 'Big Form Words', 'A'] },
      { generic: 'Y', aliases: ['LLC', 'ООО'] },
    ]);
    expect([...table.latin]).toEqual([
      ['l l c', 'X'],
      ['llc', 'X'],
      ['big form words', 'X'],
    ]);
    expect([...table.cyrillic]).toEqual([['ooo', 'Y']]);
    expect(table.maxWords).toBe(3);
  });

  it('is the committed export of a pinned rigour release, company forms only', () => {
    expect(data.source).toMatchObject({ dataset: expect.stringContaining('rigour'), version: expect.stringMatching(/^v\d+\.\d+\.\d+$/) });
    expect(new Set(data.forms.map((f) => f.generic))).toEqual(new Set(data.generics));
    expect(legalFormTable.latin.size).toBeGreaterThan(500);
    for (const key of [...legalFormTable.latin.keys(), ...legalFormTable.cyrillic.keys()]) expect(key).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
  });

  it.each([
    [
      'GLOBAL TRADING L.L.C.',
      [
        ['global', 'generic'],
        ['trading', 'generic'],
        ['llc', 'legal_form'],
      ],
    ],
    [
      'Acme Limited Liability Company',
      [
        ['acme', 'name'],
        ['limited liability company', 'legal_form'],
      ],
    ],
    [
      'Pão de Açúcar Comércio S/A',
      [
        ['pao', 'name'],
        ['de', 'particle'],
        ['acucar', 'name'],
        ['comercio', 'generic'],
        ['sa', 'legal_form'],
      ],
    ],
    [
      'ПАО «Нефтегаз»',
      [
        ['pao', 'legal_form'],
        ['neftegaz', 'name'],
      ],
    ],
  ])('the normalizer reads %j as %j', (name, tokens) => {
    expect(normalizeWatchlistName(name, 'organization').tokens.map((t) => [t.text, t.kind])).toEqual(tokens);
  });
});
