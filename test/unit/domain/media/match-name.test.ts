import { matchName, REPORT_THRESHOLD } from '../../../../domain/media/match-name';
import { buildNameProfile, NameKind } from '../../../../domain/media/name-profile';

type Case = { name: string; kind: NameKind; text: string; type?: string; matched?: string };

function run(c: Case) {
  const match = matchName(buildNameProfile(c.name, c.kind), c.text);
  return { match, reported: !!match && match.score >= REPORT_THRESHOLD, matchedText: match ? c.text.slice(match.start, match.end) : null };
}

describe('name matcher: recall (these must be found)', () => {
  const cases: (Case & { why: string })[] = [
    {
      why: 'exact person name',
      name: 'Renato Vasconcelos Braga',
      kind: 'person',
      text: 'A PF prendeu Renato Vasconcelos Braga nesta terça.',
      type: 'exact_full_name',
      matched: 'Renato Vasconcelos Braga',
    },
    {
      why: 'accented text, plain name',
      name: 'JOAO DAMIAO FALCAO',
      kind: 'person',
      text: 'O empresário João Damião Falcão foi denunciado.',
      type: 'exact_full_name',
      matched: 'João Damião Falcão',
    },
    {
      why: 'plain text, accented name',
      name: 'Conceição Ibiapina Araújo',
      kind: 'person',
      text: 'segundo CONCEICAO IBIAPINA ARAUJO, socia',
      type: 'exact_full_name',
    },
    {
      why: 'particles differ',
      name: 'Renato de Vasconcelos Braga',
      kind: 'person',
      text: 'disse Renato Vasconcelos Braga à imprensa',
      type: 'exact_full_name',
    },
    {
      why: 'surname first (word order)',
      name: 'Renato Vasconcelos Braga',
      kind: 'person',
      text: 'Réu: BRAGA, Renato Vasconcelos, 54 anos',
      type: 'reordered_tokens',
      matched: 'BRAGA, Renato Vasconcelos',
    },
    {
      why: 'middle name as initial',
      name: 'Renato Vasconcelos Braga',
      kind: 'person',
      text: 'o diretor Renato V. Braga assinou',
      type: 'initials',
      matched: 'Renato V. Braga',
    },
    {
      why: 'middle name omitted, distinctive name',
      name: 'Renato Vasconcelos Braga',
      kind: 'person',
      text: 'o diretor Renato Braga assinou',
      type: 'middle_names_omitted',
    },
    {
      why: 'LTDA written LIMITADA',
      name: 'Metalúrgica Tupinambá Ltda',
      kind: 'organization',
      text: 'A Metalurgica Tupinamba Limitada foi autuada.',
      type: 'exact_full_name',
    },
    {
      why: 'S.A. vs SA vs S/A',
      name: 'Frigorífico Xavantes S/A',
      kind: 'organization',
      text: 'O Frigorífico Xavantes S.A. nega.',
      type: 'exact_full_name',
      matched: 'Frigorífico Xavantes S.A',
    },
    {
      why: 'CIA vs COMPANHIA',
      name: 'Cia Paulista de Fiação',
      kind: 'organization',
      text: 'a Companhia Paulista de Fiação informou',
      type: 'exact_full_name',
    },
    {
      why: 'company form omitted',
      name: 'Tupinamba Agroflorestal Ltda ME',
      kind: 'organization',
      text: 'fiscais da Tupinambá Agroflorestal encontraram',
      type: 'name_without_legal_form',
    },
    {
      why: 'generic words omitted, two distinctive words',
      name: 'Construtora Andrade Gutierrez S.A.',
      kind: 'organization',
      text: 'executivos da Andrade Gutierrez foram ouvidos',
      type: 'distinctive_tokens',
    },
    {
      why: 'E vs &',
      name: 'Xavier e Quintanilha Advogados',
      kind: 'organization',
      text: 'o escritório Xavier & Quintanilha Advogados',
      type: 'exact_full_name',
    },
    {
      why: 'upper-case text',
      name: 'Renato Vasconcelos Braga',
      kind: 'person',
      text: 'RENATO VASCONCELOS BRAGA SANTOS E OUTROS',
      type: 'exact_full_name',
    },
  ];
  it.each(cases)('$why', (c) => {
    const { match, reported, matchedText } = run(c);
    expect(reported).toBe(true);
    expect(match?.match_type).toBe(c.type);
    if (c.matched) expect(matchedText).toBe(c.matched);
  });
});

