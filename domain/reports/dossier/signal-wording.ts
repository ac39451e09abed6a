/**
 * Each rule-catalog signal in plain Portuguese with the norm it evidences, as the dossier PDF
 * prints it (docs/reports.md, "The dossier PDF"). The manifest maps a signal to requirements, not
 * to one norm, so the citation of each signal is held here, in the words of the norms as they
 * are (Circular BCB 3.978/2020 arts. 18–19 qualification, 24–26 beneficial owner, 27 PEP, 38–39
 * monitoring; Lei 12.846/2013 arts. 22–23 for CEIS/CNEP; Lei 13.810/2019 for the UN list).
 * A signal missing here is a test failure (test/unit/domain/reports/dossier/signal-wording.test.ts).
 */
export type SignalWording = { text: string; norm: string };

const qualification = 'Circular BCB 3.978/2020, arts. 18 e 19 (qualificação)';
const beneficialOwner = 'Circular BCB 3.978/2020, arts. 24 a 26 (beneficiário final)';
const pep = 'Circular BCB 3.978/2020, art. 27 (pessoa exposta politicamente)';
const monitoring = 'Circular BCB 3.978/2020, arts. 38 e 39 (monitoramento e situações suspeitas)';
const ceisCnep = 'Lei 12.846/2013, arts. 22 e 23 (CEIS e CNEP)';
const unList = 'Lei 13.810/2019; Resolução BCB 44/2020 (sanções do Conselho de Segurança da ONU)';

export const signalWording: Readonly<Record<string, SignalWording>> = {
  SANCTION_ACTIVE_SUBJECT_CEIS: {
    text: 'O cliente tem sanção vigente no Cadastro de Empresas Inidôneas e Suspensas (CEIS)',
    norm: ceisCnep,
  },
  SANCTION_ACTIVE_SUBJECT_CNEP: { text: 'O cliente tem sanção vigente no Cadastro Nacional de Empresas Punidas (CNEP)', norm: ceisCnep },
  SANCTION_PAST_SUBJECT: { text: 'O cliente foi sancionado em passado recente', norm: ceisCnep },
  SANCTION_ACTIVE_PARTNER: { text: 'Sócio direto ou empresa controlada tem sanção vigente', norm: `${ceisCnep}; ${monitoring}` },
  SANCTION_ACTIVE_NETWORK: { text: 'Há entidade sancionada na rede de relacionamentos do cliente', norm: monitoring },
  SANCTION_UN_SUBJECT: { text: 'O cliente consta da lista consolidada do Conselho de Segurança da ONU', norm: unList },
  SANCTION_FOREIGN_SUBJECT: { text: 'O cliente consta da lista OFAC SDN ou das sanções financeiras da União Europeia', norm: monitoring },
  SANCTION_FOREIGN_NETWORK: { text: 'Uma parte da rede consta de lista internacional de sanções', norm: monitoring },
  WATCHLIST_POSSIBLE_MATCH: { text: 'Possível coincidência de nome com lista de sanções, a confirmar', norm: monitoring },
  PEP_SUBJECT_ACTIVE: { text: 'O cliente é pessoa exposta politicamente em exercício', norm: pep },
  PEP_SUBJECT_GRACE: { text: 'O cliente deixou há menos de 5 anos cargo que o tornava pessoa exposta politicamente', norm: pep },
  PEP_RELATIVE: { text: 'Familiar de pessoa exposta politicamente', norm: pep },
  PEP_ASSOCIATE_DIRECT: { text: 'Pessoa exposta politicamente ligada diretamente ao cliente', norm: pep },
  PEP_NETWORK_INDIRECT: { text: 'Pessoa exposta politicamente na rede, a dois ou mais vínculos do cliente', norm: pep },
  PROCEEDING_OPEN_SUBJECT: { text: 'Há processo em curso contra o cliente', norm: monitoring },
  PROCEEDING_SANCTIONING_DECISION: { text: 'Há decisão sancionadora contra o cliente', norm: monitoring },
  PROCEEDING_RECURRENT: { text: 'O cliente responde a processos recorrentes', norm: monitoring },
  PROCEEDING_ASSOCIATE: { text: 'Sócio ou administrador direto responde a processo em curso ou sancionador', norm: monitoring },
  REGISTRY_CLOSED: { text: 'Empresa com inscrição baixada no CNPJ', norm: qualification },
  REGISTRY_NULLIFIED: { text: 'Empresa com inscrição nula no CNPJ', norm: qualification },
  REGISTRY_SUSPENDED: { text: 'Empresa com inscrição suspensa no CNPJ', norm: qualification },
  REGISTRY_UNFIT: { text: 'Empresa com inscrição inapta no CNPJ', norm: qualification },
  REGISTRY_RECENT_INCORPORATION: { text: 'Empresa constituída recentemente', norm: qualification },
  REGISTRY_SPECIAL_SITUATION: { text: 'Empresa em situação especial (falência, liquidação ou recuperação)', norm: qualification },
  REGISTRY_HEADQUARTERS_IRREGULAR: { text: 'Filial de matriz com situação cadastral irregular', norm: qualification },
  OWNERSHIP_FOREIGN_OWNER: { text: 'Entidade estrangeira na cadeia societária', norm: beneficialOwner },
  OWNERSHIP_UNRESOLVED_CHAIN: { text: 'Cadeia societária que termina sem pessoa natural identificada', norm: beneficialOwner },
  OWNERSHIP_CYCLE: { text: 'Participações circulares na cadeia societária', norm: beneficialOwner },
  OWNERSHIP_DEEP_CHAIN: { text: 'Cadeia societária longa (três ou mais níveis)', norm: beneficialOwner },
  OWNERSHIP_NO_KNOWN_OWNERS: { text: 'Nenhum sócio ou proprietário conhecido', norm: beneficialOwner },
  MEDIA_FINANCIAL_CRIME: { text: 'Notícias associam o cliente a crime financeiro (lavagem, fraude, corrupção)', norm: monitoring },
  MEDIA_SERIOUS_CRIME: { text: 'Notícias associam o cliente a crime grave ou organizado', norm: monitoring },
  MEDIA_ESG_LABOR: { text: 'Notícias associam o cliente a infrações ambientais ou trabalhistas', norm: monitoring },
  MEDIA_OTHER_ADVERSE: { text: 'Outras notícias desabonadoras sobre o cliente', norm: monitoring },
  MEDIA_NETWORK: { text: 'Notícias desabonadoras sobre pessoa ligada diretamente ao cliente', norm: monitoring },
  NETWORK_MASS_PARTNER: { text: 'Sócio presente em muitas empresas', norm: monitoring },
  NETWORK_NOMINEE_PARTNER: { text: 'Indícios de sócio interposto (laranja)', norm: monitoring },
  NETWORK_SHARED_ADDRESS: { text: 'Muitas empresas registradas no endereço do cliente', norm: monitoring },
  NETWORK_INACTIVE_COMPANIES: { text: 'Sócio de muitas empresas baixadas ou irregulares', norm: monitoring },
};

/** The signal in words with its norm; a code this table lacks still reads as words, never as the code. */
export function signalInWords(code: string): SignalWording {
  return signalWording[code] ?? { text: 'Sinal de risco do catálogo de regras (sem descrição nesta versão do modelo)', norm: monitoring };
}
