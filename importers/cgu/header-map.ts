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

/** CEIS / CNEP: the current Portal da Transparência header first, then older spellings. */
export const sanctionAliases = {
  sanction_code: ['CÓDIGO DA SANÇÃO', 'ID DA SANÇÃO'],
  person_type: ['TIPO DE PESSOA'],
  document: ['CPF OU CNPJ DO SANCIONADO', 'CNPJ OU CPF DO SANCIONADO', 'CPF CNPJ DO SANCIONADO', 'CPF OU CNPJ'],
  name: ['NOME DO SANCIONADO', 'NOME INFORMADO PELO ÓRGÃO SANCIONADOR', 'RAZÃO SOCIAL - CADASTRO RECEITA', 'NOME/RAZÃO SOCIAL DO SANCIONADO', 'NOME SANCIONADO'],
  registry_name: ['RAZÃO SOCIAL - CADASTRO RECEITA'],
  process_number: ['NÚMERO DO PROCESSO', 'PROCESSO'],
  sanction_type: ['CATEGORIA DA SANÇÃO', 'TIPO SANÇÃO', 'TIPO DA SANÇÃO', 'TIPO DE SANÇÃO'],
  start_date: ['DATA INÍCIO SANÇÃO', 'DATA DE INÍCIO DA SANÇÃO', 'DATA INICIO SANCAO'],
  end_date: ['DATA FINAL SANÇÃO', 'DATA FIM SANÇÃO', 'DATA DE FIM DA SANÇÃO', 'DATA FINAL DA SANÇÃO'],
  sanctioning_body: ['ÓRGÃO SANCIONADOR', 'NOME DO ÓRGÃO SANCIONADOR', 'ORGÃO SANCIONADOR'],
  legal_basis: ['FUNDAMENTAÇÃO LEGAL', 'FUNDAMENTACAO LEGAL'],
  fine_amount: ['VALOR DA MULTA'],
};

/**
 * CEIS and CNEP downloads share their columns but for VALOR DA MULTA, which only CNEP (fines of the
 * Lei Anticorrupção) has: a header tells which list a file is, and importing it as the other list
 * would file every sanction under the wrong register. Returns why the file is refused, if it is.
 */
export function sanctionListMismatch(list: 'ceis' | 'cnep', index: Partial<Record<keyof typeof sanctionAliases, number>>): string | undefined {
  const hasFine = index.fine_amount !== undefined;
  if (list === 'ceis' && hasFine) return 'its header has VALOR DA MULTA, so it is a CNEP download: import it with --list cnep';
  if (list === 'cnep' && !hasFine) return 'its header has no VALOR DA MULTA, which every CNEP download has, so it is a CEIS download: import it with --list ceis';
  return undefined;
}
