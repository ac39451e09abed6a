import type { SignalRule } from './types';

const CEIS_CNEP = ['Lei 12.846/2013 (Lei Anticorrupção), art. 22 e 23', 'Lei 9.613/1998, art. 10'];
const sanctionEvidence = {
  key: 'sanction',
  label: 'Sanction record',
  description: 'The CEIS/CNEP record: list, type, period, sanctioning body, process',
};

export const sanctionSignals: SignalRule[] = [
  {
    code: 'SANCTION_ACTIVE_SUBJECT_CEIS',
    name: 'Subject on CEIS, active at as_of',
    pillar: 'sanctions',
    base_points: 80,
    version: '1.0.0',
    description:
      'The subject is listed on CEIS (Cadastro de Empresas Inidôneas e Suspensas) with a sanction whose period contains as_of (no start date = already in force; no end date = open-ended).',
    evidences: [sanctionEvidence],
    limitations: ['Only sanctions already resolved to the subject entity are seen; name-only list entries are not matched here.'],
    regulatory_references: CEIS_CNEP,
    parameters: { list_code: 'ceis' },
    band_floor: { floor_score: 75, reason: 'Active CEIS sanction on the subject' },
    escalation: { code: 'sanctioned_subject', reason: 'The subject is under an active CEIS sanction' },
  },
  {
    code: 'SANCTION_ACTIVE_SUBJECT_CNEP',
    name: 'Subject on CNEP, active at as_of',
    pillar: 'sanctions',
    base_points: 80,
    version: '1.0.0',
    description:
      'The subject is listed on CNEP (Cadastro Nacional de Empresas Punidas, Lei 12.846/2013) with a sanction whose period contains as_of.',
    evidences: [sanctionEvidence],
    limitations: ['Only sanctions already resolved to the subject entity are seen; name-only list entries are not matched here.'],
    regulatory_references: CEIS_CNEP,
    parameters: { list_code: 'cnep' },
    band_floor: { floor_score: 75, reason: 'Active CNEP sanction on the subject' },
    escalation: { code: 'sanctioned_subject', reason: 'The subject is under an active CNEP sanction' },
  },
  {
    code: 'SANCTION_PAST_SUBJECT',
    name: 'Subject sanctioned in the recent past',
    pillar: 'sanctions',
    base_points: 25,
    version: '1.0.0',
    description: 'A CEIS/CNEP sanction of the subject ended before as_of, within the look-back window.',
    evidences: [sanctionEvidence],
    limitations: ['Sanctions removed from the public lists before the last import are not known.'],
    regulatory_references: CEIS_CNEP,
    parameters: { lookback_years: 5 },
    band_floor: null,
    escalation: null,
  },
  {
    code: 'SANCTION_ACTIVE_PARTNER',
    name: 'Direct partner or controlled company under active sanction',
    pillar: 'sanctions',
    base_points: 50,
    version: '1.0.0',
    description:
      'An entity linked to the subject by a control relationship (partner, owner, administrator, controller, legal representative; either direction, one hop) has a CEIS/CNEP sanction active at as_of.',
    evidences: [
      sanctionEvidence,
      {
        key: 'relationship',
        label: 'Control relationship',
        description: 'The relationship that links the sanctioned entity to the subject',
      },
    ],
    limitations: ['Relationships ended before as_of do not count; masked partner documents may hide a match.'],
    regulatory_references: CEIS_CNEP,
    parameters: { control_relationship_types: ['PARTNER_OF', 'OWNS', 'CONTROLS', 'ADMINISTERS', 'LEGAL_REPRESENTATIVE_OF'] },
    band_floor: { floor_score: 50, reason: 'Active sanction on a direct partner or controlled company' },
    escalation: { code: 'sanctioned_associate', reason: 'A direct partner or controlled company is under an active sanction' },
  },
  {
    code: 'SANCTION_ACTIVE_NETWORK',
    name: 'Sanctioned entity in the wider network',
    pillar: 'sanctions',
    base_points: 20,
    version: '1.0.0',
    description: 'An entity of the network other than the subject and its direct control associates has a sanction active at as_of.',
    evidences: [sanctionEvidence],
    limitations: ['Bounded by the network depth and size of the snapshot.'],
    regulatory_references: CEIS_CNEP,
    parameters: {},
    band_floor: null,
    escalation: null,
  },
];
