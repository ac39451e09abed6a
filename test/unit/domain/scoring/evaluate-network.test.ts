import { entity, rel, snapshot } from './support/snapshot-builder';
import { networkEvaluators } from '../../../../domain/scoring/evaluate-network';
import { evaluate, identifiedBy } from './support/evaluate';

const subject = entity(1, 'organization', 'Subject', { profile: { postal_code: '01310-100', primary_address: 'Rua Fictícia, 10' } });
const companies = (n: number, extra = {}) =>
  Array.from({ length: n }, (_, i) => entity(100 + i, 'organization', `C${i}`, { hop: 2, ...extra }));

describe('network signals', () => {
  const partner = (profile: Record<string, unknown>) => entity(2, 'person', 'Partner', { hop: 1, profile });
  const cases: [string, ReturnType<typeof snapshot>, string[]][] = [
    ['ordinary partner', snapshot(1, [subject, partner({ age_range_code: 5 })], { relationships: [rel(2, 1, 'PARTNER_OF')] }), []],
    [
      'partner in 10 companies',
      snapshot(1, [subject, partner({ age_range_code: 5 }), ...companies(9)], {
        relationships: [rel(2, 1, 'PARTNER_OF'), ...companies(9).map((c) => rel(2, c.entity_id, 'PARTNER_OF'))],
      }),
      ['NETWORK_MASS_PARTNER'],
    ],
    [
      'partner aged 19 by birth date',
      snapshot(1, [subject, partner({ birth_date: '2007-06-01' })], { relationships: [rel(2, 1, 'ADMINISTERS')] }),
      ['NETWORK_NOMINEE_PARTNER'],
    ],
    [
      'partner over 80 by age range',
      snapshot(1, [subject, partner({ age_range_code: 9 })], { relationships: [rel(2, 1, 'PARTNER_OF')] }),
      ['NETWORK_NOMINEE_PARTNER'],
    ],
    [
      'deceased partner',
      snapshot(1, [subject, partner({ age_range_code: 5, death_status: 'FALECIDO' })], { relationships: [rel(2, 1, 'PARTNER_OF')] }),
      ['NETWORK_NOMINEE_PARTNER'],
    ],
    [
      'five companies at the same address',
      snapshot(1, [subject, ...companies(5, { profile: { postal_code: '01310100', primary_address: 'RUA FICTICIA 10' } })]),
      ['NETWORK_SHARED_ADDRESS'],
    ],
    [
      'four companies at the same address',
      snapshot(1, [subject, ...companies(4, { profile: { postal_code: '01310100', primary_address: 'RUA FICTICIA 10' } })]),
      [],
    ],
    [
      'partner of three closed companies',
      snapshot(1, [subject, partner({ age_range_code: 5 }), ...companies(3, { status: 'BAIXADA' })], {
        relationships: [rel(2, 1, 'PARTNER_OF'), ...companies(3).map((c) => rel(2, c.entity_id, 'PARTNER_OF', { is_active: false }))],
      }),
      ['NETWORK_INACTIVE_COMPANIES'],
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(identifiedBy(networkEvaluators, input)).toEqual(expected);
  });
});

describe('network evaluators: observed entities and limitations', () => {
  const partner = entity(2, 'person', 'Partner', { hop: 1, profile: {} });
  it.each([
    [
      'NETWORK_MASS_PARTNER',
      snapshot(1, [subject, partner, ...companies(9)], {
        relationships: [rel(2, 1, 'PARTNER_OF'), ...companies(9).map((c) => rel(2, c.entity_id, 'PARTNER_OF'))],
      }),
      [1, 2, 100, 101, 102, 103, 104, 105, 106, 107, 108],
      [],
    ],
    [
      'NETWORK_NOMINEE_PARTNER',
      snapshot(1, [subject, partner], { relationships: [rel(2, 1, 'PARTNER_OF')] }),
      [],
      ['birth_date', 'age_range_code'],
    ],
    ['NETWORK_SHARED_ADDRESS', snapshot(1, [entity(1, 'organization', 'No address')]), [], ['postal_code', 'primary_address']],
    [
      'NETWORK_SHARED_ADDRESS',
      snapshot(1, [subject, ...companies(5, { profile: { postal_code: '01310100', primary_address: 'RUA FICTICIA 10' } })]),
      [100, 101, 102, 103, 104],
      [],
    ],
    [
      'NETWORK_INACTIVE_COMPANIES',
      snapshot(1, [subject, partner, ...companies(2, { status: 'BAIXADA' })], {
        relationships: [rel(2, 1, 'PARTNER_OF'), ...companies(2).map((c) => rel(2, c.entity_id, 'PARTNER_OF'))],
      }),
      [],
      [],
    ],
  ])('%s (case %#)', (code, input, observed, fields) => {
    const finding = evaluate(networkEvaluators, code, input);
    expect([...finding.observed_entity_ids].sort((a, b) => a - b)).toEqual(observed);
    expect(finding.limitations.flatMap((l) => l.fields)).toEqual(fields);
  });
});
