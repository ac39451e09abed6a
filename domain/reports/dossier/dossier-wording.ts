import { formatCnpj } from '../../documents/cnpj';
import { formatCpf } from '../../documents/cpf';
import { SAO_PAULO_OFFSET_MS } from '../../calendar/sao-paulo-time';

/**
 * The Portuguese words of the dossier PDF for every value the sections hold as an internal key
 * (docs/reports.md, "The dossier PDF"): no key, enum value or English sentence reaches the page.
 * An unknown value reads as `fallback` rather than as itself.
 */
export const wording = {
  riskLevel: { low: 'baixo', medium: 'médio', high: 'alto', critical: 'crítico' },
  pillar: {
    sanctions: 'Sanções',
    pep_exposure: 'Exposição política',
    legal_proceedings: 'Processos',
    registry_status: 'Situação cadastral',
    ownership_structure: 'Estrutura societária',
    adverse_media: 'Mídia adversa',
    network: 'Rede de relacionamentos',
  },
  entityType: {
    person: 'pessoa física',
    organization: 'pessoa jurídica',
    government_agency: 'órgão público',
    financial_institution: 'instituição financeira',
    political_party: 'partido político',
    foreign_entity: 'entidade estrangeira',
    vessel: 'embarcação',
    aircraft: 'aeronave',
    notary_office: 'cartório',
  },
  ownershipType: {
    declared_ubo: 'beneficiário final declarado',
    computed_ownership: 'participação calculada na cadeia',
    control: 'controle',
    registry_partner: 'sócio no cadastro (participação não informada)',
    senior_managing_official: 'administrador (na falta de beneficiário por participação)',
  },
  controlType: {
    ownership: 'participação',
    voting: 'direito de voto',
    both: 'participação e voto',
    other_influence: 'outra forma de influência',
    management: 'administração',
  },
  uboStatus: {
    confirmed: 'confirmado',
    probable: 'provável',
    discrepancy: 'divergente',
    unverified: 'não verificado',
    fallback: 'supletivo',
  },
  confidence: { high: 'alta', medium: 'média', low: 'baixa' },
  pepType: { elected_official: 'mandato eletivo', public_official: 'cargo ou função pública' },
  pepStatus: { active: 'em exercício', grace_period: 'deixou o cargo há menos de 5 anos' },
  mediaCategory: {
    sanctions: 'sanções',
    organized_crime: 'crime organizado',
    money_laundering: 'lavagem de dinheiro',
    corruption: 'corrupção',
    fraud: 'fraude',
    tax_crimes: 'crimes tributários',
    environmental: 'infrações ambientais',
    labour: 'infrações trabalhistas',
    other: 'outros fatos desabonadores',
  },
  sanctionList: {
    ceis: 'CEIS',
    cnep: 'CNEP',
    cepim: 'CEPIM',
    ceaf: 'CEAF',
    un: 'ONU — Conselho de Segurança',
    ofac_sdn: 'OFAC (lista SDN)',
    eu_fsf: 'União Europeia',
  },
  relationship: {
    PARTNER_OF: 'sócio',
    OWNS: 'sócio pessoa jurídica',
    ADMINISTERS: 'administrador',
    LEGAL_REPRESENTATIVE_OF: 'representante legal',
    CONTROLS: 'controlador',
  },
  proceedingStatus: { open: 'em curso', decided: 'decidido', closed: 'encerrado', archived: 'arquivado', suspended: 'suspenso' },
  proceedingRole: { defendant: 'parte acusada', plaintiff: 'parte autora', witness: 'testemunha', interested: 'interessado' },
  escalation: {
    critical_risk_level: 'O nível de risco exige escalonamento',
    sanctioned_subject: 'O cliente tem sanção vigente',
    sanctioned_associate: 'Sócio direto ou empresa controlada tem sanção vigente',
    pep_senior_approval: 'Relação com pessoa exposta politicamente em exercício: exige aprovação da alta administração',
    serious_crime_media: 'A mídia adversa associa o cliente a crime grave ou organizado',
    un_designated_subject: 'O cliente é designado pelo Conselho de Segurança da ONU: agir sem demora (Lei 13.810/2019)',
    foreign_sanctioned_subject: 'O cliente consta da lista OFAC SDN ou das sanções da União Europeia',
    listed_party_in_network: 'Uma parte da rede consta de lista internacional de sanções',
  },
  caseOutcome: {
    approve: 'aprovar o relacionamento',
    approve_with_edd: 'aprovar com diligência reforçada',
    reject: 'recusar o relacionamento',
    report_to_coaf: 'comunicar ao COAF',
  },
  reportStatus: { draft: 'rascunho', finalized: 'finalizado', filed: 'transmitido ao COAF', voided: 'anulado' },
  servant: { no: 'não', yes: 'sim', federal: 'federal', state: 'estadual', municipal: 'municipal' },
} as const satisfies Record<string, Record<string, string>>;

export type WordingTable = keyof typeof wording;

/** The Portuguese word for a value of a table; an unknown value reads as `fallback`, never as itself. */
export function wordOf(table: WordingTable, value: unknown, fallback = 'não classificado'): string {
  if (value === null || value === undefined || value === '') return '—';
  return (wording[table] as Record<string, string>)[String(value)] ?? fallback;
}

/**
 * A free text of the registry (a partner's role such as "Sócio-Administrador") as printed: the
 * registry's own Portuguese words stay, an internal relationship type is translated.
 */
export function registryText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  if (text in wording.relationship) return wording.relationship[text as keyof typeof wording.relationship];
  return /^[A-Z]+(_[A-Z]+)+$|^[a-z]+(_[a-z]+)+$/.test(text) ? 'outro vínculo' : text;
}

export const yesNo = (value: unknown): string => (value === true ? 'sim' : value === false ? 'não' : '—');

export const text = (value: unknown): string => (value === null || value === undefined || value === '' ? '—' : String(value));

/** YYYY-MM-DD (or the date of a timestamp) as DD/MM/AAAA. */
export function dateBr(value: unknown): string {
  if (typeof value !== 'string') return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** An instant as São Paulo's wall-clock time: "21/11/2026 às 07:00 (horário de Brasília)". */
export function instantBr(value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return '—';
  const local = new Date(Date.parse(value) + SAO_PAULO_OFFSET_MS).toISOString();
  return `${dateBr(local)} às ${local.slice(11, 16)} (horário de Brasília)`;
}

/** A CPF or CNPJ as written in Brazil; a masked or foreign document as it is. */
export function documentBr(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '—';
  if (/^\d{11}$/.test(value)) return `CPF ${formatCpf(value)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return `CNPJ ${formatCnpj(value)}`;
  return value;
}

/** A decimal amount in reais: "R$ 150.000,00". */
export function moneyBr(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const [int, dec] = n.toFixed(2).split('.');
  return `R$ ${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}

/** A percentage with a decimal comma ("60%", "33,33%"), or "não informada". */
export function percentBr(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'não informada';
  const n = Number(value);
  if (!Number.isFinite(n)) return 'não informada';
  return `${String(Math.round(n * 100) / 100).replace('.', ',')}%`;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "a", "a e b", "a, b e c". */
export function joinPt(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}
