import { buildVisibilityQuery, runStatusOf } from '../../../infra/visibility-query';

const company = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('the visibility query of GET /workflows', () => {
  it.each([
    ['the company alone', {}, `CompanyUuid = "${company}"`],
    ['a kind', { workflowTypes: ['analysisWorkflow'] }, `CompanyUuid = "${company}" AND WorkflowType IN ("analysisWorkflow")`],
    ['a status', { status: 'timed_out' as const }, `CompanyUuid = "${company}" AND ExecutionStatus = "TimedOut"`],
    [
      'a resource',
      { resourceUuid: '0f8fad5b-d9cb-469f-a165-70867728950e' },
      `CompanyUuid = "${company}" AND ResourceUuid = "0f8fad5b-d9cb-469f-a165-70867728950e"`,
    ],
    [
      'a start range',
      { startedFrom: new Date('2026-11-01T00:00:00Z'), startedTo: new Date('2026-11-08T00:00:00Z') },
      `CompanyUuid = "${company}" AND StartTime >= "2026-11-01T00:00:00.000Z" AND StartTime < "2026-11-08T00:00:00.000Z"`,
    ],
  ])('%s', (_label, filter, query) => {
    expect(buildVisibilityQuery({ companyUuid: company, ...filter })).toBe(query);
  });

  it.each([
    ['a quote', `${company}" OR CompanyUuid != "x`],
    ['a backslash', 'a\\b'],
    ['a space', 'a b'],
  ])('refuses a value with %s (it could leave its literal)', (_label, value) => {
    expect(() => buildVisibilityQuery({ companyUuid: value })).toThrow(/unsafe value/);
    expect(() => buildVisibilityQuery({ companyUuid: company, resourceUuid: value })).toThrow(/unsafe value/);
  });

  it('refuses to query without a company', () => {
    expect(() => buildVisibilityQuery({ companyUuid: '' })).toThrow(/unsafe value/);
  });

  it.each([
    [1, 'running'],
    ['RUNNING', 'running'],
    [2, 'completed'],
    [3, 'failed'],
    ['CANCELLED', 'canceled'],
    [4, 'canceled'],
    [5, 'terminated'],
    [6, 'completed'],
    [7, 'timed_out'],
    ['TIMED_OUT', 'timed_out'],
  ])('maps Temporal status %p to %s', (status, ours) => {
    expect(runStatusOf(status)).toBe(ours);
  });
});
