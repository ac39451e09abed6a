import { request } from '../support/http';
import { completedAnalysis, draftReport } from '../support/report-fixtures';
import { closeTestDb, createTestTenant, testDb, type TestTenant } from '../support/tenants';

jest.setTimeout(120_000);

/** YYYY-MM-DD in São Paulo, as the service dates an analysis for retention. */
const saoPauloDay = (instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(instant));

/**
 * Retention of a report (docs/reports.md, "Retention"): ten years counted from the first day of
 * the year after the relationship with the subject ends (Circular BCB 3.978/2020 art. 67, manifest
 * 2026.12.2). The end is the company's, set per subject through any report of it.
 */
describe('report retention from the end of the relationship', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  let analysisUuid: string;
  let dossier: any;

  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
    analysisUuid = await completedAnalysis(tenant.apiKey);
    dossier = await draftReport(tenant.apiKey, analysisUuid, 'bcb_dossie');
  });
  afterAll(closeTestDb);

  it('without a recorded end, counts provisionally from the latest known date (the latest analysis of the subject)', async () => {
    const analysis = (await request('GET', `/api/analyses/${analysisUuid}`, { apiKey: tenant.apiKey })).body;
    const day = saoPauloDay(analysis.completed_at);
    const year = Number(day.slice(0, 4));
    expect(dossier.versions.regulatory_manifest_version).toBe('2026.12.2');
    expect(dossier.retention).toEqual({
      rule: { years: 10, anchor: 'relationship.ended_on', counted_from: 'first_day_of_next_year' },
      relationship_ended_on: null,
      basis: 'latest_known_date',
      basis_date: day,
      counted_from: `${year + 1}-01-01`,
      retain_until: `${year + 11}-01-01`,
      provisional: true,
    });
  });

  it('a recorded end counts from 1 January after it, for every report of the subject, and is audited', async () => {
    const cos = await draftReport(tenant.apiKey, analysisUuid, 'coaf_cos');
    const set = await request('PUT', `/reports/${dossier.uuid}/relationship`, { apiKey: tenant.apiKey, body: { ended_on: '2026-05-10' } });
    expect(set.status).toBe(200);
    const expected = {
      relationship_ended_on: '2026-05-10',
      basis: 'relationship_ended_on',
      basis_date: '2026-05-10',
      counted_from: '2027-01-01',
      retain_until: '2037-01-01',
      provisional: false,
    };
    expect(set.body.retention).toMatchObject(expected);
    // The end belongs to the subject: the COS of the same subject counts from it too.
    expect((await request('GET', `/reports/${cos.uuid}`, { apiKey: tenant.apiKey })).body.retention).toMatchObject(expected);
    const audit = await testDb()('audit_events')
      .where({ company_id: tenant.companyId, action: 'report.relationship_end_set' })
      .first('changes');
    expect(audit.changes).toMatchObject({ relationship_ended_on: { from: null, to: '2026-05-10' } });
  });

  it('null clears the end: the count is provisional again', async () => {
    const cleared = await request('PUT', `/reports/${dossier.uuid}/relationship`, { apiKey: tenant.apiKey, body: { ended_on: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.retention).toMatchObject({ relationship_ended_on: null, basis: 'latest_known_date', provisional: true });
  });

  it.each([
    ['not a date', { ended_on: '10/05/2026' }],
    ['a missing field', {}],
    ['an unknown field', { ended_on: '2026-05-10', reason: 'closed' }],
  ])('%s: 422', async (_name, body) => {
    expect((await request('PUT', `/reports/${dossier.uuid}/relationship`, { apiKey: tenant.apiKey, body })).status).toBe(422);
  });

  it("another company's report: 404, and nothing is recorded", async () => {
    expect(
      (await request('PUT', `/reports/${dossier.uuid}/relationship`, { apiKey: other.apiKey, body: { ended_on: '2026-05-10' } })).status,
    ).toBe(404);
    expect(await testDb()('customer_relationships').where({ company_id: other.companyId }).first('entity_id')).toBeUndefined();
  });
});