describe('name matcher: precision (these must not be reported)', () => {
  const cases: (Case & { why: string })[] = [
    { why: 'common surname alone', name: 'Maria Aparecida da Silva', kind: 'person', text: 'O deputado Silva foi preso por corrupção.' },
    {
      why: 'common first and last name only',
      name: 'Maria Aparecida da Silva',
      kind: 'person',
      text: 'Maria Silva foi presa por corrupção.',
    },
    { why: 'homonym with another middle name', name: 'Renato Vasconcelos Braga', kind: 'person', text: 'Renato Augusto Braga foi preso.' },
    { why: 'homonym: the son (Filho)', name: 'Jose Carlos Bittencourt', kind: 'person', text: 'José Carlos Bittencourt Filho foi preso.' },
    { why: 'homonym: a longer name around it', name: 'Maria Silva', kind: 'person', text: 'a acusada Maria Silva Bittencourt foi presa' },
    { why: 'partial token (Silva inside Silvano)', name: 'Renato Silva', kind: 'person', text: 'Renato Silvano foi preso.' },
    {
      why: 'partial token (prefix of the name)',
      name: 'Tupinamba Agroflorestal Ltda',
      kind: 'organization',
      text: 'a Tupinambazinho Agroflorestal nega',
    },
    {
      why: 'generic words only',
      name: 'Acme Comercio e Servicos Ltda',
      kind: 'organization',
      text: 'empresas de comércio e serviços ltda foram multadas',
    },
    {
      why: 'generic-only name without its form',
      name: 'Brasil Comercio e Servicos Ltda',
      kind: 'organization',
      text: 'o setor de Brasil Comércio e Serviços cresceu',
    },
    { why: 'one distinctive word of a company', name: 'Acme Comercio Ltda', kind: 'organization', text: 'a marca Acme lançou' },
    { why: 'other legal form family', name: 'Frigorifico Xavantes Ltda', kind: 'organization', text: 'O Frigorífico Xavantes S.A. nega.' },
    {
      why: 'surname firm without its form',
      name: 'Silva & Santos Ltda',
      kind: 'organization',
      text: 'os irmãos Silva e Santos foram presos',
    },
    { why: 'words in separate sentences', name: 'Renato Braga', kind: 'person', text: 'Falou Renato. Braga saiu depois.' },
    { why: 'name split by a comma (list)', name: 'Renato Braga', kind: 'person', text: 'estavam Renato, Braga e outros' },
  ];
  it.each(cases)('$why', (c) => {
    expect(run(c).reported).toBe(false);
  });
});

describe('name matcher: scores order the evidence', () => {
  const name = buildNameProfile('Renato Vasconcelos Braga', 'person');
  const score = (text: string) => matchName(name, text)?.score ?? 0;
  it('exact > initials > reordered > middle names omitted', () => {
    const exact = score('x Renato Vasconcelos Braga x');
    const initials = score('x Renato V. Braga x');
    const reordered = score('x Braga, Renato Vasconcelos x');
    const omitted = score('x Renato Braga x');
    expect([exact, initials, reordered, omitted]).toEqual([100, 90, 85, 82]);
  });
  it('all-common names lose points even when exact', () => {
    expect(matchName(buildNameProfile('Maria Silva', 'person'), 'a Maria Silva disse')?.score).toBe(80);
  });
  it('prefers the better of several places', () => {
    const m = matchName(name, 'Renato Braga e depois Renato Vasconcelos Braga');
    expect(m?.match_type).toBe('exact_full_name');
    expect(m?.start).toBe(22);
  });
});
