import type { SignalRule } from './types';

const REFS = ['Lei 12.846/2013, art. 8', 'Lei 8.429/1992 (improbidade administrativa)'];
const proceedingEvidence = {
  key: 'proceeding',
  label: 'Proceeding',
  description: 'Number, type, authority, status and dates of the proceeding, and the role of the party',
};
/** Roles that are not adverse to the party (who files or testifies is not accused). */
const nonAdverseRoles = ['complainant', 'plaintiff', 'witness', 'autor', 'requerente', 'denunciante', 'testemunha', 'interessado'];
const closedStatuses = ['closed', 'archived', 'arquivado', 'encerrado', 'concluido', 'extinto', 'finalizado', 'baixado'];
const sanctioningMarkers = [
  'sanction',
  'sancion',
  'condenad',
  'condemn',
  'convicted',
  'guilty',
  'penalt',
  'penalid',
  'punid',
  'punish',
  'multa',
  'fined',
];
const common = { non_adverse_roles: nonAdverseRoles, closed_statuses: closedStatuses };

export const proceedingSignals: SignalRule[] = [
  {
    code: 'PROCEEDING_OPEN_SUBJECT',
    name: 'Open proceeding against the subject',
    pillar: 'legal_proceedings',
    base_points: 30,
    version: '1.0.0',
    description: 'The subject is an adverse party of an administrative proceeding opened on or before as_of and not closed at as_of.',
    evidences: [proceedingEvidence],
    limitations: ['Only the administrative proceedings imported are seen; judicial cases are not covered.'],
    regulatory_references: REFS,
    parameters: common,
    band_floor: null,
    escalation: null,
  },
  {
    code: 'PROCEEDING_SANCTIONING_DECISION',
    name: 'Sanctioning decision against the subject',
    pillar: 'legal_proceedings',
    base_points: 50,
    version: '1.0.0',
    description:
      'A proceeding in which the subject is an adverse party has a decision dated on or before as_of whose status denotes a sanction or conviction.',
    evidences: [proceedingEvidence],
    limitations: ['The decision is recognized from the status text; an unusual wording may be missed.'],
    regulatory_references: REFS,
    parameters: { ...common, sanctioning_status_markers: sanctioningMarkers },
    band_floor: { floor_score: 25, reason: 'A sanctioning decision was issued against the subject' },
    escalation: null,
  },
  {
    code: 'PROCEEDING_RECURRENT',
    name: 'Recurrent proceedings',
    pillar: 'legal_proceedings',
    base_points: 20,
    version: '1.0.0',
    description: 'The subject is an adverse party of at least min_count proceedings opened on or before as_of, open or closed.',
    evidences: [proceedingEvidence],
    limitations: ['Proceedings without an opening date count as opened before as_of.'],
    regulatory_references: REFS,
    parameters: { ...common, min_count: 3 },
    band_floor: null,
    escalation: null,
  },
  {
    code: 'PROCEEDING_ASSOCIATE',
    name: 'Direct associate in an open or sanctioning proceeding',
    pillar: 'legal_proceedings',
    base_points: 15,
    version: '1.0.0',
    description:
      'An entity linked to the subject by a control relationship (one hop) is an adverse party of a proceeding open at as_of or with a sanctioning decision.',
    evidences: [
      proceedingEvidence,
      { key: 'relationship', label: 'Control relationship', description: 'How the party is linked to the subject' },
    ],
    limitations: ['Only parties resolved to entities of the network are seen.'],
    regulatory_references: REFS,
    parameters: { ...common, sanctioning_status_markers: sanctioningMarkers },
    band_floor: null,
    escalation: null,
  },
];
