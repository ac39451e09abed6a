import type { RetentionRule } from '../../../../domain/regulatory/manifest-types';
import { retentionPeriod, type RetentionFacts } from '../../../../domain/regulatory/retention-period';

const art67: RetentionRule = { years: 10, anchor: 'relationship.ended_on', counted_from: 'first_day_of_next_year' };
const fromFinalize: RetentionRule = { years: 10, anchor: 'report.finalized_at' };
const facts = (over: Partial<RetentionFacts>): RetentionFacts => ({
  relationshipEndedOn: null,
  latestKnownOn: '2026-11-26',
  finalizedAt: null,
  ...over,
});

describe('retentionPeriod (Circular BCB 3.978/2020 art. 67: ten years from 1 January after the relationship ends)', () => {
  it.each([
    [
      'an end in mid-year',
      facts({ relationshipEndedOn: '2026-05-10' }),
      {
        basis: 'relationship_ended_on',
        basis_date: '2026-05-10',
        counted_from: '2027-01-01',
        retain_until: '2037-01-01',
        provisional: false,
      },
    ],
    [
      'an end on 1 January: still the next year',
      facts({ relationshipEndedOn: '2026-01-01' }),
      {
        basis: 'relationship_ended_on',
        basis_date: '2026-01-01',
        counted_from: '2027-01-01',
        retain_until: '2037-01-01',
        provisional: false,
      },
    ],
    [
      'an end on 31 December',
      facts({ relationshipEndedOn: '2026-12-31' }),
      {
        basis: 'relationship_ended_on',
        basis_date: '2026-12-31',
        counted_from: '2027-01-01',
        retain_until: '2037-01-01',
        provisional: false,
      },
    ],
    [
      'an end on 29 February',
      facts({ relationshipEndedOn: '2028-02-29' }),
      {
        basis: 'relationship_ended_on',
        basis_date: '2028-02-29',
        counted_from: '2029-01-01',
        retain_until: '2039-01-01',
        provisional: false,
      },
    ],
    [
      'no recorded end: the latest known date, provisional',
      facts({ latestKnownOn: '2026-11-26' }),
      { basis: 'latest_known_date', basis_date: '2026-11-26', counted_from: '2027-01-01', retain_until: '2037-01-01', provisional: true },
    ],
    [
      'a recorded end wins over a later known date',
      facts({ relationshipEndedOn: '2025-03-01', latestKnownOn: '2026-11-26' }),
      {
        basis: 'relationship_ended_on',
        basis_date: '2025-03-01',
        counted_from: '2026-01-01',
        retain_until: '2036-01-01',
        provisional: false,
      },
    ],
    [
      'finalization does not matter under art. 67',
      facts({ finalizedAt: new Date('2030-06-01T12:00:00Z') }),
      { basis: 'latest_known_date', counted_from: '2027-01-01', retain_until: '2037-01-01' },
    ],
  ])('%s', (_name, input, expected) => expect(retentionPeriod(art67, input)).toMatchObject(expected));

  it.each([
    [
      'a finalized report of an older manifest: ten years from the finalization date',
      facts({ finalizedAt: new Date('2026-11-26T23:30:00Z') }),
      { basis: 'finalized_at', basis_date: '2026-11-26', counted_from: '2026-11-26', retain_until: '2036-11-26', provisional: false },
    ],
    [
      'finalized on 29 February',
      facts({ finalizedAt: new Date('2028-02-29T10:00:00Z') }),
      { basis: 'finalized_at', retain_until: '2038-02-28' },
    ],
    ['a draft of an older manifest: not yet anchored', facts({ finalizedAt: null }), null],
  ])('older rule: %s', (_name, input, expected) => {
    const period = retentionPeriod(fromFinalize, input);
    if (expected === null) expect(period).toBeNull();
    else expect(period).toMatchObject(expected);
  });

  it('a date that is not YYYY-MM-DD is a programming error', () => {
    expect(() => retentionPeriod(art67, facts({ relationshipEndedOn: '26/11/2026' }))).toThrow('not a YYYY-MM-DD date');
  });

  it('an unknown anchor is refused', () => {
    expect(() => retentionPeriod({ years: 10, anchor: 'case.closed_at' }, facts({}))).toThrow('unknown retention anchor');
  });
});
