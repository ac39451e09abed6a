import type { AnalysisReadParts } from '../../../../db/repositories/analyses/analysis-read-repository';
import type { AppDeps } from '../../../../api/app-deps';
import { analysisLinks, presentAnalysis } from '../../../../api/presenters/analysis-read-form';

const withBase = (PUBLIC_BASE_URL?: string) => ({ config: { PUBLIC_BASE_URL } }) as unknown as Pick<AppDeps, 'config'>;
const uuid = '3f2b8c1e-6d4a-4e8f-9b2a-1c5d7e9f0a12';

function row(overrides: Partial<AnalysisReadParts>): AnalysisReadParts {
  return {
    id: 1,
    uuid,
    company_id: 7,
    entity_id: 42,
    mode: 'async',
    status: 'queued',
    current_step: 'enrichment',
    source: 'api',
    client_reference: 'ref-1',
    webhook_endpoint_uuid: null,
    entry_uuid: 'e-1',
    as_of: '2026-11-01',
    snapshot_hash: null,
    input_fingerprint: 'in',
    verdict_fingerprint: 'ver',
    engine_fingerprint: 'eng',
    rules_version: null,
    score: null,
    risk_level: null,
    workflow_id: `analysis-${uuid}`,
    error: null,
    created_at: new Date('2026-11-23T10:00:00.000Z'),
    started_at: null,
    completed_at: null,
    verdict_risk: { level: 'high' },
    verdict_signal_counts: { total: 3 },
    verdict_subject: { name: 'ACME', entity_type: 'company', gender: 'f', document: '1' },
    verdict_versions: { rules_version: 'r-9', regulatory_catalog_version: '2026.11.1' },
    ...overrides,
  } as AnalysisReadParts;
}

describe('analysisLinks: the sub-resource addresses, under PUBLIC_BASE_URL when set', () => {
  it.each([
    [undefined, `/api/analyses/${uuid}`, `/analyses/${uuid}/graph`],
    ['https://risk.example.com', `https://risk.example.com/api/analyses/${uuid}`, `https://risk.example.com/analyses/${uuid}/graph`],
    ['https://risk.example.com/', `https://risk.example.com/api/analyses/${uuid}`, `https://risk.example.com/analyses/${uuid}/graph`],
  ])('PUBLIC_BASE_URL=%s', (base, self, graph) => {
    const links = analysisLinks(withBase(base), uuid);
    expect(links.self).toBe(self);
    expect(links.graph).toBe(graph);
    expect(Object.keys(links).sort()).toEqual(['events', 'explanation', 'graph', 'self', 'signals', 'snapshot']);
  });
});

describe('presentAnalysis: the read form from the row alone', () => {
  it.each([
    ['queued', row({ status: 'queued' })],
    ['running', row({ status: 'running', started_at: new Date('2026-11-23T10:00:01.000Z'), snapshot_hash: 'snap' })],
    ['failed', row({ status: 'failed', error: { code: 'x', message: 'y' }, completed_at: new Date('2026-11-23T10:00:02.000Z') })],
  ])('a %s analysis shows no verdict, no fingerprints of the verdict and no window', (_status, r) => {
    const read = presentAnalysis(withBase(), r);
    expect(read).toMatchObject({ risk: null, signal_counts: null, subject: null, window: null, error: r.error });
    expect(read.versions).toMatchObject({
      rules_version: null,
      engine_fingerprint: null,
      input_fingerprint: null,
      verdict_fingerprint: null,
      snapshot_hash: r.snapshot_hash,
    });
  });

  it('a completed analysis shows its verdict, the subject without the create form enumerations, and the 24-hour window', () => {
    const completedAt = new Date('2026-11-23T10:00:00.480Z');
    const read = presentAnalysis(
      withBase(),
      row({ status: 'completed', completed_at: completedAt, started_at: completedAt, snapshot_hash: 'snap' }),
    );
    expect(read.risk).toEqual({ level: 'high' });
    expect(read.signal_counts).toEqual({ total: 3 });
    expect(read.subject).toEqual({ name: 'ACME', document: '1' });
    expect(read.versions).toMatchObject({
      rules_version: 'r-9',
      snapshot_hash: 'snap',
      engine_fingerprint: 'eng',
      input_fingerprint: 'in',
      verdict_fingerprint: 'ver',
      operational_model: null,
    });
    expect(read.window).toEqual({ anchor_at: '2026-11-23T10:00:00.480Z', expires_at: '2026-11-24T10:00:00.480Z' });
    expect(read.created_at).toBe('2026-11-23T10:00:00.000Z');
    expect(read.completed_at).toBe('2026-11-23T10:00:00.480Z');
  });

  it("a catalog version it does not know takes the current manifest's window", () => {
    const read = presentAnalysis(
      withBase(),
      row({
        status: 'completed',
        completed_at: new Date('2026-11-23T10:00:00.000Z'),
        verdict_versions: { regulatory_catalog_version: 'unknown' },
      }),
    );
    expect(read.window).toEqual({ anchor_at: '2026-11-23T10:00:00.000Z', expires_at: '2026-11-24T10:00:00.000Z' });
  });
});
