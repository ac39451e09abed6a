import { mapHeader, pepAliases, sanctionAliases, sanctionListMismatch, type SanctionList } from '../../../../importers/cgu/header-map';

const ceisHeader = [
  'CADASTRO',
  'CÓDIGO DA SANÇÃO',
  'TIPO DE PESSOA',
  'CPF OU CNPJ DO SANCIONADO',
  'NOME DO SANCIONADO',
  'CATEGORIA DA SANÇÃO',
  'DATA INÍCIO SANÇÃO',
  'DATA FINAL SANÇÃO',
  'ÓRGÃO SANCIONADOR',
];
const cnepHeader = [...ceisHeader, 'VALOR DA MULTA'];
const cepimHeader = ['CNPJ ENTIDADE', 'NOME ENTIDADE', 'NÚMERO CONVÊNIO', 'ÓRGÃO CONCEDENTE', 'MOTIVO DO IMPEDIMENTO'];
const ceafHeader = [...ceisHeader, 'CARGO EFETIVO', 'ÓRGÃO DE LOTAÇÃO'];

/** The whole "sanções" header of the portal's CEIS download, with the name as the body informed it and the Receita's. */
const ceisFullHeader = [
  'CADASTRO',
  'CÓDIGO DA SANÇÃO',
  'TIPO DE PESSOA',
  'CPF OU CNPJ DO SANCIONADO',
  'NOME DO SANCIONADO',
  'NOME INFORMADO PELO ÓRGÃO SANCIONADOR',
  'RAZÃO SOCIAL - CADASTRO RECEITA',
  'NOME FANTASIA - CADASTRO RECEITA',
  'NÚMERO DO PROCESSO',
  'CATEGORIA DA SANÇÃO',
  'DATA INÍCIO SANÇÃO',
  'DATA FINAL SANÇÃO',
  'DATA PUBLICAÇÃO',
  'PUBLICAÇÃO',
  'DETALHAMENTO',
  'DATA DO TRÂNSITO EM JULGADO',
  'ABRAGÊNCIA DEFINIDA EM DECISÃO JUDICIAL',
  'ÓRGÃO SANCIONADOR',
  'UF ÓRGÃO SANCIONADOR',
  'FUNDAMENTAÇÃO LEGAL',
];

/**
 * Per register, the header layouts the CGU portal has published (current first), and the column
 * each field must be read from. Every layout is accepted for its register and refused for the others.
 */
