import type { SignalRule } from './types';

const REFS = ['IN RFB 2.119/2022 (CNPJ)', 'Circular BCB 3.978/2020, art. 16 (qualificação)'];
const statusEvidence = {
  key: 'registration_status',
  label: 'Registration status',
  description: 'Status, status date and reason as published by Receita Federal',
};
const statusLimitation = 'The status is the one of the last import; a change after it is not seen.';

function statusSignal(code: string, name: string, statuses: string[], basePoints: number, meaning: string): SignalRule {
  return {
    code,
    name,
    pillar: 'registry_status',
    base_points: basePoints,
    version: '1.0.0',
    description: `The subject's registration status is ${statuses.join(' or ')}: ${meaning}.`,
    evidences: [statusEvidence],
    limitations: [statusLimitation],
    regulatory_references: REFS,
    parameters: { statuses },
    band_floor: { floor_score: 50, reason: `Registration ${statuses.join('/')}: ${meaning}` },
    escalation: null,
  };
}

export const registrySignals: SignalRule[] = [
  statusSignal(
    'REGISTRY_CLOSED',
    'Registration closed (BAIXADA)',
    ['BAIXADA', 'CANCELADA'],
    70,
    'the registration was closed and the entity may not operate',
  ),
  statusSignal('REGISTRY_NULLIFIED', 'Registration null (NULA)', ['NULA'], 70, 'the registration was declared null'),
  statusSignal('REGISTRY_SUSPENDED', 'Registration suspended (SUSPENSA)', ['SUSPENSA'], 60, 'the registration is suspended'),
  statusSignal(
    'REGISTRY_UNFIT',
    'Registration unfit (INAPTA)',
    ['INAPTA'],
    60,
    'the registration is unfit (missing filings or not located)',
  ),
  {
    code: 'REGISTRY_RECENT_INCORPORATION',
    name: 'Recently incorporated',
    pillar: 'registry_status',
    base_points: 25,
    version: '1.0.0',
    description: 'The subject was incorporated less than max_age_months before as_of.',
    evidences: [{ key: 'incorporation_date', label: 'Incorporation date', description: 'Incorporation date and age in months at as_of' }],
    limitations: ['Without an incorporation date the rule cannot decide and says so.'],
    regulatory_references: REFS,
    parameters: { max_age_months: 12 },
    band_floor: null,
    escalation: null,
  },
  {
    code: 'REGISTRY_SPECIAL_SITUATION',
    name: 'Special situation (bankruptcy, liquidation...)',
    pillar: 'registry_status',
    base_points: 35,
    version: '1.0.0',
    description:
      'The registry reports a special situation for the subject (e.g. RECUPERACAO JUDICIAL, FALIDO, EM LIQUIDACAO), dated on or before as_of when a date is known.',
    evidences: [{ key: 'special_status', label: 'Special situation', description: 'The special situation and its date' }],
    limitations: [statusLimitation],
    regulatory_references: REFS,
    parameters: {},
    band_floor: null,
    escalation: null,
  },
  {
    code: 'REGISTRY_HEADQUARTERS_IRREGULAR',
    name: 'Branch of an irregular headquarters',
    pillar: 'registry_status',
    base_points: 30,
    version: '1.0.0',
    description: 'The subject is a branch (BRANCH_OF) whose headquarters has a closed, null, suspended or unfit registration.',
    evidences: [statusEvidence, { key: 'headquarters', label: 'Headquarters', description: 'The headquarters entity' }],
    limitations: ['Needs the headquarters in the snapshot (one hop).'],
    regulatory_references: REFS,
    parameters: { statuses: ['BAIXADA', 'CANCELADA', 'NULA', 'SUSPENSA', 'INAPTA'] },
    band_floor: null,
    escalation: null,
  },
];
