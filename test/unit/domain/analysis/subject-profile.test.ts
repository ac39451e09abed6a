import type { Snapshot } from '../../../../domain/analysis/snapshot';
import { toSubjectProfile, toSubjectProfileReadForm } from '../../../../domain/analysis/subject-profile';
import { buildAnalysisGraph } from '../../../../domain/graph/build-analysis-graph';
import { subjectProfileSchema } from '../../../../api/resources/entities/entity-schemas';
import { declaration, entity, rel, snapshot } from '../scoring/support/snapshot-builder';
import { scenarios } from '../scoring/support/scenarios';

const options = { uboThresholdPercent: 25 };
const company = (profile: Record<string, unknown>, extra = {}) => entity(1, 'organization', 'Subject', { profile, ...extra });
const profileOf = (input: Snapshot) => toSubjectProfile(input, options);

describe('subject profile of the snapshot (as_of 2026-11-21)', () => {
  it.each([
    ['a stored field of the right type is kept', { legal_name: 'SUBJECT LTDA' }, 'legal_name', 'SUBJECT LTDA'],
    ['an empty string is unknown', { legal_name: '' }, 'legal_name', null],
    ['a date that is no calendar day is null', { incorporation_date: '2023-02-29' }, 'incorporation_date', null],
    ['a negative count is null', { employee_count: -3 }, 'employee_count', null],
    ['capital as a number or a decimal string', { capital_social: '1000.50' }, 'capital_social', '1000.50'],
    ['capital with a comma is malformed', { capital_social: '1.000,50' }, 'capital_social', null],
    ['an enumeration outside the spec is null', { organization_category: 'corporation' }, 'organization_category', null],
    ['an age range beyond 9 is null', { age_range_code: 12 }, 'age_range_code', null],
    ['registry update must be an ISO date-time', { last_registry_update: '2026-11-20 10:00' }, 'last_registry_update', null],
    [
      'secondary CNAEs: distinct, in canonical order',
      { secondary_cnae_codes: ['6462000', '4711302', '6462000'] },
      'secondary_cnae_codes',
      ['4711302', '6462000'],
    ],
    ['secondary CNAEs absent: an empty list', {}, 'secondary_cnae_codes', []],
    ['a stored headquarters id wins', { headquarters_entity_id: 77 }, 'headquarters_entity_id', 77],
  ])('%s', (_name, stored, field, expected) => {
    expect(profileOf(snapshot(1, [company(stored)]))[field]).toEqual(expected);
  });

  it.each([
    ['age at as_of, not at import', entity(1, 'person', 'P', { profile: { birth_date: '1968-02-29', age_years: 40 } }), 'age_years', 58],
    ['headquarters from the branch link', company({}), 'headquarters_entity_id', 9],
    ['active partners only (a flagged-ended one does not count, whatever its end date)', company({}), 'partner_count', 1],
    ['a person has no ubo_count', entity(1, 'person', 'P'), 'ubo_count', null],
  ])('%s', (_name, subject, field, expected) => {
    const input = snapshot(
      1,
      [subject, entity(2, 'person', 'A', { hop: 1 }), entity(3, 'person', 'B', { hop: 1 }), entity(9, 'organization', 'HQ', { hop: 1 })],
      {
        relationships: [
          rel(2, 1, 'PARTNER_OF'),
          rel(3, 1, 'PARTNER_OF', { is_active: false, valid_to: '2030-01-01' }),
          rel(1, 9, 'BRANCH_OF'),
        ],
      },
    );
    expect(profileOf(input)[field]).toEqual(expected);
  });

  it('passes the API schema of docs/engine.md with every field present', () => {
    for (const make of Object.values(scenarios)) {
      const profile = profileOf(make());
      expect(Object.keys(profile)).toHaveLength(62);
      expect(subjectProfileSchema.safeParse(profile).success).toBe(true);
    }
  });

  it('gives the read form without entity_type and the enumerations', () => {
    const read = toSubjectProfileReadForm(scenarios['clean-company'](), options);
    expect(read).not.toHaveProperty('entity_type');
    expect(read).not.toHaveProperty('organization_category');
    expect(read).toHaveProperty('ubo_count', 1);
  });
});

describe('ubo_count is the number of beneficial owners the graph lists', () => {
  const people = [2, 3, 4].map((id) => entity(id, 'person', `P${id}`, { hop: 1 }));
  const holding = entity(5, 'organization', 'Holding', { hop: 1 });
  // Regression: the profile counted only declared owners (0 here) while the graph listed owners through chains.
  it.each<[string, Parameters<typeof snapshot>[2], number, number]>([
    [
      'owners through a holding, over the threshold',
      {
        relationships: [
          rel(5, 1, 'OWNS', { ownership_percentage: '100' }),
          rel(2, 5, 'OWNS', { ownership_percentage: '60' }),
          rel(3, 5, 'OWNS', { ownership_percentage: '40' }),
        ],
      },
      25,
      2,
    ],
    [
      'the same with a 50 % threshold',
      {
        relationships: [
          rel(5, 1, 'OWNS', { ownership_percentage: '100' }),
          rel(2, 5, 'OWNS', { ownership_percentage: '60' }),
          rel(3, 5, 'OWNS', { ownership_percentage: '40' }),
        ],
      },
      50,
      1,
    ],
    ['registry partners of unknown share', { relationships: [rel(2, 1, 'PARTNER_OF'), rel(3, 1, 'PARTNER_OF')] }, 25, 2],
    ['a declared owner', { ownership_declarations: [declaration(1, 1, 4)] }, 25, 1],
    [
      'a corporate declared owner is no beneficial owner: its managing official is',
      { relationships: [rel(2, 1, 'ADMINISTERS')], ownership_declarations: [declaration(1, 1, 5)] },
      25,
      1,
    ],
    ['nobody', {}, 25, 0],
  ])('%s', (_name, parts, threshold, count) => {
    const input = snapshot(1, [company({}), ...people, holding], parts);
    const graph = buildAnalysisGraph(input, [], { maxDepth: 4, maxNodes: 100, uboThresholdPercent: threshold });
    expect(toSubjectProfile(input, { uboThresholdPercent: threshold }).ubo_count).toBe(count);
    expect(graph.ubo_findings).toHaveLength(count);
  });
});
