import type { MetaSignalRule, ModifierRule } from './types';

function modifier(
  code: string,
  name: string,
  delta: number,
  description: string,
  parameters: ModifierRule['parameters'] = {},
): ModifierRule {
  return { code, name, multiplier_delta: delta, version: '1.0.0', description, parameters };
}

/** One meta-signal per pillar: the pillar's identified points adjusted by context. */
export const metaSignals: MetaSignalRule[] = [
  {
    code: 'META_SANCTIONS_EXPOSURE',
    name: 'Sanctions exposure',
    pillar: 'sanctions',
    kind: 'observable',
    version: '1.0.0',
    description: 'Sanctions on the subject and its network, weighed by accumulation and distance.',
    aggravants: [
      modifier(
        'AGG_SANCTIONS_ACCUMULATED',
        'Several active sanctions on the subject',
        2500,
        'The subject has at least two sanctions active at as_of (any list).',
      ),
      modifier(
        'AGG_SANCTIONS_SUBJECT_AND_PARTNER',
        'Subject and partner both sanctioned',
        2500,
        'The subject and a direct control associate are both under active sanctions.',
      ),
    ],
    attenuants: [
      modifier(
        'ATT_SANCTIONS_INDIRECT_ONLY',
        'Only distant sanctions',
        -2500,
        'The only sanctions seen are in the wider network (not the subject nor a direct associate).',
      ),
    ],
  },
  {
    code: 'META_PEP_EXPOSURE',
    name: 'Political exposure',
    pillar: 'pep_exposure',
    kind: 'observable',
    version: '1.0.0',
    description: 'Political exposure of the subject and its network, weighed by seniority, control and recency.',
    aggravants: [
      modifier(
        'AGG_PEP_SENIOR_ROLE',
        'Senior or elected office',
        2500,
        'A PEP record involved is an elected office or a senior role level.',
        { pep_types: ['elected_official'], role_levels: ['NE', 'DAS-6', 'DAS-5', 'CCE-17', 'CCE-18', 'FCE-17', 'FCE-18'] },
      ),
      modifier(
        'AGG_PEP_CONTROLS_SUBJECT',
        'PEP controls the subject',
        2500,
        'A PEP is a partner, owner, controller or administrator of the subject.',
      ),
    ],
    attenuants: [
      modifier(
        'ATT_PEP_GRACE_ONLY',
        'Grace period only',
        -2500,
        'Every PEP involved has left office (all exposure is in the 5-year grace period).',
      ),
      modifier('ATT_PEP_INDIRECT_ONLY', 'Indirect exposure only', -5000, 'The only PEPs seen are two or more hops away.'),
    ],
  },
  {
    code: 'META_LEGAL_PROCEEDINGS',
    name: 'Legal proceedings',
    pillar: 'legal_proceedings',
    kind: 'observable',
    version: '1.0.0',
    description: 'Administrative proceedings against the subject and its direct associates.',
    aggravants: [
      modifier(
        'AGG_PROCEEDING_RECENT_DECISION',
        'Recent sanctioning decision',
        2500,
        'A sanctioning decision is less than recent_months old at as_of.',
        { recent_months: 24 },
      ),
    ],
    attenuants: [
      modifier('ATT_PROCEEDINGS_ASSOCIATE_ONLY', 'Associates only', -2500, 'Only direct associates, not the subject, are parties.'),
    ],
  },
  {
    code: 'META_REGISTRY_STATUS',
    name: 'Registry standing',
    pillar: 'registry_status',
    kind: 'observable',
    version: '1.0.0',
    description: "The subject's standing in the company registry.",
    aggravants: [modifier('AGG_REGISTRY_MULTIPLE_FLAGS', 'Several registry flags', 2500, 'At least two registry signals are identified.')],
    attenuants: [
      modifier(
        'ATT_REGISTRY_RECENT_WITH_DECLARED_UBO',
        'New company with a declared beneficial owner',
        -2500,
        'The only registry signal is recent incorporation and a natural-person beneficial owner is declared.',
      ),
    ],
  },
  {
    code: 'META_OWNERSHIP_OPACITY',
    name: 'Ownership opacity',
    pillar: 'ownership_structure',
    kind: 'observable',
    version: '1.0.0',
    description: 'How hard it is to see who owns and controls the subject.',
    aggravants: [
      modifier(
        'AGG_OWNERSHIP_FOREIGN_AND_OPAQUE',
        'Foreign and opaque',
        2500,
        'A foreign owner combines with an unresolved chain or a cycle.',
      ),
    ],
    attenuants: [
      modifier(
        'ATT_OWNERSHIP_DECLARED_UBO',
        'Declared beneficial owner',
        -2500,
        'A natural person is declared beneficial owner of the subject (BODS), active at as_of.',
      ),
    ],
  },
  {
    code: 'META_ADVERSE_MEDIA',
    name: 'Adverse media',
    pillar: 'adverse_media',
    kind: 'observable',
    version: '1.0.0',
    description: 'Adverse media about the subject and its direct associates.',
    aggravants: [
      modifier(
        'AGG_MEDIA_MULTIPLE_SOURCES',
        'Several independent sources',
        2500,
        'Counted hits come from at least min_sources distinct sources.',
        { min_sources: 3 },
      ),
    ],
    attenuants: [
      modifier('ATT_MEDIA_STALE', 'Only old articles', -5000, 'Every counted hit was published more than stale_years before as_of.', {
        stale_years: 5,
      }),
    ],
  },
  {
    code: 'META_NETWORK_PATTERNS',
    name: 'Network patterns',
    pillar: 'network',
    kind: 'observable',
    version: '1.0.0',
    description: 'Nominee and shell-company patterns around the subject.',
    aggravants: [
      modifier(
        'AGG_NETWORK_SHELL_PATTERN',
        'Shell-company pattern',
        5000,
        'A recently incorporated subject combines with a mass partner, nominee indicators or a shared address.',
      ),
    ],
    attenuants: [],
  },
];
