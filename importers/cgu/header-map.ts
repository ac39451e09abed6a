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

export const pepAliases = {
  cpf: ['CPF'],
  name: ['Nome_PEP', 'Nome PEP', 'Nome'],
  role_acronym: ['Sigla_Função', 'Sigla Funcao'],
  role_description: ['Descrição_Função', 'Descricao Funcao'],
  role_level: ['Nível_Função', 'Nivel Funcao'],
  institution: ['Nome_Órgão', 'Nome Orgao', 'Orgao'],
  start_date: ['Data_Início_Exercício', 'Data Inicio Exercicio'],
  end_date: ['Data_Fim_Exercício', 'Data Fim Exercicio'],
  grace_end_date: ['Data_Fim_Carência', 'Data Fim Carencia'],
};

/**
 * CEIS / CNEP / CEAF (the "sanções" downloads of the Portal da Transparência) and CEPIM: the
 * current header first, then older spellings. CEPIM names an entity and its agreement
 * (CNPJ ENTIDADE, NÚMERO CONVÊNIO, ÓRGÃO CONCEDENTE, MOTIVO DO IMPEDIMENTO); CEAF adds the
 * expelled servant's post (CARGO EFETIVO, ÓRGÃO DE LOTAÇÃO).
 */
export const sanctionAliases = {
  sanction_code: ['CÓDIGO DA SANÇÃO', 'ID DA SANÇÃO'],
  person_type: ['TIPO DE PESSOA'],
  document: ['CPF OU CNPJ DO SANCIONADO', 'CNPJ OU CPF DO SANCIONADO', 'CPF CNPJ DO SANCIONADO', 'CPF OU CNPJ', 'CNPJ ENTIDADE', 'CPF DO SANCIONADO'],
  name: ['NOME DO SANCIONADO', 'NOME INFORMADO PELO ÓRGÃO SANCIONADOR', 'RAZÃO SOCIAL - CADASTRO RECEITA', 'NOME/RAZÃO SOCIAL DO SANCIONADO', 'NOME SANCIONADO', 'NOME ENTIDADE'],
  registry_name: ['RAZÃO SOCIAL - CADASTRO RECEITA'],
  process_number: ['NÚMERO DO PROCESSO', 'PROCESSO', 'NÚMERO CONVÊNIO', 'NÚMERO DO CONVÊNIO'],
  sanction_type: ['CATEGORIA DA SANÇÃO', 'TIPO SANÇÃO', 'TIPO DA SANÇÃO', 'TIPO DE SANÇÃO', 'MOTIVO DO IMPEDIMENTO', 'MOTIVO IMPEDIMENTO'],
  start_date: ['DATA INÍCIO SANÇÃO', 'DATA DE INÍCIO DA SANÇÃO', 'DATA INICIO SANCAO', 'DATA PUBLICAÇÃO', 'DATA DE PUBLICAÇÃO'],
  end_date: ['DATA FINAL SANÇÃO', 'DATA FIM SANÇÃO', 'DATA DE FIM DA SANÇÃO', 'DATA FINAL DA SANÇÃO'],
  sanctioning_body: ['ÓRGÃO SANCIONADOR', 'NOME DO ÓRGÃO SANCIONADOR', 'ORGÃO SANCIONADOR', 'ÓRGÃO CONCEDENTE'],
  legal_basis: ['FUNDAMENTAÇÃO LEGAL', 'FUNDAMENTACAO LEGAL'],
  fine_amount: ['VALOR DA MULTA'],
  cepim_entity: ['CNPJ ENTIDADE'],
  position: ['CARGO EFETIVO'],
  workplace: ['ÓRGÃO DE LOTAÇÃO', 'ORGAO DE LOTACAO'],
};

export type SanctionList = 'ceis' | 'cnep' | 'cepim' | 'ceaf';

/** Which register a header is: CEPIM by its CNPJ ENTIDADE, CEAF by CARGO EFETIVO, CNEP by VALOR DA MULTA (only CNEP fines), else CEIS. */
function listOfHeader(index: Partial<Record<keyof typeof sanctionAliases, number>>): SanctionList {
  if (index.cepim_entity !== undefined) return 'cepim';
  if (index.position !== undefined) return 'ceaf';
  return index.fine_amount !== undefined ? 'cnep' : 'ceis';
}

const marks: Record<SanctionList, string> = {
  cepim: 'CNPJ ENTIDADE',
  ceaf: 'CARGO EFETIVO',
  cnep: 'VALOR DA MULTA',
  ceis: 'none of VALOR DA MULTA (CNEP), CNPJ ENTIDADE (CEPIM) or CARGO EFETIVO (CEAF)',
};

/**
 * The registers share most columns, and importing one as another would file every sanction under
 * the wrong register: the header tells which list a file is. Returns why the file is refused, if it is.
 */
export function sanctionListMismatch(list: SanctionList, index: Partial<Record<keyof typeof sanctionAliases, number>>): string | undefined {
  const found = listOfHeader(index);
  if (found === list) return undefined;
  return `its header has ${marks[found]}, so it is a ${found.toUpperCase()} download: import it with --list ${found}`;
}
