/** Word lists of the synthetic dataset: Brazilian names with their accents, company words, RF code tables. */
export const firstNames = ['JOSÉ', 'JOÃO', 'ANTÔNIO', 'FRANCISCO', 'CARLOS', 'PAULO', 'PEDRO', 'LUCAS', 'LUIZ', 'MARCOS', 'LUÍS', 'GABRIEL', 'RAFAEL', 'DANIEL', 'MARCELO', 'BRUNO', 'EDUARDO', 'FELIPE', 'RAIMUNDO', 'RODRIGO',
  'MARIA', 'ANA', 'FRANCISCA', 'ANTÔNIA', 'ADRIANA', 'JULIANA', 'MÁRCIA', 'FERNANDA', 'PATRÍCIA', 'ALINE', 'SANDRA', 'CAMILA', 'AMANDA', 'BRUNA', 'JÉSSICA', 'LETÍCIA', 'JÚLIA', 'LUCIANA', 'VANESSA', 'CONCEIÇÃO'];
export const surnames = ['SILVA', 'SANTOS', 'OLIVEIRA', 'SOUZA', 'RODRIGUES', 'FERREIRA', 'ALVES', 'PEREIRA', 'LIMA', 'GOMES', 'COSTA', 'RIBEIRO', 'MARTINS', 'CARVALHO', 'ALMEIDA', 'LOPES', 'SOARES', 'FERNANDES', 'VIEIRA', 'BARBOSA',
  'ROCHA', 'DIAS', 'NASCIMENTO', 'ANDRADE', 'MOREIRA', 'NUNES', 'MARQUES', 'MACHADO', 'MENDES', 'FREITAS', 'CARDOSO', 'RAMOS', 'GONÇALVES', 'SANTANA', 'TEIXEIRA', 'ARAÚJO', 'CONCEIÇÃO', 'BRANDÃO', 'ASSUNÇÃO', 'GUSMÃO'];
export const companyWords = ['COMÉRCIO', 'INDÚSTRIA', 'SERVIÇOS', 'CONSTRUÇÕES', 'TRANSPORTES', 'ALIMENTOS', 'TECNOLOGIA', 'PARTICIPAÇÕES', 'AGROPECUÁRIA', 'LOGÍSTICA', 'ENGENHARIA', 'DISTRIBUIDORA', 'CONSULTORIA',
  'IMPORTAÇÃO', 'EXPORTAÇÃO', 'SAÚDE', 'EDUCAÇÃO', 'ENERGIA', 'MINERAÇÃO', 'FARMÁCIA', 'PADARIA', 'AÇOUGUE', 'CAFÉ', 'CONFECÇÕES', 'METALÚRGICA', 'INFORMÁTICA', 'PAPELARIA', 'ÓTICA', 'CERÂMICA', 'AVIAÇÃO'];
export const placeWords = ['SÃO PAULO', 'PARANÁ', 'GOIÁS', 'AMAZÔNIA', 'PAMPA', 'CERRADO', 'ATLÂNTICO', 'PLANALTO', 'SERTÃO', 'LITORAL', 'ITAJAÍ', 'MARAJÓ', 'TAPAJÓS', 'IGUAÇU', 'PIAUÍ'];
export const foreignHoldingWords = ['ATLAS', 'MERIDIAN', 'NORTHSTAR', 'BLUE HARBOUR', 'CORAL BAY', 'SILVERGATE', 'OAKWOOD', 'PACIFIC RIM', 'HIGHLAND', 'CRESCENT'];
export const foreignCountries = [{ code: '249', name: 'ESTADOS UNIDOS', iso: 'US', scheme: 'US-DE' }, { code: '628', name: 'REINO UNIDO', iso: 'GB', scheme: 'GB-COH' },
  { code: '137', name: 'ILHAS CAYMAN', iso: 'KY', scheme: 'KY-CR' }, { code: '573', name: 'PAISES BAIXOS (HOLANDA)', iso: 'NL', scheme: 'NL-KVK' }, { code: '845', name: 'URUGUAI', iso: 'UY', scheme: 'UY-RUT' }];

