import {
  companyProfilePart,
  establishmentProfilePart,
  RfCodeBook,
  setCode,
  simplesProfilePart,
} from '../../../../importers/rf/rf-profile-parts';
import type { RfEstablishment } from '../../../../importers/rf/rf-establishment-record';
import type { RfCompany, RfSimples } from '../../../../importers/rf/rf-records';

const codes: RfCodeBook = new Map();
setCode(codes, 'motivo', '1', 'EXTINCAO');
setCode(codes, 'cnae', '4711302', 'COMERCIO VAREJISTA');
setCode(codes, 'municipio', '7107', 'SÃO PAULO');
setCode(codes, 'pais', '249', 'ESTADOS UNIDOS');
setCode(codes, 'natureza_juridica', '2062', 'SOCIEDADE LIMITADA');
setCode(codes, 'municipio', '7107', 'SAO PAULO'); // a later code line wins

const asObject = (part: string) => JSON.parse(`{${part}}`);

const estab: RfEstablishment = {
  cnpj: 'AB12CD34000184',
  root: 'AB12CD34',
  isHeadquarters: true,
  tradeName: 'CAFÉ "DO" ZÉ\\',
  statusCode: '2',
  statusDate: '2020-01-01',
  reasonCode: '1',
  cityAbroad: null,
  countryCode: null,
  startDate: '2019-03-15',
  mainCnae: '4711302',
  secondaryCnaes: null,
  address: 'RUA A, 12',
  postalCode: '01001000',
  state: 'SP',
  municipalityCode: '7107',
  specialStatus: null,
  specialStatusDate: null,
};

describe('establishmentProfilePart: the establishment members of the organization profile', () => {
  it.each<[string, Partial<RfEstablishment>, Record<string, unknown>]>([
    [
      'in Brazil, codes described, null members left out',
      {},
      {
        trade_name: 'CAFÉ "DO" ZÉ\\',
        status_date: '2020-01-01',
        registration_status_reason_code: 1,
        registration_status_reason: 'EXTINCAO',
        main_cnae_code: '4711302',
        main_cnae_description: 'COMERCIO VAREJISTA',
        secondary_cnae_codes: [],
        incorporation_date: '2019-03-15',
        primary_address: 'RUA A, 12',
        city: 'SAO PAULO',
        state: 'SP',
        postal_code: '01001000',
        country: 'BRASIL',
        is_headquarters: true,
        establishment_type: 'headquarters',
        cnpj_root: 'AB12CD34',
      },
    ],
    [
      'abroad (state EX): no state, the country described, the city from the municipality table first',
      { state: 'EX', cityAbroad: 'MIAMI', countryCode: '249' },
      { state: undefined, country: 'ESTADOS UNIDOS', city: 'SAO PAULO' },
    ],
    [
      'a city abroad without a municipality; an unknown country leaves country out',
      { municipalityCode: null, cityAbroad: 'LISBOA', countryCode: '999' },
      { city: 'LISBOA', country: undefined, state: 'SP' },
    ],
    [
      'a non-numeric reason code has no number and no description',
      { reasonCode: 'AB' },
      { registration_status_reason_code: undefined, registration_status_reason: undefined },
    ],
    [
      'reason 0 is a number; secondary CNAEs become a list; branch',
      { reasonCode: '0', secondaryCnaes: '6201501,4711302', isHeadquarters: false },
      {
        registration_status_reason_code: 0,
        secondary_cnae_codes: ['6201501', '4711302'],
        establishment_type: 'branch',
        is_headquarters: false,
      },
    ],
    [
      "a repeated secondary CNAE is listed once, in the file's order",
      { secondaryCnaes: '6462000,4711302,6462000' },
      { secondary_cnae_codes: ['6462000', '4711302'] },
    ],
    [
      'special status with its date',
      { specialStatus: 'EM LIQUIDACAO', specialStatusDate: '2021-01-01' },
      { special_status: 'EM LIQUIDACAO', special_status_date: '2021-01-01' },
    ],
  ])('%s', (_name, overrides, expected) => {
    const profile = asObject(establishmentProfilePart({ ...estab, ...overrides }, codes));
    for (const [key, value] of Object.entries(expected)) expect([key, profile[key]]).toEqual([key, value]);
    expect(Object.values(profile)).not.toContain(null);
  });
});

const company: RfCompany = {
  root: 'AB12CD34',
  legalName: 'ACME\tLTDA',
  normalizedName: 'ACME LTDA',
  legalNatureCode: '2062',
  responsibleQualification: '49',
  capitalSocial: '150000.50',
  sizeCode: '3',
  federalEntity: null,
};

describe('companyProfilePart and simplesProfilePart', () => {
  it.each<[string, Partial<RfCompany>, Record<string, unknown>]>([
    [
      'described nature, size and capital in BRL',
      {},
      {
        legal_name: 'ACME\tLTDA',
        legal_nature_code: '2062',
        legal_nature_description: 'SOCIEDADE LIMITADA',
        company_size: 'EMPRESA DE PEQUENO PORTE',
        capital_social: '150000.50',
        currency: 'BRL',
      },
    ],
    [
      'no capital: no currency; an unknown size code (even an Object key) is left out',
      { capitalSocial: null, sizeCode: 'constructor', legalNatureCode: '9999' },
      {
        capital_social: undefined,
        currency: undefined,
        company_size: undefined,
        legal_nature_code: '9999',
        legal_nature_description: undefined,
      },
    ],
    ['federal entity', { federalEntity: 'UNIAO' }, { federal_entity_responsible: 'UNIAO' }],
  ])('%s', (_name, overrides, expected) => {
    const profile = asObject(companyProfilePart({ ...company, ...overrides }, codes));
    for (const [key, value] of Object.entries(expected)) expect([key, profile[key]]).toEqual([key, value]);
  });

  it.each<[RfSimples, Record<string, unknown>]>([
    [
      { root: 'X', simples: true, simplesStart: '2020-01-01', simplesEnd: null, mei: false, meiStart: null, meiEnd: null },
      { simples_nacional_option: true, simples_nacional_start_date: '2020-01-01', mei_option: false },
    ],
    [{ root: 'X', simples: null, simplesStart: null, simplesEnd: null, mei: null, meiStart: null, meiEnd: null }, {}],
  ])('simples %j', (simples, expected) => {
    expect(asObject(simplesProfilePart(simples))).toEqual(expected);
  });
});
