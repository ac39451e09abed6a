import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { writeCguCsv } from '../support/registry-files';
import { ownDatabase } from '../support/database-roles';
import { apiUrl } from '../support/stack';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';
import { waitForEventStatuses } from '../support/webhook-events';

jest.setTimeout(120_000);

const oneLine = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('{'));

describe('ops CLI, strict: unknown flags refused, plans never overwritten, only db migrate migrates', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ops-strict-'));
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await closeTestDb();
  });

  it('refuses a mistyped flag with exit 2 and one line, and changes nothing (the --feature incident)', async () => {
    const code = `strict-${randomUUID().slice(0, 8)}`;
    expect(
      (await runOps(['plan', 'create', '--code', code, '--features', 'analyses,webhooks', '--quota', 'analyses=10', '--json'])).code,
    ).toBe(0);
    const typo = await runOps(['plan', 'update', '--code', code, '--feature', 'analyses', '--json']);
    expect(typo.code).toBe(2);
    expect(oneLine(typo.stderr)).toEqual([
      `error: unknown flag --feature for "plan update" (did you mean --features?); \`ops plan update --help\` lists its flags`,
    ]);
    expect(typo.json).toEqual({ error: expect.stringContaining('unknown flag --feature') });
    expect((await runOps(['plan', 'create', '--code', code, '--feature', 'analyses'])).code).toBe(2);
    const list = await runOps(['plan', 'list', '--json']);
    expect(list.json.plans.find((p: any) => p.plan_code === code)).toEqual({
      plan_code: code,
      features: ['analyses', 'webhooks'],
      quotas: { analyses: 10 },
      limits: {},
      companies: 0,
    });
    for (const argv of [
      ['plan', 'list', 'extra'],
      ['plan', 'list', '--json', '--verbose'],
      ['plan', 'create', '--features', 'analyses'],
      ['plan', 'frobnicate'],
    ]) {
      const result = await runOps(argv);
      expect([argv.join(' '), result.code, oneLine(result.stderr).length]).toEqual([argv.join(' '), 2, 1]);
    }
  });

  it('never overwrites a plan on create; update changes only what is given; a quota can be unlimited', async () => {
    const code = `strict-${randomUUID().slice(0, 8)}`;
    expect(
      (await runOps(['plan', 'create', '--code', code, '--features', 'analyses', '--quota', 'analyses=5,adverse_media=7', '--json'])).code,
    ).toBe(0);
    const again = await runOps(['plan', 'create', '--code', code, '--features', 'webhooks', '--json']);
    expect(again.code).toBe(1);
    expect(again.json.error).toBe(`plan "${code}" already exists; \`ops plan update --code ${code}\` changes it`);
    const updated = await runOps(['plan', 'update', '--code', code, '--quota', 'analyses=unlimited', '--json']);
    expect(updated.json).toEqual({ plan_code: code, features: ['analyses'], quotas: { analyses: null, adverse_media: 7 }, limits: {} });
    expect((await runOps(['plan', 'update', '--code', code, '--json'])).code).toBe(2); // nothing to change

    const company = await runOps(['company', 'create', '--name', 'Unlimited S.A.', '--plan', code, '--json']);
    const key = await runOps(['key', 'create', '--company', company.json.company_uuid, '--scopes', 'analyses:read', '--json']);
    const account = await request('GET', '/account', { apiKey: key.json.api_key });
    expect(account.body.usage.quotas.analyses).toEqual({ limit: null, used: 0, remaining: null });
    expect(account.body.usage.quotas.adverse_media).toEqual({ limit: 7, used: 0, remaining: 7 });
  });

  it('lists and updates companies (with their CNPJ) and lists keys without their secret', async () => {
    const tenant = await createTestTenant();
    const bad = await runOps(['company', 'update', '--company', tenant.companyUuid, '--cnpj', '11.222.333/0001-00', '--json']);
    expect(bad.code).toBe(2);
    expect(bad.json.error).toContain('not a valid CNPJ');
    const cnpj = `${String(Date.now()).slice(-8)}0001`;
    const { completeCnpj } = await import('../../domain/documents/cnpj');
    const updated = await runOps(['company', 'update', '--company', tenant.companyUuid, '--cnpj', completeCnpj(cnpj), '--json']);
    expect(updated.code).toBe(0);
    expect(updated.json).toMatchObject({
      company_uuid: tenant.companyUuid,
      reporting_institution_cnpj: completeCnpj(cnpj),
      plan_code: tenant.planCode,
    });
    const companies = await runOps(['company', 'list', '--plan', tenant.planCode, '--json']);
    expect(companies.json.companies).toEqual([
      expect.objectContaining({ company_uuid: tenant.companyUuid, reporting_institution_cnpj: completeCnpj(cnpj), active_keys: 1 }),
    ]);
    const keys = await runOps(['key', 'list', '--company', tenant.companyUuid, '--json']);
    expect(keys.json.keys).toEqual([
      expect.objectContaining({ key_uuid: tenant.keyUuid, key_prefix: tenant.apiKey.slice(0, 10), revoked_at: null }),
    ]);
    expect(keys.stdout).not.toContain(tenant.apiKey);
  });

  it('previews a retry with --dry-run and sends nothing', async () => {
    const tenant = await createTestTenant();
    const endpoint = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'dry', url: 'http://127.0.0.1:9/dry', subscribed_events: ['webhook.test'] },
    });
    const sent = await request('POST', `/webhooks/endpoints/${endpoint.body.uuid}/test`, { apiKey: tenant.apiKey });
    // A real failure (nothing listens on port 9; the test stack retries at 1s,2s,2s,3s): writing
    // `failed` into the row would race the delivery workflow's own updates of it.
    expect((await waitForEventStatuses(apiUrl(), tenant.apiKey, [sent.body.event_uuid], 'failed', 60_000))[sent.body.event_uuid]).toBe(
      'failed',
    );
    const before = await testDb()('webhook_events').where({ uuid: sent.body.event_uuid }).first('status', 'delivery_run');
    const dry = await runOps(['deliveries', 'retry', '--all-failed', '--endpoint', endpoint.body.uuid, '--dry-run', '--json']);
    expect(dry.code).toBe(0);
    expect(dry.json).toEqual({
      dry_run: true,
      matched: 1,
      would_retry_count: 1,
      skipped_count: 0,
      would_retry: [sent.body.event_uuid],
      skipped: [],
    });
    expect(await testDb()('webhook_events').where({ uuid: sent.body.event_uuid }).first('status', 'delivery_run')).toEqual(before);
  });

  it('says in one line that a file is missing or belongs to the other sanctions list', async () => {
    const missing = await runOps(['import', 'pep', '--file', path.join(dir, 'nope.csv'), '--json']);
    expect(missing.code).toBe(2);
    expect(oneLine(missing.stderr)).toEqual([`error: --file: no such file: ${path.join(dir, 'nope.csv')}`]);
    const noDir = await runOps(['import', 'cnpj', '--dir', path.join(dir, 'nowhere')]);
    expect(oneLine(noDir.stderr)).toEqual([`error: --dir: no such folder: ${path.join(dir, 'nowhere')}`]);
    const header = ['CPF OU CNPJ DO SANCIONADO', 'NOME DO SANCIONADO', 'DATA INÍCIO SANÇÃO', 'DATA FINAL SANÇÃO', 'VALOR DA MULTA'];
    const cnepFile = writeCguCsv(path.join(dir, 'CNEP.csv'), header, [['11222333000181', 'EMPRESA X', '01/01/2025', '', '1000,00']]);
    const wrong = await runOps(['import', 'sanctions', '--list', 'ceis', '--file', cnepFile, '--json']);
    expect(wrong.code).toBe(1);
    expect(oneLine(wrong.stderr)).toEqual([
      expect.stringMatching(
        /^error: .*CNEP\.csv: not in the expected format: its header has VALOR DA MULTA, so it is a CNEP download: import it with --list cnep$/,
      ),
    ]);
  });

  it('refuses to work on a schema that is behind; db migrate alone brings it up to date', async () => {
    const name = `ops_behind_${process.pid}_${Date.now()}`;
    const ownDb = ownDatabase(name);
    await ownDb.create();
    const env = ownDb.env;
    try {
      const refused = await runOps(['plan', 'list', '--json'], env);
      expect(refused.code).toBe(1);
      expect(oneLine(refused.stderr)).toEqual([
        expect.stringMatching(
          /^error: the database schema is behind this release \(\d+ migrations pending, first \d+_tenancy\.ts\): run `ops db migrate` first$/,
        ),
      ]);
      const migrated = await runOps(['db', 'migrate', '--json'], env);
      expect(migrated.code).toBe(0);
      expect(migrated.json.applied.length).toBeGreaterThan(5);
      expect((await runOps(['plan', 'list', '--json'], env)).json).toEqual({ count: 0, plans: [] });
    } finally {
      await ownDb.drop();
    }
  });
});
