import {
  analysisFiltersFromQuery,
  analysisFiltersToQuery,
  emptyAnalysisFilters,
  toIsoInstant,
  validateAnalysisFilters,
} from '../../../../../console/src/logic/analysis-filters';

describe('the filters of GET /analyses', () => {
  it.each([
    ['no filter, no query', {}, ''],
    ['a status and a level', { status: 'completed', risk_level: 'critical' }, '?status=completed&risk_level=critical'],
    ['blank text is left out, text is trimmed', { document: '  H0.000.007/0001-10 ', source: '   ' }, '?document=H0.000.007%2F0001-10'],
    [
      'a day range becomes instants covering both days',
      { created_from: '2026-11-01', created_to: '2026-11-02' },
      '?created_from=2026-11-01T00%3A00%3A00.000Z&created_to=2026-11-02T23%3A59%3A59.999Z',
    ],
    ['the default limit is not sent, another one is', { limit: 200 }, '?limit=200'],
    [
      'the other filters',
      { mode: 'async', entity_id: '42', client_reference: 'case-1' },
      '?mode=async&entity_id=42&client_reference=case-1',
    ],
  ] as const)('%s', (_why, filters, query) => {
    expect(analysisFiltersToQuery({ ...emptyAnalysisFilters, ...filters })).toBe(query);
  });

  it('appends the cursor of the next page', () => {
    expect(analysisFiltersToQuery({ ...emptyAnalysisFilters, status: 'failed' }, 'abc')).toBe('?status=failed&cursor=abc');
  });

  it.each([
    ['a non-numeric entity id', { entity_id: '12a' }, [{ field: 'entity_id', problem: 'not_positive_integer' }]],
    ['entity id zero', { entity_id: '0' }, [{ field: 'entity_id', problem: 'not_positive_integer' }]],
    ['a limit above 200', { limit: 201 }, [{ field: 'limit', problem: 'out_of_range' }]],
    ['a limit of 0', { limit: 0 }, [{ field: 'limit', problem: 'out_of_range' }]],
    ['a date that is not one', { created_from: 'yesterday' }, [{ field: 'created_from', problem: 'bad_date' }]],
    ['a reversed range', { created_from: '2026-11-05', created_to: '2026-11-01' }, [{ field: 'created_to', problem: 'range_reversed' }]],
    ['good filters', { entity_id: '7', limit: 1, created_from: '2026-11-01', created_to: '2026-11-01' }, []],
  ] as const)('flags %s before any request', (_why, filters, problems) => {
    expect(validateAnalysisFilters({ ...emptyAnalysisFilters, ...filters })).toEqual(problems);
  });

  it('reads a shared link back, dropping unknown values', () => {
    expect(
      analysisFiltersFromQuery('?status=completed&risk_level=extreme&limit=900&document=123&created_from=2026-11-01T00:00:00.000Z'),
    ).toEqual({
      ...emptyAnalysisFilters,
      status: 'completed',
      document: '123',
      created_from: '2026-11-01',
    });
  });

  it('turns dates into ISO instants', () => {
    expect(toIsoInstant('')).toBeUndefined();
    expect(toIsoInstant('2026-02-30x')).toBeUndefined();
    expect(toIsoInstant('2026-11-23T10:00:00Z')).toBe('2026-11-23T10:00:00.000Z');
  });
});