const layouts: [SanctionList, string, string[], Record<string, string>][] = [
  [
    'ceis',
    'current',
    ceisFullHeader,
    {
      document: 'CPF OU CNPJ DO SANCIONADO',
      name: 'NOME DO SANCIONADO',
      start_date: 'DATA INÍCIO SANÇÃO',
      sanction_type: 'CATEGORIA DA SANÇÃO',
      registry_name: 'RAZÃO SOCIAL - CADASTRO RECEITA',
    },
  ],
  [
    'ceis',
    'the name as the body informed it',
    ['CPF OU CNPJ DO SANCIONADO', 'NOME INFORMADO PELO ÓRGÃO SANCIONADOR', 'TIPO SANÇÃO', 'DATA INÍCIO SANÇÃO'],
    { document: 'CPF OU CNPJ DO SANCIONADO', name: 'NOME INFORMADO PELO ÓRGÃO SANCIONADOR', sanction_type: 'TIPO SANÇÃO' },
  ],
  [
    'ceis',
    'CPF/CNPJ and NOME/RAZÃO SOCIAL',
    [
      'CPF/CNPJ',
      'NOME/RAZÃO SOCIAL DO SANCIONADO',
      'TIPO DE SANÇÃO',
      'DATA DE INÍCIO DA SANÇÃO',
      'DATA DE FIM DA SANÇÃO',
      'NOME DO ÓRGÃO SANCIONADOR',
    ],
    {
      document: 'CPF/CNPJ',
      name: 'NOME/RAZÃO SOCIAL DO SANCIONADO',
      start_date: 'DATA DE INÍCIO DA SANÇÃO',
      end_date: 'DATA DE FIM DA SANÇÃO',
      sanctioning_body: 'NOME DO ÓRGÃO SANCIONADOR',
    },
  ],
  [
    'ceis',
    'CNPJ OU CPF, unaccented',
    ['CNPJ OU CPF DO SANCIONADO', 'NOME DO SANCIONADO', 'DATA INICIO SANCAO', 'ORGAO SANCIONADOR'],
    { document: 'CNPJ OU CPF DO SANCIONADO', start_date: 'DATA INICIO SANCAO', sanctioning_body: 'ORGAO SANCIONADOR' },
  ],
  [
    'cnep',
    'current',
    [...ceisFullHeader, 'VALOR DA MULTA'],
    { document: 'CPF OU CNPJ DO SANCIONADO', name: 'NOME DO SANCIONADO', fine_amount: 'VALOR DA MULTA' },
  ],
  [
    'cnep',
    'CPF OU CNPJ',
    ['CPF OU CNPJ', 'NOME SANCIONADO', 'DATA INÍCIO SANÇÃO', 'VALOR DA MULTA'],
    { document: 'CPF OU CNPJ', name: 'NOME SANCIONADO' },
  ],
  [
    'cepim',
    'current',
    cepimHeader,
    {
      document: 'CNPJ ENTIDADE',
      name: 'NOME ENTIDADE',
      process_number: 'NÚMERO CONVÊNIO',
      sanctioning_body: 'ÓRGÃO CONCEDENTE',
      sanction_type: 'MOTIVO DO IMPEDIMENTO',
    },
  ],
  [
    'cepim',
    'DA ENTIDADE, DO CONVÊNIO',
    ['CNPJ DA ENTIDADE', 'NOME DA ENTIDADE', 'NÚMERO DO CONVÊNIO', 'ÓRGÃO CONCEDENTE', 'MOTIVO IMPEDIMENTO'],
    { document: 'CNPJ DA ENTIDADE', name: 'NOME DA ENTIDADE', sanction_type: 'MOTIVO IMPEDIMENTO' },
  ],
  [
    'ceaf',
    'the sanctions family',
    [...ceisFullHeader, 'CARGO EFETIVO', 'ÓRGÃO DE LOTAÇÃO'],
    { document: 'CPF OU CNPJ DO SANCIONADO', name: 'NOME DO SANCIONADO', position: 'CARGO EFETIVO', workplace: 'ÓRGÃO DE LOTAÇÃO' },
  ],
  [
    'ceaf',
    "the servant's columns",
    [
      'CPF SERVIDOR',
      'NOME SANCIONADO',
      'CATEGORIA DA SANÇÃO',
      'DATA PUBLICAÇÃO',
      'CARGO EFETIVO',
      'ÓRGÃO DE LOTAÇÃO',
      'UF LOTAÇÃO',
      'NÚMERO DO PROCESSO',
      'FUNDAMENTAÇÃO LEGAL',
    ],
    {
      document: 'CPF SERVIDOR',
      name: 'NOME SANCIONADO',
      start_date: 'DATA PUBLICAÇÃO',
      position: 'CARGO EFETIVO',
      workplace: 'ÓRGÃO DE LOTAÇÃO',
      process_number: 'NÚMERO DO PROCESSO',
    },
  ],
  [
    'ceaf',
    "the servant's columns, no post",
    ['CPF DO SERVIDOR', 'NOME DO SERVIDOR', 'CATEGORIA DA SANÇÃO', 'DATA DE PUBLICAÇÃO', 'ÓRGÃO LOTAÇÃO'],
    { document: 'CPF DO SERVIDOR', name: 'NOME DO SERVIDOR', start_date: 'DATA DE PUBLICAÇÃO', workplace: 'ÓRGÃO LOTAÇÃO' },
  ],
];
const registers: SanctionList[] = ['ceis', 'cnep', 'cepim', 'ceaf'];

