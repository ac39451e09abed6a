import { entity, rel, sanction, snapshot } from './support/snapshot-builder';
import { sanctionEvaluators } from '../../../../domain/scoring/evaluate-sanctions';
import { evaluate, identifiedBy } from './support/evaluate';

const company = entity(1, 'organization', 'Subject Fictitious');
const partner = entity(2, 'person', 'Partner Fictitious', { hop: 1 });
const far = entity(3, 'organization', 'Far Fictitious', { hop: 2 });
const base = (sanctions: ReturnType<typeof sanction>[], extraRel: ReturnType<typeof rel>[] = []) =>
  snapshot(1, [company, partner, far], { relationships: [rel(2, 1, 'PARTNER_OF'), rel(2, 3, 'PARTNER_OF'), ...extraRel], sanctions });

function endedPartnerLink() {
  const s = base([sanction(1, 2, 'ceis', null, null)]);
  s.network.relationships[0] = { ...s.network.relationships[0], valid_to: '2026-01-01' };
  return s;
}

describe('sanction signals (as_of 2026-11-21)', () => {
  const cases: [string, ReturnType<typeof base>, string[]][] = [
    ['no sanction', base([]), []],
    ['CEIS active, open-ended', base([sanction(1, 1, 'ceis', '2025-01-01', null)]), ['SANCTION_ACTIVE_SUBJECT_CEIS']],
    ['CNEP ending on as_of is still active', base([sanction(1, 1, 'cnep', '2020-01-01', '2026-11-21')]), ['SANCTION_ACTIVE_SUBJECT_CNEP']],
    ['ended the day before as_of: past, not active', base([sanction(1, 1, 'ceis', '2020-01-01', '2026-11-20')]), ['SANCTION_PAST_SUBJECT']],
    ['ended more than 5 years ago: nothing', base([sanction(1, 1, 'ceis', '2010-01-01', '2021-11-20')]), []],
    ['starts after as_of: nothing', base([sanction(1, 1, 'ceis', '2026-11-22', null)]), []],
    ['list code is case-insensitive', base([sanction(1, 1, 'CEIS', null, null)]), ['SANCTION_ACTIVE_SUBJECT_CEIS']],
    ['partner sanctioned', base([sanction(1, 2, 'ceis', '2025-01-01', null)]), ['SANCTION_ACTIVE_PARTNER']],
    ['partner link ended before as_of: only network', endedPartnerLink(), ['SANCTION_ACTIVE_NETWORK']],
    ['two hops away: network', base([sanction(1, 3, 'cnep', null, null)]), ['SANCTION_ACTIVE_NETWORK']],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(identifiedBy(sanctionEvaluators, input)).toEqual(expected);
  });
});

describe('sanction evaluators: observed entities and evidence', () => {
  it.each([
    ['SANCTION_ACTIVE_SUBJECT_CEIS', [sanction(1, 1, 'ceis', null, null), sanction(2, 1, 'cnep', null, null)], [1], [1]],
    ['SANCTION_ACTIVE_SUBJECT_CNEP', [sanction(1, 1, 'ceis', null, null), sanction(2, 1, 'cnep', null, null)], [1], [2]],
    [
      'SANCTION_PAST_SUBJECT',
      [sanction(1, 1, 'ceis', '2020-01-01', '2022-01-01'), sanction(2, 1, 'ceis', '2010-01-01', '2012-01-01')],
      [1],
      [1],
    ],
    ['SANCTION_ACTIVE_PARTNER', [sanction(1, 2, 'ceis', null, null), sanction(2, 3, 'ceis', null, null)], [2], [1]],
    [
      'SANCTION_ACTIVE_NETWORK',
      [sanction(1, 2, 'ceis', null, null), sanction(2, 3, 'ceis', null, null), sanction(3, 99, 'ceis', null, null)],
      [3],
      [2],
    ],
  ])('%s → observed %j, sanctions %j', (code, sanctions, observed, sanctionIds) => {
    const finding = evaluate(sanctionEvaluators, code, base(sanctions));
    expect([...finding.observed_entity_ids].sort((a, b) => a - b)).toEqual(observed);
    expect(finding.evidences.map((e) => (e.content as { sanction_id: number }).sanction_id)).toEqual(sanctionIds);
  });

  it('names the control relationship of a sanctioned partner', () => {
    const [evidence] = evaluate(sanctionEvaluators, 'SANCTION_ACTIVE_PARTNER', base([sanction(1, 2, 'ceis', null, null)])).evidences;
    expect(evidence.metadata.relationship).toMatchObject({ source_entity_id: 2, target_entity_id: 1, relationship_type: 'PARTNER_OF' });
  });
});
