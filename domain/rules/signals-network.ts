import type { SignalRule } from './types';

const REFS = ['Circular BCB 3.978/2020, art. 38', 'Carta Circular BCB 4.001/2020 (indícios de interposição de pessoas)'];
const partnerEvidence = { key: 'partner', label: 'Partner', description: 'The partner and the companies or facts that make it stand out' };

export const networkSignals: SignalRule[] = [
  {
    code: 'NETWORK_MASS_PARTNER',
    name: 'Partner in many companies',
    pillar: 'network',
    base_points: 40,
    version: '1.0.0',
    description:
      'A person who is a direct partner, owner or administrator of the subject (or the subject itself, when a person) holds such a relationship, active at as_of, in at least min_companies organizations.',
    evidences: [partnerEvidence],
    limitations: ['Counts only companies within the snapshot; a truncated network may undercount.'],
    regulatory_references: REFS,
    parameters: { min_companies: 10 },
    band_floor: null,
    escalation: null,
  },
  {
    code: 'NETWORK_NOMINEE_PARTNER',
    name: 'Nominee indicators on a partner',
    pillar: 'network',
    base_points: 35,
    version: '1.0.0',
    description:
      'A person who is a direct partner or administrator of the subject is deceased, younger than min_age or at least max_age years old at as_of (birth date, else the Receita Federal age range code).',
    evidences: [partnerEvidence],
    limitations: ['Receita Federal publishes age ranges, not birth dates, for partners: the range is used when the date is unknown.'],
    regulatory_references: REFS,
    parameters: { min_age: 21, max_age: 80, young_age_range_codes: ['1', '2'], old_age_range_codes: ['9'] },
    band_floor: null,
    escalation: null,
  },
  {
    code: 'NETWORK_SHARED_ADDRESS',
    name: 'Many companies at the subject address',
    pillar: 'network',
    base_points: 25,
    version: '1.0.0',
    description:
      "At least min_entities other organizations of the network share the subject's address (postal code and normalized street address).",
    evidences: [{ key: 'address_cluster', label: 'Address cluster', description: 'The address and the organizations registered there' }],
    limitations: ['Only organizations within the snapshot are compared; registered agents and coworking spaces are legitimate clusters.'],
    regulatory_references: REFS,
    parameters: { min_entities: 5 },
    band_floor: null,
    escalation: null,
  },
  {
    code: 'NETWORK_INACTIVE_COMPANIES',
    name: 'Partner of many closed or irregular companies',
    pillar: 'network',
    base_points: 25,
    version: '1.0.0',
    description:
      'A direct partner, owner or administrator of the subject (or the subject itself) is or was linked to at least min_companies other organizations whose registration is closed, null, suspended or unfit.',
    evidences: [partnerEvidence],
    limitations: ['Counts only companies within the snapshot.'],
    regulatory_references: REFS,
    parameters: { min_companies: 3, statuses: ['BAIXADA', 'CANCELADA', 'NULA', 'SUSPENSA', 'INAPTA'] },
    band_floor: null,
    escalation: null,
  },
];