describe('CGU headers', () => {
  it('maps fields by any of their spellings, accents and case aside', () => {
    expect(mapHeader(['\uFEFFcpf ou cnpj do sancionado', 'Nome Sancionado', 'data inicio sancao'], sanctionAliases)).toEqual({
      document: 0,
      name: 1,
      start_date: 2,
    });
  });

  it('maps a CEPIM header: the entity, its agreement, the granting body and the reason', () => {
    expect(mapHeader(cepimHeader, sanctionAliases)).toEqual({
      document: 0,
      cepim_entity: 0,
      name: 1,
      process_number: 2,
      sanctioning_body: 3,
      sanction_type: 4,
    });
  });

  it.each(layouts)('%s, %s: each field read from its column', (_list, _layout, header, columns) => {
    const index: Record<string, number | undefined> = mapHeader(header, sanctionAliases);
    expect(Object.fromEntries(Object.keys(columns).map((f) => [f, index[f] === undefined ? undefined : header[index[f]!]]))).toEqual(
      columns,
    );
  });

  it.each(layouts)('%s, %s: accepted as its register and refused as another', (list, _layout, header) => {
    const index = mapHeader(header, sanctionAliases);
    expect(sanctionListMismatch(list, index)).toBeUndefined();
    for (const other of registers.filter((r) => r !== list))
      expect(sanctionListMismatch(other, index)).toMatch(new RegExp(`import it with --list ${list}$`));
  });

  it.each([
    ['ceis', ceisHeader, undefined],
    ['cnep', cnepHeader, undefined],
    ['ceis', cnepHeader, /CNEP download: import it with --list cnep/],
    ['cnep', ceisHeader, /CEIS download: import it with --list ceis/],
    ['cepim', cepimHeader, undefined],
    ['ceaf', ceafHeader, undefined],
    ['ceis', cepimHeader, /CEPIM download: import it with --list cepim/],
    ['ceis', ceafHeader, /its header has CARGO EFETIVO, so it is a CEAF download: import it with --list ceaf/],
    ['ceis', ['CPF SERVIDOR', 'NOME SANCIONADO'], /its header has CPF SERVIDOR, so it is a CEAF download: import it with --list ceaf/],
    ['ceaf', ceisHeader, /CEIS download: import it with --list ceis/],
    ['cepim', cnepHeader, /CNEP download: import it with --list cnep/],
  ] as const)('--list %s with this header: %p', (list, header, refusal) => {
    const why = sanctionListMismatch(list, mapHeader([...header], sanctionAliases));
    if (refusal) expect(why).toMatch(refusal);
    else expect(why).toBeUndefined();
  });

  it.each([
    [
      'current',
      [
        'CPF',
        'Nome_PEP',
        'Sigla_Função',
        'Descrição_Função',
        'Nível_Função',
        'Nome_Órgão',
        'Data_Início_Exercício',
        'Data_Fim_Exercício',
        'Data_Fim_Carência',
      ],
    ],
    [
      'spaced, unaccented',
      [
        'CPF',
        'Nome PEP',
        'Sigla Funcao',
        'Descricao Funcao',
        'Nivel Funcao',
        'Nome Orgao',
        'Data Inicio Exercicio',
        'Data Fim Exercicio',
        'Data Fim Carencia',
      ],
    ],
    [
      'in words',
      [
        'CPF do PEP',
        'Nome do PEP',
        'Sigla da Função',
        'Descrição da Função',
        'Nível da Função',
        'Nome do Órgão',
        'Data de Início do Exercício',
        'Data de Fim do Exercício',
        'Data de Fim da Carência',
      ],
    ],
  ])('PEP list, %s: every field from its column', (_layout, header) => {
    expect(mapHeader(header, pepAliases)).toEqual({
      cpf: 0,
      name: 1,
      role_acronym: 2,
      role_description: 3,
      role_level: 4,
      institution: 5,
      start_date: 6,
      end_date: 7,
      grace_end_date: 8,
    });
  });
});
