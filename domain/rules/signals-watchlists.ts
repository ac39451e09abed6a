import type { SignalRule } from './types';

/**
 * Name screening against the international sanctions lists (docs/watchlists.md, "In every
 * analysis"), rule catalog 2026.12.1. A result is CONFIRMED when the matcher calls it a match and
 * an identifying feature agrees (birth date at least a year's agreement, or an equal document);
 * a match on the name alone, or a name that agrees while a birth date or nationality contradicts,
 * is a POSSIBLE match: review, never a floor.
 */
const UN_REFS = [
  'Lei 13.810/2019, art. 6º a 11',
  'Resolução BCB 44/2020',
  'Resolução CSNU (Conselho de Segurança das Nações Unidas), listas consolidadas',
];
const FOREIGN_REFS = [
  'Circular BCB 3.978/2020, art. 27 e 38',
  'OFAC Specially Designated Nationals and Blocked Persons List',
  'Regulamentos do Conselho da UE (sanções financeiras)',
];
const confirming = { confirming_features: ['birth_date', 'document'], confirming_min_score_bp: 8000 };
const entryEvidence = {
  key: 'watchlist_entry',
  label: 'Watchlist entry',
  description:
    "The listed entry (list, entry id, names, birth dates, nationalities, documents, programs), the list version it came from, the score, each feature's score and the matcher's explanation",
};
const screeningLimitation =
  'Names are matched, not identifiers: a person the store knows without a birth date is confirmed only by a document, and an organization only by a document; lists older than their freshness are reported as limitations of the verdict.';

export const watchlistSignals: SignalRule[] = [
  {
    code: 'SANCTION_UN_SUBJECT',
    name: 'Subject on the UN Security Council Consolidated List',
    pillar: 'sanctions',
    base_points: 100,
    version: '1.0.0',
    description:
      'The subject matches an entry of the UN Security Council Consolidated List (score at or above the threshold) and a birth date or a document confirms it.',
    evidences: [entryEvidence],
    limitations: [screeningLimitation],
    regulatory_references: UN_REFS,
    parameters: { lists: ['un'], ...confirming },
    band_floor: { floor_score: 75, reason: 'The subject is designated by the UN Security Council' },
    escalation: {
      code: 'un_designated_subject',
      reason: 'The subject is designated by the UN Security Council: act without delay (Lei 13.810/2019)',
    },
  },
  {
    code: 'SANCTION_FOREIGN_SUBJECT',
    name: 'Subject on the OFAC SDN list or the EU sanctions files',
    pillar: 'sanctions',
    base_points: 80,
    version: '1.0.0',
    description:
      "The subject matches an entry of OFAC's SDN list or the EU Financial Sanctions Files (score at or above the threshold) and a birth date or a document confirms it.",
    evidences: [entryEvidence],
    limitations: [screeningLimitation],
    regulatory_references: FOREIGN_REFS,
    parameters: { lists: ['ofac_sdn', 'eu_fsf'], ...confirming },
    band_floor: { floor_score: 50, reason: 'The subject is on a foreign sanctions list' },
    escalation: { code: 'foreign_sanctioned_subject', reason: 'The subject is on the OFAC SDN list or the EU sanctions files' },
  },
  {
    code: 'SANCTION_FOREIGN_NETWORK',
    name: 'Listed party in the network',
    pillar: 'sanctions',
    base_points: 40,
    version: '1.0.0',
    description:
      'A person or organization of the network other than the subject matches an entry of the UN, OFAC SDN or EU lists and a birth date or a document confirms it.',
    evidences: [entryEvidence],
    limitations: [screeningLimitation, 'Bounded by the network depth and size of the snapshot and by the number of parties screened.'],
    regulatory_references: [...UN_REFS, ...FOREIGN_REFS],
    parameters: { lists: ['un', 'ofac_sdn', 'eu_fsf'], ...confirming },
    band_floor: null,
    escalation: { code: 'listed_party_in_network', reason: 'A party of the network is on an international sanctions list' },
  },
  {
    code: 'WATCHLIST_POSSIBLE_MATCH',
    name: 'Possible watchlist match',
    pillar: 'sanctions',
    base_points: 20,
    version: '1.0.0',
    description:
      'The subject or a party of its network has a result no identifying feature confirms: a match on the name alone, or a name that agrees while a birth date or nationality contradicts it. An analyst decides (docs/watchlists.md, "What an analyst does with a result").',
    evidences: [entryEvidence],
    limitations: [screeningLimitation],
    regulatory_references: [...UN_REFS, ...FOREIGN_REFS],
    parameters: { lists: ['un', 'ofac_sdn', 'eu_fsf'], ...confirming },
    band_floor: null,
    escalation: null,
    review_required: { reason: 'A possible watchlist match must be confirmed or discarded by an analyst' },
  },
];
