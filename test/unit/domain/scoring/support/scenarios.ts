import type { Snapshot } from '../../../../../domain/analysis/snapshot';
import { declaration, entity, pep, rel, sanction, snapshot } from './snapshot-builder';

const orgProfile = (extra: Record<string, unknown> = {}) => ({
  legal_name: 'FICTITIOUS',
  legal_nature_code: '2062',
  legal_nature_description: 'Sociedade Empresária Limitada',
  incorporation_date: '2015-03-10',
  is_headquarters: true,
  main_cnae_code: '6201501',
  secondary_cnae_codes: ['6204000', '6202300'],
  capital_social: '100000.00',
  postal_code: '01310-100',
  primary_address: 'AVENIDA FICTICIA 1000',
  city: 'SAO PAULO',
  state: 'SP',
  country: 'BRASIL',
  ...extra,
});

/** The four golden subjects: each pins one complete verdict byte for byte. */
export const scenarios: Record<string, () => Snapshot> = {
  'clean-company': () =>
    snapshot(
      9000001,
      [
        entity(9000001, 'organization', 'Clean Fictitious Ltda', { document: '00000000000191', profile: orgProfile() }),
        entity(9000002, 'person', 'Alice Fictitious', {
          hop: 1,
          document: '***123456**',
          document_type: 'cpf_masked',
          profile: { age_range_code: 5 },
        }),
        entity(9000003, 'person', 'Bob Fictitious', {
          hop: 1,
          document: '***654321**',
          document_type: 'cpf_masked',
          profile: { age_range_code: 4 },
        }),
      ],
      {
        relationships: [
          rel(9000002, 9000001, 'PARTNER_OF', { qualification_code: '49' }),
          rel(9000003, 9000001, 'ADMINISTERS', { qualification_code: '05' }),
        ],
        limitations: [
          { code: 'adverse_media_not_screened', message: 'Adverse media screening is not plugged in yet.', entity_id: null, details: {} },
        ],
      },
    ),
  'sanctioned-company-pep-partner': () =>
    snapshot(
      9100001,
      [
        entity(9100001, 'organization', 'Sanctioned Fictitious SA', { profile: orgProfile({ incorporation_date: '2026-04-02' }) }),
        entity(9100002, 'person', 'Carla Fictitious', { hop: 1, profile: { age_range_code: 6 } }),
        entity(9100003, 'organization', 'Partner Holding Fictitious', { hop: 1, profile: orgProfile() }),
        entity(9100004, 'person', 'Dario Fictitious', { hop: 2, profile: { birth_date: '1950-05-05' } }),
      ],
      {
        relationships: [
          rel(9100002, 9100001, 'PARTNER_OF'),
          rel(9100003, 9100001, 'OWNS', { ownership_percentage: '70.000000' }),
          rel(9100004, 9100003, 'PARTNER_OF'),
        ],
        sanctions: [
          sanction(71, 9100001, 'ceis', '2025-06-01', '2027-06-01'),
          sanction(72, 9100001, 'cnep', '2024-01-01', null),
          sanction(73, 9100003, 'ceis', '2019-01-01', '2020-01-01'),
        ],
        pep_records: [pep(81, 9100002, '2023-01-01', null, { pep_type: 'elected_official', role_description: 'Vereadora' })],
        proceedings: [],
      },
    ),
  'person-pep-grace': () =>
    snapshot(
      9200001,
      [
        entity(9200001, 'person', 'Eva Fictitious', {
          document: '00000000191',
          profile: { birth_date: '1968-02-29', gender: 'F', nationality: 'brasileira' },
        }),
        entity(9200002, 'organization', 'Eva Consulting Fictitious', { hop: 1, profile: orgProfile() }),
        entity(9200003, 'person', 'Fabio Fictitious', { hop: 1 }),
      ],
      {
        relationships: [rel(9200001, 9200002, 'PARTNER_OF'), rel(9200003, 9200001, 'FAMILY_OF', { relationship_subtype: 'spouse' })],
        pep_records: [
          pep(91, 9200001, '2015-01-01', '2023-12-31', { role_description: 'Secretária Nacional', role_level: 'NE' }),
          pep(92, 9200003, '2010-01-01', '2016-01-01'),
        ],
      },
    ),
  'opaque-foreign-chain-with-cycle': () =>
    snapshot(
      9300001,
      [
        entity(9300001, 'organization', 'Opaque Fictitious Ltda', { profile: orgProfile({ incorporation_date: '2026-02-01' }) }),
        entity(9300002, 'organization', 'Layer One Fictitious', { hop: 1, profile: orgProfile() }),
        entity(9300003, 'organization', 'Layer Two Fictitious', { hop: 2, profile: orgProfile() }),
        entity(9300004, 'foreign_entity', 'Offshore Fictitious Ltd', { hop: 3, document_type: 'foreign', status: null }),
        entity(9300005, 'organization', 'Circle A Fictitious', { hop: 1, profile: orgProfile() }),
        entity(9300006, 'organization', 'Circle B Fictitious', { hop: 2, profile: orgProfile() }),
        ...Array.from({ length: 5 }, (_, i) =>
          entity(9300010 + i, 'organization', `Neighbour ${i} Fictitious`, { hop: 2, profile: orgProfile() }),
        ),
        entity(9300020, 'person', 'Gil Fictitious', { hop: 1, profile: { age_range_code: 9 } }),
      ],
      {
        relationships: [
          rel(9300002, 9300001, 'OWNS'),
          rel(9300003, 9300002, 'OWNS'),
          rel(9300004, 9300003, 'OWNS'),
          rel(9300005, 9300001, 'OWNS'),
          rel(9300006, 9300005, 'OWNS'),
          rel(9300005, 9300006, 'OWNS'),
          rel(9300020, 9300001, 'ADMINISTERS'),
          ...Array.from({ length: 5 }, (_, i) => rel(9300020, 9300010 + i, 'ADMINISTERS')),
        ],
        ownership_declarations: [declaration(61, 9300001, 9300002)],
        maxDepth: 4,
      },
    ),
};
