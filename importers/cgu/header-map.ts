import { normalizeName } from '../../domain/names/normalize-name';

/**
 * CGU downloads are mapped by header name, not position: a header is normalized (accents folded,
 * upper case, punctuation → spaces) and looked up among the spellings each field has had.
 */
export type HeaderAliases<F extends string> = Record<F, string[]>;

export function mapHeader<F extends string>(header: string[], aliases: HeaderAliases<F>): Partial<Record<F, number>> {
  const normalized = header.map((h) => normalizeName(h.replace(/^\uFEFF/, '')));
  const out: Partial<Record<F, number>> = {};
  for (const [field, names] of Object.entries(aliases) as [F, string[]][]) {
    for (const name of names) {
      const index = normalized.indexOf(normalizeName(name));
      if (index >= 0) {
        out[field] = index;
        break;
      }
    }
  }
  return out;
}

/** CGU's PEP list: the current header first (underscores, accents and case aside), then the spellings of older downloads. */
export const pepAliases = {
  cpf: ['CPF', 'CPF_PEP', 'CPF DO PEP'],
  name: ['Nome_PEP', 'Nome PEP', 'Nome do PEP', 'Nome'],
  role_acronym: ['Sigla_Função', 'Sigla Funcao', 'Sigla da Função'],
  role_description: ['Descrição_Função', 'Descricao Funcao', 'Descrição da Função', 'Função'],
  role_level: ['Nível_Função', 'Nivel Funcao', 'Nível da Função'],
  institution: ['Nome_Órgão', 'Nome Orgao', 'Nome do Órgão', 'Orgao'],
  start_date: ['Data_Início_Exercício', 'Data Inicio Exercicio', 'Data de Início do Exercício'],
  end_date: ['Data_Fim_Exercício', 'Data Fim Exercicio', 'Data de Fim do Exercício'],
  grace_end_date: ['Data_Fim_Carência', 'Data Fim Carencia', 'Data de Fim da Carência'],
};

/**
 * CEIS / CNEP / CEAF (the "sanções" downloads of the Portal da Transparência) and CEPIM: per
 * column, every spelling the portal has used for it in any of the four registers, the current
 * one first (docs/importers.md lists them). The registers share most columns, so one table serves
 * them all and the header itself tells the register (sanctionListMismatch). CEPIM names an entity
 * and its agreement (CNPJ ENTIDADE, NÚMERO CONVÊNIO, ÓRGÃO CONCEDENTE, MOTIVO DO IMPEDIMENTO);
 * CEAF adds the expelled servant's post (CARGO EFETIVO, ÓRGÃO DE LOTAÇÃO) and has also been
 * published with the servant's own columns (CPF SERVIDOR, NOME SANCIONADO).
 */
export const sanctionAliases = {
  sanction_code: ['CÓDIGO DA SANÇÃO', 'ID DA SANÇÃO', 'CÓDIGO SANÇÃO'],
  person_type: ['TIPO DE PESSOA', 'TIPO PESSOA'],
  document: [
    'CPF OU CNPJ DO SANCIONADO',
    'CNPJ OU CPF DO SANCIONADO',
    'CPF CNPJ DO SANCIONADO',
    'CPF/CNPJ DO SANCIONADO',
    'CPF OU CNPJ',
    'CPF/CNPJ',
    'CNPJ/CPF',
    'CNPJ ENTIDADE',
    'CNPJ DA ENTIDADE',
    'CPF DO SANCIONADO',
    'CPF SERVIDOR',
    'CPF DO SERVIDOR',
  ],
  name: [
    'NOME DO SANCIONADO',
    'NOME INFORMADO PELO ÓRGÃO SANCIONADOR',
    'RAZÃO SOCIAL - CADASTRO RECEITA',
    'NOME/RAZÃO SOCIAL DO SANCIONADO',
    'NOME SANCIONADO',
    'NOME ENTIDADE',
    'NOME DA ENTIDADE',
    'NOME DO SERVIDOR',
    'NOME SERVIDOR',
  ],
  registry_name: ['RAZÃO SOCIAL - CADASTRO RECEITA'],
  process_number: ['NÚMERO DO PROCESSO', 'PROCESSO', 'NÚMERO CONVÊNIO', 'NÚMERO DO CONVÊNIO'],
  sanction_type: [
    'CATEGORIA DA SANÇÃO',
    'TIPO SANÇÃO',
    'TIPO DA SANÇÃO',
    'TIPO DE SANÇÃO',
    'CATEGORIA SANÇÃO',
    'MOTIVO DO IMPEDIMENTO',
    'MOTIVO IMPEDIMENTO',
  ],
  start_date: [
    'DATA INÍCIO SANÇÃO',
    'DATA DE INÍCIO DA SANÇÃO',
    'DATA INICIO SANCAO',
    'DATA PUBLICAÇÃO',
    'DATA DE PUBLICAÇÃO',
    'DATA DA PUBLICAÇÃO',
  ],
  end_date: ['DATA FINAL SANÇÃO', 'DATA FIM SANÇÃO', 'DATA DE FIM DA SANÇÃO', 'DATA FINAL DA SANÇÃO'],
  sanctioning_body: ['ÓRGÃO SANCIONADOR', 'NOME DO ÓRGÃO SANCIONADOR', 'ORGÃO SANCIONADOR', 'ÓRGÃO CONCEDENTE'],
  legal_basis: ['FUNDAMENTAÇÃO LEGAL', 'FUNDAMENTACAO LEGAL'],
  fine_amount: ['VALOR DA MULTA'],
  cepim_entity: ['CNPJ ENTIDADE', 'CNPJ DA ENTIDADE'],
  servant_document: ['CPF SERVIDOR', 'CPF DO SERVIDOR'],
  position: ['CARGO EFETIVO'],
  workplace: ['ÓRGÃO DE LOTAÇÃO', 'ORGAO DE LOTACAO', 'ÓRGÃO LOTAÇÃO'],
};

export type SanctionList = 'ceis' | 'cnep' | 'cepim' | 'ceaf';

/** Which register a header is: CEPIM by its CNPJ ENTIDADE, CEAF by CARGO EFETIVO or CPF SERVIDOR, CNEP by VALOR DA MULTA (only CNEP fines), else CEIS. */
function listOfHeader(index: Partial<Record<keyof typeof sanctionAliases, number>>): SanctionList {
  if (index.cepim_entity !== undefined) return 'cepim';
  if (index.position !== undefined || index.servant_document !== undefined) return 'ceaf';
  return index.fine_amount !== undefined ? 'cnep' : 'ceis';
}

const marks: Record<SanctionList, string> = {
  cepim: 'CNPJ ENTIDADE',
  ceaf: 'CARGO EFETIVO',
  cnep: 'VALOR DA MULTA',
  ceis: 'none of VALOR DA MULTA (CNEP), CNPJ ENTIDADE (CEPIM), CARGO EFETIVO or CPF SERVIDOR (CEAF)',
};

/**
 * The registers share most columns, and importing one as another would file every sanction under
 * the wrong register: the header tells which list a file is. Returns why the file is refused, if it is.
 */
export function sanctionListMismatch(list: SanctionList, index: Partial<Record<keyof typeof sanctionAliases, number>>): string | undefined {
  const found = listOfHeader(index);
  if (found === list) return undefined;
  const mark = found === 'ceaf' && index.position === undefined ? 'CPF SERVIDOR' : marks[found];
  return `its header has ${mark}, so it is a ${found.toUpperCase()} download: import it with --list ${found}`;
}