/** Legal natures with their weight in the dataset; the suffix goes after the company name. */
export const legalNatures = [
  { code: '2062', description: 'Sociedade Empresária Limitada', suffix: 'LTDA', weight: 60 },
  { code: '2135', description: 'Empresário (Individual)', suffix: 'ME', weight: 15 },
  { code: '2054', description: 'Sociedade Anônima Fechada', suffix: 'S.A.', weight: 8 },
  { code: '2305', description: 'Empresa Individual de Responsabilidade Limitada (de Natureza Empresária)', suffix: 'EIRELI', weight: 6 },
  { code: '3999', description: 'Associação Privada', suffix: 'ASSOCIAÇÃO', weight: 5 },
  { code: '2046', description: 'Sociedade Anônima Aberta', suffix: 'S.A.', weight: 3 },
  { code: '1244', description: 'Município', suffix: 'PREFEITURA', weight: 1 },
  { code: '2011', description: 'Empresa Pública', suffix: 'EMPRESA PÚBLICA', weight: 1 },
  { code: '3069', description: 'Fundação Privada', suffix: 'FUNDAÇÃO', weight: 1 },
];

export const cnaes = [
  ['4711302', 'Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados'],
  ['4120400', 'Construção de edifícios'], ['4930202', 'Transporte rodoviário de carga, exceto produtos perigosos e mudanças, intermunicipal, interestadual e internacional'],
  ['6201501', 'Desenvolvimento de programas de computador sob encomenda'], ['7020400', 'Atividades de consultoria em gestão empresarial, exceto consultoria técnica específica'],
  ['6462000', 'Holdings de instituições não-financeiras'], ['6422100', 'Bancos múltiplos, com carteira comercial'], ['1091101', 'Fabricação de produtos de panificação industrial'],
  ['5611201', 'Restaurantes e similares'], ['4771701', 'Comércio varejista de produtos farmacêuticos, sem manipulação de fórmulas'], ['0111301', 'Cultivo de arroz'],
  ['6912500', 'Cartórios'], ['8411600', 'Administração pública em geral'], ['0710301', 'Extração de minério de ferro'],
] as const;

export const qualifications = [
  ['05', 'Administrador'], ['08', 'Conselheiro de Administração'], ['10', 'Diretor'], ['16', 'Presidente'], ['17', 'Procurador'], ['22', 'Sócio'],
  ['37', 'Sócio Pessoa Jurídica Domiciliado no Exterior'], ['38', 'Sócio Pessoa Física Residente no Exterior'], ['49', 'Sócio-Administrador'], ['65', 'Titular Pessoa Física Residente ou Domiciliado no Brasil'],
] as const;

export const municipalities = [['7107', 'SAO PAULO', 'SP'], ['6001', 'RIO DE JANEIRO', 'RJ'], ['4123', 'BELO HORIZONTE', 'MG'], ['9701', 'BRASILIA', 'DF'], ['7535', 'CURITIBA', 'PR'],
  ['8801', 'PORTO ALEGRE', 'RS'], ['3849', 'SALVADOR', 'BA'], ['1389', 'FORTALEZA', 'CE'], ['2531', 'RECIFE', 'PE'], ['0255', 'MANAUS', 'AM'], ['9373', 'GOIANIA', 'GO'], ['0427', 'BELEM', 'PA']] as const;

export const reasons = [['00', 'SEM MOTIVO'], ['01', 'EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA'], ['21', 'PEDIDO DE BAIXA INDEFERIDA'], ['63', 'OMISSAO DE DECLARACOES'], ['71', 'INAPTIDAO (LEI 11.941/2009 ART.54)']] as const;

export const pepRoles = [
  ['DEP FED', 'DEPUTADO FEDERAL', 'CÂMARA DOS DEPUTADOS'], ['SEN', 'SENADOR', 'SENADO FEDERAL'], ['PREF', 'PREFEITO', 'PREFEITURA MUNICIPAL'], ['VER', 'VEREADOR', 'CÂMARA MUNICIPAL'],
  ['DAS 6', 'SECRETÁRIO EXECUTIVO', 'MINISTÉRIO DA ECONOMIA'], ['DIR', 'DIRETOR DE AGÊNCIA REGULADORA', 'AGÊNCIA NACIONAL DE ENERGIA ELÉTRICA'], ['PRES', 'PRESIDENTE DE EMPRESA PÚBLICA', 'BANCO DO BRASIL S.A.'],
] as const;
