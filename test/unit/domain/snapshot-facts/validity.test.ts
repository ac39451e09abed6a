import { buildAnalysisGraph } from '../../../../domain/graph/build-analysis-graph';
import { score } from '../scoring/support/score';
import { declarationStatus, isActiveOn, isDeclarationActiveOn, validityStatus } from '../../../../domain/snapshot-facts/validity';
import { entity, rel, sanction, snapshot } from '../scoring/support/snapshot-builder';

const AS_OF = '2026-11-21';

describe('validity of a relationship at as_of', () => {
  it.each([
    ['active, no dates', true, null, null, 'active'],
    ['active, ends on as_of (last day held)', true, null, '2026-11-21', 'active'],
    ['active, ended the day before', true, null, '2026-11-20', 'ended'],
    ['active, starts the day after', true, '2026-11-22', null, 'not_started'],
    ['active, starts on as_of', true, '2026-11-21', null, 'active'],
    ['flag off, no dates', false, null, null, 'inactive'],
    // Regression: scoring used to let a set valid_to override the flag (active), the graph did not.
    ['flag off, future valid_to: the registry said it ended', false, null, '2027-12-31', 'inactive'],
    ['flag off, valid_to in the past: ended', false, '2020-01-01', '2025-01-01', 'ended'],
    ['flag off, not started yet', false, '2027-01-01', null, 'not_started'],
    ['date-time valid_to counts as its day', true, null, '2026-11-21T08:00:00Z', 'active'],
  ])('%s → %s', (_name, is_active, valid_from, valid_to, expected) => {
    expect(validityStatus({ is_active, valid_from, valid_to }, AS_OF)).toBe(expected);
    expect(isActiveOn({ is_active, valid_from, valid_to }, AS_OF)).toBe(expected === 'active');
  });

  it.each([
    [null, null, 'active'],
    ['2020-01-01', '2026-11-21', 'active'],
    ['2020-01-01', '2026-11-20', 'ended'],
    ['2026-11-22', null, 'not_started'],
  ])('a declaration from %p to %p is %s', (start_date, end_date, expected) => {
    expect(declarationStatus({ start_date, end_date }, AS_OF)).toBe(expected);
    expect(isDeclarationActiveOn({ start_date, end_date }, AS_OF)).toBe(expected === 'active');
  });
});

describe('verdict and graph agree on a link the registry flagged ended but dated in the future', () => {
  // Subject 1 ← partner 2 (sanctioned): is_active false, valid_to next year.
  const input = snapshot(1, [entity(1, 'organization', 'Subject'), entity(2, 'person', 'Former partner', { hop: 1 })], {
    relationships: [rel(2, 1, 'PARTNER_OF', { is_active: false, valid_to: '2027-12-31' })],
    sanctions: [sanction(1, 2, 'ceis', null, null)],
  });

  it.each([
    ['SANCTION_ACTIVE_PARTNER', false],
    ['SANCTION_ACTIVE_NETWORK', true],
  ])('scoring: %s identified %s', (code, identified) => {
    const verdict = score(input);
    expect(verdict.signals.find((s) => s.code === code)!.identified).toBe(identified);
  });

  it('graph: the edge is inactive and the partner no beneficial owner; the profile counts no partner', () => {
    const graph = buildAnalysisGraph(input, [], { maxDepth: 4, maxNodes: 100 });
    expect(graph.graph.edges.map((e) => [e.relationship_type, e.status, e.is_active])).toEqual([['PARTNER_OF', 'inactive', false]]);
    expect(graph.ubo_findings).toEqual([]);
    expect(score(input).subject.partner_count).toBe(0);
  });
});
