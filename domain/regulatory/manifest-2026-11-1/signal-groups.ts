/**
 * The rule-catalog signal codes (catalog 2026.11.1) grouped as the mappings cite them. Plain
 * lists: the manifest's unit test fails when one of them is not in a compatible catalog.
 */
export const sanctionCodes = [
  'SANCTION_ACTIVE_SUBJECT_CEIS',
  'SANCTION_ACTIVE_SUBJECT_CNEP',
  'SANCTION_PAST_SUBJECT',
  'SANCTION_ACTIVE_PARTNER',
  'SANCTION_ACTIVE_NETWORK',
];
export const pepCodes = ['PEP_SUBJECT_ACTIVE', 'PEP_SUBJECT_GRACE', 'PEP_RELATIVE', 'PEP_ASSOCIATE_DIRECT', 'PEP_NETWORK_INDIRECT'];
export const proceedingCodes = [
  'PROCEEDING_OPEN_SUBJECT',
  'PROCEEDING_SANCTIONING_DECISION',
  'PROCEEDING_RECURRENT',
  'PROCEEDING_ASSOCIATE',
];
export const registryCodes = [
  'REGISTRY_CLOSED',
  'REGISTRY_NULLIFIED',
  'REGISTRY_SUSPENDED',
  'REGISTRY_UNFIT',
  'REGISTRY_RECENT_INCORPORATION',
  'REGISTRY_SPECIAL_SITUATION',
  'REGISTRY_HEADQUARTERS_IRREGULAR',
];
export const ownershipCodes = [
  'OWNERSHIP_FOREIGN_OWNER',
  'OWNERSHIP_UNRESOLVED_CHAIN',
  'OWNERSHIP_CYCLE',
  'OWNERSHIP_DEEP_CHAIN',
  'OWNERSHIP_NO_KNOWN_OWNERS',
];
export const mediaCodes = ['MEDIA_FINANCIAL_CRIME', 'MEDIA_SERIOUS_CRIME', 'MEDIA_ESG_LABOR', 'MEDIA_OTHER_ADVERSE', 'MEDIA_NETWORK'];
export const networkCodes = ['NETWORK_MASS_PARTNER', 'NETWORK_NOMINEE_PARTNER', 'NETWORK_SHARED_ADDRESS', 'NETWORK_INACTIVE_COMPANIES'];
export const allSignalCodes = [
  ...sanctionCodes,
  ...pepCodes,
  ...proceedingCodes,
  ...registryCodes,
  ...ownershipCodes,
  ...mediaCodes,
  ...networkCodes,
];
