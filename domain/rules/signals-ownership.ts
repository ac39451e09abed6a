import type { SignalRule } from './types';

const REFS = [
  'Circular BCB 3.978/2020, art. 16 e 18 (beneficiário final)',
  'IN RFB 2.119/2022, art. 8 (beneficiário final)',
  'FATF Recommendation 24',
];
const chainEvidence = {
  key: 'ownership_chain',
  label: 'Ownership chain',
  description: 'The chain of owners from the subject upwards, entity by entity',
};
/** Ownership edges point owner → owned; BODS declarations count as edges owner → subject. */
const ownershipTypes = ['PARTNER_OF', 'OWNS', 'CONTROLS'];
/** Chain ends that need no further look-through: states and regulated institutions. */
const resolvedTerminalTypes = ['person', 'government_agency', 'financial_institution'];

export const ownershipSignals: SignalRule[] = [
  {
    code: 'OWNERSHIP_FOREIGN_OWNER',
    name: 'Foreign entity in the ownership chain',
    pillar: 'ownership_structure',
    base_points: 30,
    version: '1.0.0',
    description: 'An owner of the subject, at any level of the chain active at as_of, is a foreign entity.',
    evidences: [chainEvidence],
    limitations: ['Foreign registries are not consulted: what is above a foreign owner is unknown.'],
    regulatory_references: REFS,
    parameters: { ownership_relationship_types: ownershipTypes },
    band_floor: null,
    escalation: null,
  },
  {
    code: 'OWNERSHIP_UNRESOLVED_CHAIN',
    name: 'Ownership chain ends without a natural person',
    pillar: 'ownership_structure',
    base_points: 30,
    version: '1.0.0',
    description:
      'A chain of owners active at as_of ends in a legal entity (neither a person, a government agency nor a financial institution) with no known owner of its own.',
    evidences: [chainEvidence],
    limitations: ['A chain cut by the snapshot depth or size limit counts as unresolved and is reported as a limitation.'],
    regulatory_references: REFS,
    parameters: { ownership_relationship_types: ownershipTypes, resolved_terminal_types: resolvedTerminalTypes },
    band_floor: null,
    escalation: null,
  },
  {
    code: 'OWNERSHIP_CYCLE',
    name: 'Circular ownership',
    pillar: 'ownership_structure',
    base_points: 40,
    version: '1.0.0',
    description: 'The ownership relationships active at as_of above the subject form a cycle (A owns B owns ... owns A).',
    evidences: [chainEvidence],
    limitations: ['Only cycles within the snapshot are seen.'],
    regulatory_references: REFS,
    parameters: { ownership_relationship_types: ownershipTypes },
    band_floor: { floor_score: 25, reason: 'Circular ownership above the subject' },
    escalation: null,
  },
  {
    code: 'OWNERSHIP_DEEP_CHAIN',
    name: 'Deep ownership chain',
    pillar: 'ownership_structure',
    base_points: 20,
    version: '1.0.0',
    description: 'Reaching some owner of the subject takes at least min_depth levels of legal entities (shortest chain).',
    evidences: [chainEvidence],
    limitations: ['The depth seen is bounded by the snapshot depth.'],
    regulatory_references: REFS,
    parameters: { ownership_relationship_types: ownershipTypes, min_depth: 3 },
    band_floor: null,
    escalation: null,
  },
  {
    code: 'OWNERSHIP_NO_KNOWN_OWNERS',
    name: 'No known owner',
    pillar: 'ownership_structure',
    base_points: 20,
    version: '1.0.0',
    description:
      'The subject is an organization that is neither a sole proprietorship nor a public body, and no owner, partner or declared beneficial owner is known at as_of.',
    evidences: [{ key: 'legal_nature', label: 'Legal nature', description: 'The legal nature that makes owners expected' }],
    limitations: ['Receita Federal does not publish partners of some legal natures.'],
    regulatory_references: REFS,
    // Legal natures without partners: empresário individual (213-5), MEI is flagged by mei_option.
    parameters: {
      ownership_relationship_types: ownershipTypes,
      exempt_legal_nature_codes: ['2135', '213-5'],
      organization_types: ['organization', 'foreign_entity', 'unknown'],
    },
    band_floor: null,
    escalation: null,
  },
];
