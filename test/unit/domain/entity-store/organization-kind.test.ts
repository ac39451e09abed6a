import { classifyOrganization } from '../../../../domain/entity-store/organization-kind';

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
  ])('nature %s cnae %s → %s/%s', (nature, cnae, entityType, category) =>
    expect(classifyOrganization(nature, cnae)).toMatchObject({ entityType, category }),
  );
});
