/**
 * The word lists behind the name matcher (normalized: upper case, accents folded). They are
 * data, versioned with the matcher (MATCHER_VERSION): changing a list changes which articles
 * match, so it must change the version an auditor sees on a screening.
 */

/** Joining words: ignored when aligning names ("José da Silva" ≈ "José Silva", "E" ≈ "&"). */
export const particles: ReadonlySet<string> = new Set(['DA', 'DE', 'DO', 'DAS', 'DOS', 'E', '&', 'DI', 'DEL', 'DELLA', 'VAN', 'VON', 'OF', 'THE', 'AND', 'Y']);

/**
 * Company forms and size qualifiers → one canonical spelling, so that LIMITADA matches LTDA and
 * COMPANHIA matches CIA. Multi-token spellings (S.A., S/A → "S A") are merged by the tokenizer.
 */
export const companyFormAliases: Readonly<Record<string, string>> = {
  LTDA: 'LTDA', LIMITADA: 'LTDA', LTD: 'LTDA',
  SA: 'SA',
  CIA: 'CIA', COMPANHIA: 'CIA',
  ME: 'ME', MICROEMPRESA: 'ME',
  EPP: 'EPP',
  EIRELI: 'EIRELI',
  MEI: 'MEI',
  SS: 'SS',
  INC: 'INC', LLC: 'LLC', CORP: 'CORP', PLC: 'PLC', GMBH: 'GMBH',
};

/** Legal-form families: two names whose forms fall in different families are different companies. */
export const companyFormFamily: Readonly<Record<string, string>> = {
  LTDA: 'limited', EIRELI: 'limited', SS: 'limited', LLC: 'limited', GMBH: 'limited',
  SA: 'corporation', INC: 'corporation', CORP: 'corporation', PLC: 'corporation',
};

/** Words that describe a business rather than name it: never enough on their own. */
export const genericBusinessWords: ReadonlySet<string> = new Set([
  'COMERCIO', 'COMERCIAL', 'SERVICOS', 'SERVICO', 'BRASIL', 'BRASILEIRA', 'BRASILEIRO', 'NACIONAL', 'INTERNACIONAL',
  'INDUSTRIA', 'INDUSTRIAS', 'INDUSTRIAL', 'PARTICIPACOES', 'EMPREENDIMENTOS', 'IMOBILIARIOS', 'IMOBILIARIA',
  'CONSTRUCOES', 'CONSTRUCAO', 'CONSTRUTORA', 'ENGENHARIA', 'TRANSPORTES', 'TRANSPORTE', 'TRANSPORTADORA', 'LOGISTICA',
  'DISTRIBUIDORA', 'DISTRIBUICAO', 'IMPORTACAO', 'EXPORTACAO', 'IMPORTADORA', 'EXPORTADORA', 'ALIMENTOS', 'AGROPECUARIA',
  'CONSULTORIA', 'ASSESSORIA', 'TECNOLOGIA', 'SOLUCOES', 'SISTEMAS', 'GRUPO', 'HOLDING', 'EMPRESA', 'EMPRESAS',
  'INVESTIMENTOS', 'ADMINISTRACAO', 'ADMINISTRADORA', 'GESTAO', 'REPRESENTACOES', 'MATERIAIS', 'PRODUTOS', 'EQUIPAMENTOS',
  'NEGOCIOS', 'ASSOCIACAO', 'COOPERATIVA', 'FUNDACAO', 'INSTITUTO', 'SOCIEDADE', 'CENTRO', 'AGENCIA', 'ATACADO', 'VAREJO',
  'ATACADISTA', 'MERCADO', 'SUPERMERCADO', 'LOJA', 'LOJAS', 'FARMACIA', 'POSTO', 'AUTO', 'PECAS', 'VEICULOS', 'SAUDE',
  'EDUCACAO', 'ENSINO', 'MINERACAO', 'ENERGIA', 'PETROLEO', 'GAS', 'AGRO', 'AGRICOLA', 'INCORPORADORA', 'INCORPORACOES',
  'SEGURANCA', 'VIGILANCIA', 'LIMPEZA', 'MANUTENCAO', 'COMUNICACAO', 'MARKETING', 'PUBLICIDADE', 'EVENTOS', 'TURISMO',
  'SERVICES', 'GROUP', 'HOLDINGS', 'INTERNATIONAL', 'TRADING', 'COMPANY', 'SOLUTIONS', 'TECHNOLOGIES', 'GLOBAL',
  'NORTE', 'SUL', 'NORDESTE', 'CENTRAL', 'SUDESTE', 'OESTE', 'LESTE', 'NOVA', 'NOVO',
]);

