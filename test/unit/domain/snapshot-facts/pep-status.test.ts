import { buildAnalysisGraph } from '../../../../domain/graph/build-analysis-graph';
import { ruleCatalogV1 } from '../../../../domain/rules';
import { score } from '../scoring/support/score';
import { exposedPeps, pepGraceYears, pepStatusOn } from '../../../../domain/snapshot-facts/pep-status';
import { entity, pep, rel, snapshot } from '../scoring/support/snapshot-builder';

describe('PEP status at as_of 2026-11-21 (grace period of 5 years)', () => {
  it.each([
    ['in office, no end', '2020-01-01', null, null, 'active'],
    ['no start date, in office', null, null, null, 'active'],
    ['ends on as_of', '2020-01-01', '2026-11-21', null, 'active'],
    ['left 1 day ago', '2020-01-01', '2026-11-20', null, 'grace_period'],
    ['left exactly 5 years before as_of (last day of the period)', '2010-01-01', '2021-11-21', null, 'grace_period'],
    ['left 5 years and 1 day before', '2010-01-01', '2021-11-20', null, null],
    ['the source publishes its own grace end', '2010-01-01', '2015-01-01', '2026-12-31', 'grace_period'],
    ['a published grace end before as_of ends exposure', '2010-01-01', '2025-01-01', '2026-01-01', null],
    ['starts after as_of', '2026-12-01', null, null, null],
  ])('%s → %p', (_name, start, end, graceEnd, expected) => {
    expect(pepStatusOn({ start_date: start, end_date: end, grace_end_date: graceEnd }, '2026-11-21', 5)).toBe(expected);
  });

  it('keeps only exposing records, in the given order, with their status', () => {
    const records = [pep(3, 1, '2023-01-01', null), pep(1, 2, '2005-01-01', '2010-01-01'), pep(2, 3, '2015-01-01', '2024-01-01')];
    expect(exposedPeps(records, '2026-11-21', 5).map((x) => [x.record.pep_record_id, x.status])).toEqual([
      [3, 'active'],
      [2, 'grace_period'],
    ]);
  });
});

describe('the grace period comes from the rule catalog', () => {
  const withGrace = (years: (number | null)[]) => {
    const catalog = structuredClone(ruleCatalogV1);
    catalog.signals
      .filter((s) => s.pillar === 'pep_exposure')
      .forEach((s, i) => {
        const value = years[i % years.length];
        if (value === null) delete s.parameters.grace_years;
        else s.parameters.grace_years = value;
      });
    return catalog;
  };
  it.each([
    ['catalog v1', ruleCatalogV1, 5],
    ['a catalog with 3 years', withGrace([3]), 3],
  ])('%s → %i years', (_name, catalog, years) => expect(pepGraceYears(catalog)).toBe(years));

  it.each([
    ['rules that disagree', withGrace([5, 4])],
    ['a non-integer period', withGrace([2.5])],
    ['no period', withGrace([null])],
  ])('rejects %s', (_name, catalog) => expect(() => pepGraceYears(catalog)).toThrow(/grace_years/));
});

describe('verdict and graph give one status with one label', () => {
  // Subject 1 (organization); partner 2 left office a year ago; partner 3 in office; 4 left 6 years ago.
  const input = snapshot(1, [entity(1, 'organization', 'Subject'), ...[2, 3, 4].map((id) => entity(id, 'person', `P${id}`, { hop: 1 }))], {
    relationships: [rel(2, 1, 'PARTNER_OF'), rel(3, 1, 'PARTNER_OF'), rel(4, 1, 'PARTNER_OF')],
    pep_records: [pep(1, 2, '2019-01-01', '2025-11-21'), pep(2, 3, '2023-01-01', null), pep(3, 4, '2010-01-01', '2020-11-20')],
  });
  const verdict = score(input);
  const evidences = verdict.signals.find((s) => s.code === 'PEP_ASSOCIATE_DIRECT')!.evidences;
  const graph = buildAnalysisGraph(input, [], { maxDepth: 4, maxNodes: 100 });

  it.each([
    [2, 'grace_period'],
    [3, 'active'],
    [4, undefined],
  ])('entity %i: %p in the evidence and in network_peps', (id, status) => {
    expect(evidences.find((e) => (e.metadata.entity as { entity_id: number }).entity_id === id)?.metadata.pep_status).toBe(status);
    expect(graph.network_peps.find((p) => p.entity.entity_id === id)?.pep_status).toBe(status);
  });
});
