import { classifyOrganization } from '../../../domain/entity-store/organization-kind';
import { classifyPepRole } from '../../../domain/entity-store/pep-type';
import { subjectProfileOfRow } from '../../../domain/entity-store/subject-profile';
import { subjectProfileSchema } from '../../../api/schemas/entity-schemas';
import { parsePartyDocument } from '../../../importers/support/party-document';

describe('organization classification', () => {
  it.each([
    ['1244', '8411600', 'government_agency', 'government_agency'],
    ['2062', '6422100', 'financial_institution', 'financial_institution'],
    ['2062', '6912500', 'notary_office', 'other'],
    ['2011', '4711302', 'organization', 'public_company'],
    ['2062', '4711302', 'organization', 'private_company'],
    ['3999', '9430800', 'organization', 'association'],
    ['3255', '9492800', 'political_party', 'political_party'],
    ['5010', null, 'foreign_entity', 'foreign_company'],
    [null, null, 'organization', 'private_company'],
  ])('nature %s cnae %s → %s/%s', (nature, cnae, entityType, category) => expect(classifyOrganization(nature, cnae)).toMatchObject({ entityType, category }));
});

describe('PEP role', () => {
  it.each([
    ['DEPUTADO FEDERAL', 'DEP FED', 'elected_official'],
    ['Vereador', null, 'elected_official'],
    ['SECRETÁRIO EXECUTIVO', 'DAS 6', 'public_official'],
  ])('%s → %s', (description, acronym, type) => expect(classifyPepRole(description, acronym)).toBe(type));
});

describe('party documents as lists print them', () => {
  it.each([
    ['529.982.247-25', undefined, { kind: 'cpf', document: '52998224725', masked: '***982247**' }],
    ['***.982.247-**', undefined, { kind: 'cpf_masked', document: '***982247**', masked: '***982247**' }],
    ['11.222.333/0001-81', undefined, { kind: 'cnpj', document: '11222333000181', masked: null }],
    ['', undefined, { kind: 'none', document: null, masked: null }],
    ['529.982.247-24', undefined, undefined],
    ['11222333000181', 'cpf', undefined],
  ] as const)('%s (%s)', (raw, hint, expected) => expect(parsePartyDocument(raw, hint)).toEqual(expected));
});

describe('SubjectProfile', () => {
  it('keeps the spec fields only, typed, and nulls what is malformed', () => {
    const profile = subjectProfileOfRow({ id: 5, entity_type: 'organization', display_name: 'CAFÉ', normalized_name: 'CAFE', document: '11222333000181', document_type: 'cnpj', status: 'ATIVA',
      profile: { trade_name: 'X', capital_social: '1000.50', is_headquarters: true, incorporation_date: '2019-03-15', status_date: 'yesterday', age_range_code: 12, establishment_type: 'branch', gender: 'X', secondary_cnae_codes: ['4711302'] } });
    expect(profile).toMatchObject({ entity_id: 5, status: 'ATIVA', capital_social: '1000.50', is_headquarters: true, incorporation_date: '2019-03-15', status_date: null, age_range_code: null, establishment_type: 'branch', gender: null, secondary_cnae_codes: ['4711302'] });
    expect(profile).not.toHaveProperty('trade_name');
    // 4 required fields + 58 nullable ones of spec §2.3, accepted by the strict schema of the API.
    expect(Object.keys(profile)).toHaveLength(62);
    expect(subjectProfileSchema.safeParse(profile).success).toBe(true);
    expect(subjectProfileSchema.safeParse({ ...profile, trade_name: 'X' }).success).toBe(false);
  });
});
