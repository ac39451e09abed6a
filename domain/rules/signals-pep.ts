import type { SignalRule } from './types';

const PEP_REFS = ['Circular BCB 3.978/2020, art. 27', 'Resolução COAF 40/2021', 'Lei 9.613/1998, art. 10'];
const pepEvidence = {
  key: 'pep_record',
  label: 'PEP record',
  description: 'Role, level, institution and the office period, with the grace end',
};
const grace = { grace_years: 5 };

export const pepSignals: SignalRule[] = [
  {
    code: 'PEP_SUBJECT_ACTIVE',
    name: 'Subject is a PEP in office',
    pillar: 'pep_exposure',
    base_points: 60,
    version: '1.0.0',
    description: 'The subject holds a politically exposed position at as_of (started on or before as_of, not ended before it).',
    evidences: [pepEvidence],
    limitations: ['The CGU list covers federal, state and municipal roles it publishes; foreign PEPs are not covered.'],
    regulatory_references: PEP_REFS,
    parameters: grace,
    band_floor: { floor_score: 50, reason: 'The subject is a politically exposed person in office' },
    escalation: { code: 'pep_senior_approval', reason: 'Business with a PEP in office needs senior management approval' },
  },
  {
    code: 'PEP_SUBJECT_GRACE',
    name: 'Subject left PEP office less than 5 years ago',
    pillar: 'pep_exposure',
    base_points: 40,
    version: '1.0.0',
    description:
      'The subject left a politically exposed position before as_of and as_of is within the grace period (the published grace end, or end date + 5 years).',
    evidences: [pepEvidence],
    limitations: ['An office without an end date is treated as still held.'],
    regulatory_references: PEP_REFS,
    parameters: grace,
    band_floor: { floor_score: 25, reason: 'The subject is a politically exposed person within 5 years of leaving office' },
    escalation: null,
  },
  {
    code: 'PEP_RELATIVE',
    name: 'Family member of a PEP',
    pillar: 'pep_exposure',
    base_points: 35,
    version: '1.0.0',
    description:
      'A FAMILY_OF relationship links the subject directly to a person who is a PEP (in office or in the grace period) at as_of.',
    evidences: [pepEvidence, { key: 'relationship', label: 'Family relationship', description: 'The relationship to the PEP' }],
    limitations: ['Family ties are known only when a source declares them.'],
    regulatory_references: PEP_REFS,
    parameters: grace,
    band_floor: null,
    escalation: null,
  },
  {
    code: 'PEP_ASSOCIATE_DIRECT',
    name: 'PEP one hop away (degree 1)',
    pillar: 'pep_exposure',
    base_points: 30,
    version: '1.0.0',
    description:
      'An entity one hop from the subject through a non-family relationship (partner, administrator, employer...) is a PEP in office or in the grace period at as_of.',
    evidences: [pepEvidence, { key: 'relationship', label: 'Relationship', description: 'How the PEP is linked to the subject' }],
    limitations: ['Masked partner CPFs are resolved by name and masked digits; a wrong resolution is possible.'],
    regulatory_references: PEP_REFS,
    parameters: grace,
    band_floor: null,
    escalation: null,
  },
  {
    code: 'PEP_NETWORK_INDIRECT',
    name: 'PEP two or more hops away',
    pillar: 'pep_exposure',
    base_points: 10,
    version: '1.0.0',
    description: 'An entity two or more hops from the subject is a PEP in office or in the grace period at as_of.',
    evidences: [pepEvidence],
    limitations: ['Bounded by the network depth and size of the snapshot.'],
    regulatory_references: PEP_REFS,
    parameters: { ...grace, min_degree: 2 },
    band_floor: null,
    escalation: null,
  },
];
