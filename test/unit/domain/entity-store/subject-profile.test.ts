import { distinctCodes, storedProfileFields, subjectProfileOfRow } from '../../../../domain/entity-store/subject-profile';
import { subjectProfileSchema } from '../../../../api/resources/entities/entity-schemas';

describe('SubjectProfile', () => {
  it('keeps the spec fields only, typed, and nulls what is malformed', () => {
    const profile = subjectProfileOfRow({
      id: 5,
      entity_type: 'organization',
      display_name: 'CAFÉ',
      normalized_name: 'CAFE',
      document: '11222333000181',
      document_type: 'cnpj',
      status: 'ATIVA',
      profile: {
        trade_name: 'X',
        capital_social: '1000.50',
        is_headquarters: true,
        incorporation_date: '2019-03-15',
        status_date: 'yesterday',
        age_range_code: 12,
        establishment_type: 'branch',
        gender: 'X',
        secondary_cnae_codes: ['4711302'],
      },
    });
    expect(profile).toMatchObject({
      entity_id: 5,
      status: 'ATIVA',
      capital_social: '1000.50',
      is_headquarters: true,
      incorporation_date: '2019-03-15',
      status_date: null,
      age_range_code: null,
      establishment_type: 'branch',
      gender: null,
      secondary_cnae_codes: ['4711302'],
    });
    expect(profile).not.toHaveProperty('trade_name');
    // 4 required fields + 58 nullable ones of docs/engine.md, accepted by the strict schema of the API.
    expect(Object.keys(profile)).toHaveLength(62);
    expect(subjectProfileSchema.safeParse(profile).success).toBe(true);
    expect(subjectProfileSchema.safeParse({ ...profile, trade_name: 'X' }).success).toBe(false);
  });
});

describe('stored profile fields (the one reading of entities.profile)', () => {
  it.each([
    ['text', { city: 'SAO PAULO' }, 'city', 'SAO PAULO'],
    ['empty text is unknown', { city: '' }, 'city', null],
    ['a count', { partner_count: 3 }, 'partner_count', 3],
    ['a negative count is null', { partner_count: -1 }, 'partner_count', null],
    ['a fractional count is null', { employee_count: 2.5 }, 'employee_count', null],
    ['headquarters id must be positive', { headquarters_entity_id: 0 }, 'headquarters_entity_id', null],
    ['reason code may be any integer', { registration_status_reason_code: 0 }, 'registration_status_reason_code', 0],
    ['a date', { status_date: '2020-01-02' }, 'status_date', '2020-01-02'],
    ['not a date', { status_date: 'yesterday' }, 'status_date', null],
    ['capital as a number', { capital_social: 1000.5 }, 'capital_social', 1000.5],
    ['an ISO date-time', { last_registry_update: '2026-11-20T10:00:00Z' }, 'last_registry_update', '2026-11-20T10:00:00Z'],
    ['a boolean', { mei_option: false }, 'mei_option', false],
    ['a boolean as text is null', { mei_option: 'N' }, 'mei_option', null],
  ])('%s', (_name, stored, field, expected) => expect(storedProfileFields(stored)[field]).toEqual(expected));

  it.each([
    // The demo showcase listed 6462000 twice: the builder keeps the first of each code, in order.
    [
      ['6462000', '4711302', '6462000'],
      ['6462000', '4711302'],
    ],
    [['4711302', '', 7, '4711302'], ['4711302']],
    ['6462000', []],
    [undefined, []],
  ])('distinctCodes(%j) = %j', (value, expected) => expect(distinctCodes(value)).toEqual(expected));

  it('reads a row with repeated secondary CNAEs once each, in the stored order', () => {
    const profile = subjectProfileOfRow({
      id: 5,
      entity_type: 'organization',
      display_name: 'X',
      normalized_name: 'X',
      document: null,
      document_type: null,
      status: null,
      profile: { secondary_cnae_codes: ['6462000', '1091101', '6462000'] },
    });
    expect(profile.secondary_cnae_codes).toEqual(['6462000', '1091101']);
  });
});
