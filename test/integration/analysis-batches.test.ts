import { createCleanCompany, createPoisonedEntity, formatCnpj, randomCnpj } from '../../support/entity-fixtures';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';
import { waitFor } from '../support/wait-for';

jest.setTimeout(180_000);

/** Portfolio batches (docs/batches.md) over HTTP on the real stack: own tenants, own entities. */

const csv = (lines: string[]) => ['document,client_reference', ...lines].join('\n') + '\n';
const upload = (
  tenant: TestTenant,
  body: string | Uint8Array,
  contentType = 'text/csv',
  query = '',
  headers: Record<string, string> = {},
) =>
  request('POST', `/analysis-batches${query}`, {
    apiKey: tenant.apiKey,
    rawBody: body,
    headers: { 'Content-Type': contentType, ...headers },
  });
const batchOf = async (tenant: TestTenant, uuid: string) =>
  (await request('GET', `/analysis-batches/${uuid}`, { apiKey: tenant.apiKey })).body;
const until = (tenant: TestTenant, uuid: string, what: string, done: (b: any) => boolean) =>
  waitFor(what, async () => {
    const batch = await batchOf(tenant, uuid);
    return done(batch) ? batch : undefined;
  });
const resultsOf = async (tenant: TestTenant, uuid: string) =>
  (await request('GET', `/analysis-batches/${uuid}/results`, { apiKey: tenant.apiKey })).text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('analysis batches', () => {
  let tenant: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    tenant = await createTestTenant();
    other = await createTestTenant();
  });
  afterAll(closeTestDb);

  it('analyses a CSV file: duplicates once, bad rows failed with their reason, results in file order (NDJSON and CSV), each row an ordinary analysis of mode batch', async () => {
    const db = testDb();
    const a = (await createCleanCompany(db)).subject;
    const b = (await createCleanCompany(db)).subject;
    const poisoned = await createPoisonedEntity(db);
    const unknown = randomCnpj();
    const file = csv([
      `${formatCnpj(a.document!)},ref-a`,
      `${b.document},ref-b`,
      '11222333000180,bad',
      `${unknown},unknown`,
      `${a.document},ref-a-again`,
      `${poisoned.document},poisoned`,
    ]);
    const created = await upload(tenant, file, 'text/csv', '?name=book-1');
    expect(created.status).toBe(202);
    expect(created.headers.get('location')).toBe(`/analysis-batches/${created.body.uuid}`);
    expect(created.body).toMatchObject({
      name: 'book-1',
      counts: { total: 6, failed: 1 },
      links: { results: `/analysis-batches/${created.body.uuid}/results` },
    });
    expect(['queued', 'running']).toContain(created.body.status);

    const done = await until(tenant, created.body.uuid, 'the batch to complete', (x) => x.status === 'completed');
    expect(done.counts).toEqual({ total: 6, pending: 0, completed: 3, failed: 3, canceled: 0 });
    expect(done.risk_levels.low + done.risk_levels.medium + done.risk_levels.high + done.risk_levels.critical).toBe(3);
    expect(done.completed_at).toEqual(expect.any(String));

    const lines = await resultsOf(tenant, created.body.uuid);
    expect(lines.map((l) => [l.row, l.status, l.client_reference, l.error?.code ?? null])).toEqual([
      [1, 'completed', 'ref-a', null],
      [2, 'completed', 'ref-b', null],
      [3, 'failed', 'bad', 'invalid_document'],
      [4, 'failed', 'unknown', 'entity_not_found'],
      [5, 'completed', 'ref-a-again', null],
      [6, 'failed', 'poisoned', 'analysis_failed'],
    ]);
    // The duplicate names the same analysis, analysed (and billed) once.
    expect(lines[4].analysis_uuid).toBe(lines[0].analysis_uuid);
    const analysis = await request('GET', `/analyses/${lines[0].analysis_uuid}`, { apiKey: tenant.apiKey });
    expect(analysis.status).toBe(200);
    expect(await db('analyses').where({ uuid: lines[0].analysis_uuid }).first('mode', 'status')).toEqual({
      mode: 'batch',
      status: 'completed',
    });
    expect((await request('GET', '/account', { apiKey: tenant.apiKey })).body.usage.quotas.analyses.used).toBe(2);

    const asCsv = await request('GET', `/analysis-batches/${created.body.uuid}/results?format=csv`, { apiKey: tenant.apiKey });
    expect(asCsv.headers.get('content-type')).toContain('text/csv');
    const csvLines = asCsv.text.trim().split('\n');
    expect(csvLines[0]).toBe('row,document,entity_id,client_reference,status,analysis_uuid,score,risk_level,error_code,error_message');
    expect(csvLines.slice(1).map((l) => l.split(',')[0])).toEqual(['1', '2', '3', '4', '5', '6']);

    const listed = await request('GET', '/analysis-batches?status=completed', { apiKey: tenant.apiKey });
    expect(listed.body.items.map((x: any) => x.uuid)).toContain(created.body.uuid);
    expect(
      (await request('GET', '/analysis-batches?status=paused', { apiKey: tenant.apiKey })).body.items.map((x: any) => x.uuid),
    ).not.toContain(created.body.uuid);

    // Another company's batch is a 404 on every route.
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/results'],
      ['POST', '/pause'],
      ['POST', '/resume'],
      ['POST', '/cancel'],
    ] as const) {
      expect([path, (await request(method, `/analysis-batches/${created.body.uuid}${path}`, { apiKey: other.apiKey })).status]).toEqual([
        path,
        404,
      ]);
    }
    expect((await request('GET', '/analysis-batches', { apiKey: other.apiKey })).body.items).toEqual([]);
  });

  it('takes NDJSON, and honours Idempotency-Key: the same file answers the first batch, another file is 422', async () => {
    const { subject } = await createCleanCompany(testDb());
    const file = `{"entity_id":${subject.id},"client_reference":"x"}\n{"document":"${subject.document}"}\n`;
    const key = { 'Idempotency-Key': `batch-${subject.id}` };
    const first = await upload(tenant, file, 'application/x-ndjson', '', key);
    expect(first.status).toBe(202);
    const again = await upload(tenant, file, 'application/x-ndjson', '', key);
    expect(again).toMatchObject({ status: 202, body: { uuid: first.body.uuid } });
    const otherFile = await upload(tenant, `{"entity_id":${subject.id}}\n`, 'application/x-ndjson', '', key);
    expect(otherFile.status).toBe(422);
    const done = await until(tenant, first.body.uuid, 'the batch to complete', (x) => x.status === 'completed');
    // entity_id and document name different subject keys: two rows, each completed.
    expect(done.counts).toMatchObject({ total: 2, completed: 2 });
  });

  it.each([
    ['a wrong header', 'text/csv', 'cnpj,ref\n11222333000181,a\n', [['body', 'line', 1]], 'batch_header_invalid'],
    [
      'bytes that are not UTF-8',
      'text/csv',
      new Uint8Array([...new TextEncoder().encode('document\n'), 0xff, 0x0a]),
      [['body', 'line', 2]],
      'batch_not_utf8',
    ],
    [
      'NDJSON lines that are not JSON objects',
      'application/x-ndjson',
      '{"entity_id":1}\nnot json\n[1]\n',
      [
        ['body', 'line', 2],
        ['body', 'line', 3],
      ],
      'batch_line_unreadable',
    ],
    ['no rows', 'text/csv', 'document,client_reference\n', [['body', 'line', 2]], 'batch_empty'],
  ])('refuses a file with %s: 422 naming the lines, nothing stored', async (_name, type, body, locs, problemType) => {
    const before = await testDb()('analysis_batches').where({ company_id: tenant.companyId }).count<{ count: string }[]>('* as count');
    const refused = await upload(tenant, body as string, type);
    expect(refused.status).toBe(422);
    expect(refused.body.detail.map((d: any) => d.loc)).toEqual(locs);
    expect(refused.body.detail[0].type).toBe(problemType);
    const after = await testDb()('analysis_batches').where({ company_id: tenant.companyId }).count<{ count: string }[]>('* as count');
    expect(after).toEqual(before);
  });

  it('refuses a body that is neither CSV nor NDJSON (415) and a plan without the feature (403)', async () => {
    expect((await upload(tenant, '{}', 'application/json')).status).toBe(415);
    const without = await createTestTenant({ features: ['analyses'] });
    const refused = await upload(without, csv(['11222333000181,a']));
    expect(refused).toMatchObject({ status: 403, body: { detail: 'feature_not_in_plan' } });
  });

  it('pauses on a spent quota, resumes when it grows, pauses and cancels on request (pending rows canceled)', async () => {
    const limited = await createTestTenant({ quotas: { analyses: 2 } });
    const subjects = await Promise.all([1, 2, 3, 4].map(async () => (await createCleanCompany(testDb())).subject));
    const created = await upload(limited, csv(subjects.map((s, i) => `${s.document},r${i}`)));
    expect(created.status).toBe(202);
    const paused = await until(limited, created.body.uuid, 'the quota pause', (x) => x.status === 'paused');
    expect(paused).toMatchObject({ pause_reason: 'quota_exceeded', counts: { total: 4, completed: 2, pending: 2 } });

    await testDb()('plans')
      .where({ code: limited.planCode })
      .update({ quotas: JSON.stringify({ analyses: 3 }) });
    const resumed = await request('POST', `/analysis-batches/${created.body.uuid}/resume`, { apiKey: limited.apiKey });
    expect(resumed).toMatchObject({ status: 200, body: { status: 'running', pause_reason: null } });
    const again = await until(
      limited,
      created.body.uuid,
      'the second quota pause',
      (x) => x.status === 'paused' && x.counts.completed === 3,
    );
    expect(again.pause_reason).toBe('quota_exceeded');

    // A requested pause of a paused batch changes nothing; a cancel cancels the pending row.
    expect((await request('POST', `/analysis-batches/${created.body.uuid}/pause`, { apiKey: limited.apiKey })).body.pause_reason).toBe(
      'quota_exceeded',
    );
    const canceled = await request('POST', `/analysis-batches/${created.body.uuid}/cancel`, { apiKey: limited.apiKey });
    expect(canceled).toMatchObject({ status: 200, body: { status: 'canceled' } });
    const ended = await until(limited, created.body.uuid, 'the pending rows canceled', (x) => x.counts.pending === 0);
    expect(ended.counts).toEqual({ total: 4, pending: 0, completed: 3, failed: 0, canceled: 1 });
    // Which rows got the quota depends on the order the concurrent rows reached it.
    expect((await resultsOf(limited, created.body.uuid)).map((l) => l.status).sort()).toEqual([
      'canceled',
      'completed',
      'completed',
      'completed',
    ]);
    expect((await request('POST', `/analysis-batches/${created.body.uuid}/resume`, { apiKey: limited.apiKey })).status).toBe(409);
    const audit = await testDb()('audit_events').where({ resource_id: created.body.uuid }).orderBy('seq').pluck('action');
    expect(audit).toEqual(['analysis_batch.created', 'analysis_batch.resumed', 'analysis_batch.canceled']);
  });

  it('ops batches list, show and cancel: a batch paused on a quota of 0 is canceled by an operator, every row canceled', async () => {
    const spent = await createTestTenant({ quotas: { analyses: 0 } });
    const { subject } = await createCleanCompany(testDb());
    const created = await upload(spent, csv([`${subject.document},x`, `${subject.document},y`]));
    await until(spent, created.body.uuid, 'the quota pause', (x) => x.status === 'paused');
    const listed = await runOps(['batches', 'list', '--company', spent.companyUuid, '--json']);
    expect(listed.json).toMatchObject({
      count: 1,
      batches: [{ uuid: created.body.uuid, status: 'paused', pause_reason: 'quota_exceeded' }],
    });
    expect((await runOps(['batches', 'show', '--uuid', created.body.uuid, '--json'])).json.batch.counts).toEqual({
      total: 2,
      pending: 2,
      completed: 0,
      failed: 0,
      canceled: 0,
    });
    const canceled = await runOps(['batches', 'cancel', '--uuid', created.body.uuid, '--operator', 'ops-test', '--json']);
    expect(canceled.json).toMatchObject({ changed: true, batch: { status: 'canceled' } });
    const ended = await until(spent, created.body.uuid, 'every row canceled', (x) => x.counts.pending === 0);
    expect(ended.counts).toEqual({ total: 2, pending: 0, completed: 0, failed: 0, canceled: 2 });
  });

  it('a requested pause holds the batch until resumed; then it completes', async () => {
    const subjects = await Promise.all([1, 2].map(async () => (await createCleanCompany(testDb())).subject));
    const created = await upload(tenant, csv(subjects.map((s) => `${s.document},`)));
    const paused = await request('POST', `/analysis-batches/${created.body.uuid}/pause`, { apiKey: tenant.apiKey });
    // The batch may have finished before the pause arrived: then the pause is refused.
    if (paused.status === 409) return expect((await batchOf(tenant, created.body.uuid)).status).toBe('completed');
    expect(paused.body).toMatchObject({ status: 'paused', pause_reason: 'requested' });
    expect((await request('POST', `/analysis-batches/${created.body.uuid}/resume`, { apiKey: tenant.apiKey })).status).toBe(200);
    const done = await until(tenant, created.body.uuid, 'the batch to complete', (x) => x.status === 'completed');
    expect(done.counts).toMatchObject({ total: 2, completed: 2 });
  });
});