/** Very frequent Brazilian given names: a match resting only on them and a common surname is weak. */
export const commonGivenNames: ReadonlySet<string> = new Set([
  'MARIA', 'JOSE', 'JOAO', 'ANTONIO', 'FRANCISCO', 'CARLOS', 'PAULO', 'PEDRO', 'LUCAS', 'LUIZ', 'LUIS', 'MARCOS',
  'GABRIEL', 'RAFAEL', 'DANIEL', 'MARCELO', 'BRUNO', 'EDUARDO', 'FELIPE', 'RAIMUNDO', 'RODRIGO', 'MANOEL', 'MANUEL',
  'SEBASTIAO', 'FERNANDO', 'FABIO', 'JORGE', 'ANDRE', 'ROBERTO', 'RICARDO', 'ALEXANDRE', 'GUSTAVO', 'MATEUS', 'TIAGO',
  'ANA', 'FRANCISCA', 'ANTONIA', 'ADRIANA', 'JULIANA', 'MARCIA', 'FERNANDA', 'PATRICIA', 'ALINE', 'SANDRA', 'CAMILA',
  'AMANDA', 'BRUNA', 'JESSICA', 'LETICIA', 'JULIA', 'LUCIANA', 'VANESSA', 'MARIANA', 'GABRIELA', 'VERA', 'VITORIA',
  'LARISSA', 'CLAUDIA', 'BEATRIZ', 'LUANA', 'RITA', 'SONIA', 'RENATA', 'ELIANE', 'APARECIDA', 'TERESA', 'ROSA', 'LUCIA',
]);

/** Very frequent Brazilian surnames: one of them alone never identifies anybody. */
export const commonSurnames: ReadonlySet<string> = new Set([
  'SILVA', 'SANTOS', 'OLIVEIRA', 'SOUZA', 'SOUSA', 'RODRIGUES', 'FERREIRA', 'ALVES', 'PEREIRA', 'LIMA', 'GOMES', 'COSTA',
  'RIBEIRO', 'MARTINS', 'CARVALHO', 'ALMEIDA', 'LOPES', 'SOARES', 'FERNANDES', 'VIEIRA', 'BARBOSA', 'ROCHA', 'DIAS',
  'NASCIMENTO', 'ANDRADE', 'MOREIRA', 'NUNES', 'MARQUES', 'MACHADO', 'MENDES', 'FREITAS', 'CARDOSO', 'RAMOS',
  'GONCALVES', 'SANTANA', 'TEIXEIRA', 'ARAUJO', 'MELO', 'CASTRO', 'CAVALCANTI', 'MONTEIRO', 'MOURA', 'BATISTA', 'CAMPOS',
  'CORREIA', 'PINTO', 'REIS', 'MIRANDA', 'FARIAS', 'JESUS', 'BORGES', 'BEZERRA', 'CUNHA', 'AZEVEDO', 'PIRES', 'BARROS',
  'FONSECA', 'MEDEIROS', 'XAVIER', 'SIQUEIRA', 'NOGUEIRA', 'COELHO', 'PRADO', 'BRITO', 'MATOS', 'JUNIOR', 'FILHO', 'NETO',
]);

/** Generational suffixes: part of a full name, but not what tells two people apart. */
export const generationalSuffixes: ReadonlySet<string> = new Set(['JUNIOR', 'JR', 'FILHO', 'NETO', 'SOBRINHO', 'SEGUNDO']);
