import type { SignalRule } from './types';

const REFS = ['Circular BCB 3.978/2020, art. 38 (situações suspeitas)', 'FATF Recommendation 10'];
const mediaEvidence = {
  key: 'media_hit',
  label: 'Adverse media article',
  description: 'Title, source, date, URL, matched name, match score and snippet',
};
const mediaLimitations = [
  'Matching is by name; homonyms are possible below a high match score.',
  'Only the media corpus imported is screened.',
];
const common = { min_match_score: 80 };

function categorySignal(code: string, name: string, categories: string[], basePoints: number, extra: Partial<SignalRule> = {}): SignalRule {
  return {
    code,
    name,
    pillar: 'adverse_media',
    base_points: basePoints,
    version: '1.0.0',
    description: `Adverse media about the subject, published on or before as_of, in a category of: ${categories.join(', ')}.`,
    evidences: [mediaEvidence],
    limitations: mediaLimitations,
    regulatory_references: REFS,
    parameters: { ...common, categories },
    band_floor: null,
    escalation: null,
    ...extra,
  };
}

const FINANCIAL_CRIME_CATEGORIES = ['money_laundering', 'fraud', 'corruption', 'bribery', 'tax_evasion', 'financial_crime'];
const SERIOUS_CRIME_CATEGORIES = [
  'organized_crime',
  'drug_trafficking',
  'terrorism',
  'terrorist_financing',
  'human_trafficking',
  'arms_trafficking',
];
const ESG_CATEGORIES = ['environmental', 'environmental_crime', 'slave_labor', 'forced_labor', 'child_labor', 'labor_violation'];

export const mediaSignals: SignalRule[] = [
  categorySignal('MEDIA_FINANCIAL_CRIME', 'Adverse media: financial crime', FINANCIAL_CRIME_CATEGORIES, 50),
  categorySignal('MEDIA_SERIOUS_CRIME', 'Adverse media: serious or organized crime', SERIOUS_CRIME_CATEGORIES, 70, {
    band_floor: { floor_score: 50, reason: 'Adverse media links the subject to serious or organized crime' },
    escalation: { code: 'serious_crime_media', reason: 'Adverse media links the subject to serious or organized crime' },
  }),
  categorySignal('MEDIA_ESG_LABOR', 'Adverse media: environmental or labor abuse', ESG_CATEGORIES, 30),
  {
    code: 'MEDIA_OTHER_ADVERSE',
    name: 'Adverse media: other',
    pillar: 'adverse_media',
    base_points: 15,
    version: '1.0.0',
    description: 'Adverse media about the subject, published on or before as_of, in a category not covered by the other media signals.',
    evidences: [mediaEvidence],
    limitations: mediaLimitations,
    regulatory_references: REFS,
    parameters: { ...common, excluded_categories: [...FINANCIAL_CRIME_CATEGORIES, ...SERIOUS_CRIME_CATEGORIES, ...ESG_CATEGORIES] },
    band_floor: null,
    escalation: null,
  },
  {
    code: 'MEDIA_NETWORK',
    name: 'Adverse media about a direct associate',
    pillar: 'adverse_media',
    base_points: 15,
    version: '1.0.0',
    description: 'Adverse media, published on or before as_of, about an entity linked to the subject by a control relationship (one hop).',
    evidences: [
      mediaEvidence,
      { key: 'relationship', label: 'Control relationship', description: 'How the entity is linked to the subject' },
    ],
    limitations: mediaLimitations,
    regulatory_references: REFS,
    parameters: common,
    band_floor: null,
    escalation: null,
  },
];
