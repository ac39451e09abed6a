import type { AppDeps } from '../../../../api/app-deps';
import { presentReport, presentReportSummary, presentSection } from '../../../../api/presenters/report-presenter';
import type { ReportRow, RevisionRow } from '../../../../db/repositories/reports/report-repository';
import { currentRegulatoryManifest, reportTypeSpec } from '../../../../domain/regulatory/manifest-registry';

const deps = (PUBLIC_BASE_URL?: string) => ({ config: { PUBLIC_BASE_URL } }) as unknown as Pick<AppDeps, 'config'>;
const uuid = '6c1d2e3f-4a5b-4c6d-8e7f-901234567890';
const base: ReportRow = {
  id: 3,
  uuid,
  company_id: 7,
  analysis_uuid: 'a-1',
  type: 'coaf_cos',
  regulator: 'coaf',
  status: 'draft',
  language: 'pt-BR',
  subject: { name: 'ACME' },
  versions: { regulatory_manifest_version: currentRegulatoryManifest.version },
  window_anchor_at: new Date('2026-11-23T10:00:00.000Z'),
  window_expires_at: new Date('2026-11-24T10:00:00.000Z'),
  workflow_id: `report-${uuid}`,
  content_sha256: null,
  created_at: new Date('2026-11-23T11:00:00.000Z'),
  finalized_at: null,
  filing_protocol: null,
  filed_at: null,
  void_reason: null,
  voided_at: null,
  occurrence: null,
};
const revision = (section_key: string, revisionNumber = 1): RevisionRow => ({
  section_key,
  revision: revisionNumber,
  kind: 'deterministic',
  title: `title of ${section_key}`,
  content: { key: section_key },
  provenance: { by: 'engine' },
  created_at: new Date('2026-11-23T11:00:00.123Z'),
});

describe('presentReportSummary: the report resource from its row', () => {
  it.each([
    ['before expires_at: open', '2026-11-24T09:59:59.999Z', true],
    ['at expires_at: closed', '2026-11-24T10:00:00.000Z', false],
  ])('the window %s', (_case, now, open) => {
    expect(presentReportSummary(deps(), base, new Date(now)).window).toEqual({
      anchor_at: '2026-11-23T10:00:00.000Z',
      expires_at: '2026-11-24T10:00:00.000Z',
      open,
    });
  });

  it.each([
    ['coaf_cos', 'https://risk.example.com/', ['document_json', 'document_pdf', 'document_xml', 'self']],
    ['bcb_dossie', undefined, ['document_json', 'document_pdf', 'self']],
  ])('%s links (base %s): an xml document only for coaf_cos', (type, publicBase, keys) => {
    const links = presentReportSummary(deps(publicBase), { ...base, type }, new Date('2026-11-23T12:00:00Z')).links;
    expect(Object.keys(links).sort()).toEqual(keys);
    expect(links.self).toBe(`${publicBase ? 'https://risk.example.com' : ''}/reports/${uuid}`);
    expect(links.document_pdf).toBe(`${links.self}/document?format=pdf`);
  });

  it.each([
    ['a draft', {}, null, null],
    [
      'a filed report',
      { status: 'filed' as const, filing_protocol: 'P-1', filed_at: new Date('2026-11-23T12:00:00.000Z') },
      { protocol: 'P-1', filed_at: '2026-11-23T12:00:00.000Z' },
      null,
    ],
    [
      'a voided report',
      { status: 'voided' as const, void_reason: 'duplicate', voided_at: new Date('2026-11-23T13:00:00.000Z') },
      null,
      { reason: 'duplicate', at: '2026-11-23T13:00:00.000Z' },
    ],
  ])('%s: filing and voided', (_case, overrides, filing, voided) => {
    const summary = presentReportSummary(deps(), { ...base, ...overrides }, new Date('2026-11-23T12:00:00Z'));
    expect(summary.filing).toEqual(filing);
    expect(summary.voided).toEqual(voided);
  });
});

describe('presentSection: a revision row as the API shows it', () => {
  it('keeps the exact created_at of the row', () => {
    expect(presentSection(revision('sinais', 2))).toEqual({
      key: 'sinais',
      title: 'title of sinais',
      kind: 'deterministic',
      revision: 2,
      content: { key: 'sinais' },
      provenance: { by: 'engine' },
      created_at: '2026-11-23T11:00:00.123Z',
    });
  });
});

describe('presentReport: the report with its current sections in the manifest order', () => {
  const order = reportTypeSpec(currentRegulatoryManifest, 'coaf_cos').sections.map((s) => s.key);

  it.each([
    ['every section, stored in reverse', [...order].reverse(), order],
    ['some sections missing: those present, in order', [order[3], order[0]], [order[0], order[3]]],
    ['a key the manifest does not name is not shown', ['not_in_manifest', order[1]], [order[1]]],
    ['no sections yet', [], []],
  ])('%s', (_case, stored, shown) => {
    const report = presentReport(
      deps(),
      base,
      stored.map((key) => revision(key)),
      new Date('2026-11-23T12:00:00Z'),
    );
    expect(report.sections.map((s) => s.key)).toEqual(shown);
    expect(report).toMatchObject({ uuid, status: 'draft', window: { open: true } });
  });

  it('a report citing an unknown manifest is a programming error, not a response', () => {
    expect(() => presentReport(deps(), { ...base, versions: { regulatory_manifest_version: '1999.1.1' } }, [])).toThrow(/unknown manifest/);
  });
});
