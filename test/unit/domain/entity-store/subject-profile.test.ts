import { subjectProfileOfRow } from '../../../../domain/entity-store/subject-profile';
import { subjectProfileSchema } from '../../../../api/schemas/entity-schemas';

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
