import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { removeStackData } from '../../scripts/stack/postgres-location';
import { getFreePort, isPortOpen } from '../../scripts/stack/ports';
import { upsertSignedInPerson } from '../../db/repositories/people/person-repository';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { closeTestDb, testDb } from '../support/tenants';

afterAll(closeTestDb);

describe('ops CLI: plans, companies and keys', () => {
  it('creates a plan, a company and a key that works against the API, then revokes it', async () => {
    const code = `cli-${randomUUID().slice(0, 8)}`;
    const plan = await runOps([
      'plan',
      'create',
      '--code',
      code,
      '--features',
      'analyses,analyses_async,webhooks',
      '--quota',
      'analyses=100,adverse_media=10,reports=5',
      '--json',
    ]);
    expect(plan.code).toBe(0);
    expect(plan.stdout.trim().split('\n')).toHaveLength(1);
    expect(plan.json).toEqual({
      plan_code: code,
      features: ['analyses', 'analyses_async', 'webhooks'],
      quotas: { analyses: 100, adverse_media: 10, reports: 5 },
      limits: {},
    });

    const company = await runOps(['company', 'create', '--name', 'Banco Exemplo S.A.', '--plan', code, '--json']);
    expect(company.code).toBe(0);
    expect(company.json.company_uuid).toMatch(/^[0-9a-f-]{36}$/);

    const key = await runOps([
      'key',
      'create',
      '--company',
      company.json.company_uuid,
      '--scopes',
      'analyses:read,analyses:write',
      '--expires-at',
      '2099-01-01T00:00:00Z',
      '--json',
    ]);
    expect(key.code).toBe(0);
    expect(key.json.api_key).toMatch(/^erk_/);
    const account = await request('GET', '/account', { apiKey: key.json.api_key });
    expect(account.status).toBe(200);
    expect(account.body.company_uuid).toBe(company.json.company_uuid);
    expect(account.body.api_key.scopes).toEqual(['analyses:read', 'analyses:write']);
    expect(account.headers.get('ratelimit-limit')).toBe('50');
    expect(account.body.plan.quotas).toEqual({ analyses: 100, adverse_media: 10, reports: 5 });

    const revoked = await runOps(['key', 'revoke', '--key', key.json.key_uuid, '--json']);
    expect(revoked.code).toBe(0);
    expect(revoked.json.key_uuid).toBe(key.json.key_uuid);
    expect(new Date(revoked.json.revoked_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await request('GET', '/account', { apiKey: key.json.api_key })).status).toBe(401);
  });

  it('rejects bad input with a clear message and a non-zero exit code', async () => {
    const badScope = await runOps(['key', 'create', '--company', randomUUID(), '--scopes', 'analyses:read,root', '--json']);
    expect(badScope.code).not.toBe(0);
    expect(badScope.stderr).toContain('unknown scopes: root');
    expect(badScope.json).toEqual({ error: expect.stringContaining('unknown scopes: root') });

    const unknownPlan = await runOps(['company', 'create', '--name', 'X', '--plan', 'no-such-plan', '--json']);
    expect(unknownPlan.code).toBe(1);
    expect(unknownPlan.stderr).toContain('plan not found');

    const unknownCommand = await runOps(['frobnicate']);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toContain('unknown command');
  });

  it('refuses a key that would be born expired, in one line, and creates none', async () => {
    const code = `cli-${randomUUID().slice(0, 8)}`;
    await runOps(['plan', 'create', '--code', code, '--features', 'analyses', '--json']);
    const company = (await runOps(['company', 'create', '--name', 'Expired key', '--plan', code, '--json'])).json;
    const past = await runOps([
      'key',
      'create',
      '--company',
      company.company_uuid,
      '--scopes',
      'analyses:read',
      '--expires-at',
      '2020-01-01T00:00:00Z',
      '--json',
    ]);
    expect(past.code).toBe(2);
    expect(past.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error: --expires-at: is in the past/)]);
    expect(past.json).toEqual({ error: expect.stringContaining('in the past') });
    const justPast = await runOps([
      'key',
      'create',
      '--company',
      company.company_uuid,
      '--scopes',
      'analyses:read',
      '--expires-at',
      new Date(Date.now() - 1000).toISOString(),
      '--json',
    ]);
    expect(justPast.code).toBe(2);
    const keys = await testDb()('api_keys')
      .join('companies', 'companies.id', 'api_keys.company_id')
      .where('companies.uuid', company.company_uuid)
      .count<{ n: string }[]>({ n: '*' });
    expect(Number(keys[0].n)).toBe(0);
  });

  it('gives a plan its own limits (--limits), which the API enforces over the configured defaults; plan update merges them', async () => {
    const code = `cli-${randomUUID().slice(0, 8)}`;
    const plan = await runOps(['plan', 'create', '--code', code, '--features', 'webhooks', '--limits', 'webhook_endpoints=1', '--json']);
    expect(plan.json).toMatchObject({ plan_code: code, limits: { webhook_endpoints: 1 } });
    const updated = await runOps(['plan', 'update', '--code', code, '--limits', 'requests_per_second=40', '--json']);
    expect(updated.json).toMatchObject({
      plan_code: code,
      features: ['webhooks'],
      limits: { webhook_endpoints: 1, requests_per_second: 40 },
    });
    const listed = (await runOps(['plan', 'list', '--json'])).json.plans.find((p: any) => p.plan_code === code);
    expect(listed.limits).toEqual({ webhook_endpoints: 1, requests_per_second: 40 });
    const company = (await runOps(['company', 'create', '--name', 'Small plan', '--plan', code, '--json'])).json;
    const key = (await runOps(['key', 'create', '--company', company.company_uuid, '--scopes', 'webhooks:write', '--json'])).json;
    const create = () =>
      request('POST', '/webhooks/endpoints', {
        apiKey: key.api_key,
        body: { name: 'one', url: 'https://example.com/hook', subscribed_events: [] },
      });
    expect((await create()).status).toBe(201);
    const second = await create();
    expect(second.status).toBe(422);
    expect(second.body.detail[0]).toMatchObject({ type: 'limit_exceeded', msg: expect.stringContaining('1 webhook endpoints') });
    const bad = await runOps(['plan', 'update', '--code', code, '--limits', 'endpoints=3', '--json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('webhook_endpoints, test_events_per_endpoint_per_minute, requests_per_second');
  });

  it('creates a personal key that acts as its person (within their roles), lists people, and deactivates a person: their keys stop at once', async () => {
    const code = `cli-${randomUUID().slice(0, 8)}`;
    await runOps(['plan', 'create', '--code', code, '--features', 'analyses', '--json']);
    const company = (await runOps(['company', 'create', '--name', 'Personal keys', '--plan', code, '--json'])).json;
    const companyRow = await testDb()('companies').where({ uuid: company.company_uuid }).first('id');
    // A person as their first sign-in provisions them (docs/sign-in.md).
    const person = await upsertSignedInPerson(testDb(), {
      companyId: Number(companyRow.id),
      issuer: 'https://idp.example',
      subject: `s-${randomUUID()}`,
      name: 'Olga Officer',
      email: null,
      roles: ['officer'],
    });

    const key = await runOps([
      'key',
      'create',
      '--company',
      company.company_uuid,
      '--person',
      person.uuid,
      '--scopes',
      'cases:read,cases:approve',
      '--name',
      'olga approvals',
      '--json',
    ]);
    expect(key.code).toBe(0);
    expect(key.json).toMatchObject({ key_uuid: expect.any(String), person_uuid: person.uuid, scopes: ['cases:read', 'cases:approve'] });
    const account = await request('GET', '/account', { apiKey: key.json.api_key });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      api_key: null,
      person: { uuid: person.uuid, name: 'Olga Officer', roles: ['officer'], scopes: ['cases:approve', 'cases:read'] },
    });
    expect((await runOps(['key', 'list', '--company', company.company_uuid, '--json'])).json.keys).toEqual([
      expect.objectContaining({ key_uuid: key.json.key_uuid, person_uuid: person.uuid }),
    ]);

    // Beyond the person's roles, another company's person, nobody: refused, nothing created.
    const beyond = await runOps([
      'key',
      'create',
      '--company',
      company.company_uuid,
      '--person',
      person.uuid,
      '--scopes',
      'audit:read',
      '--json',
    ]);
    expect(beyond.code).toBe(1);
    expect(beyond.stderr).toContain('do not hold: audit:read');
    const nobody = await runOps([
      'key',
      'create',
      '--company',
      company.company_uuid,
      '--person',
      randomUUID(),
      '--scopes',
      'cases:read',
      '--json',
    ]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('person not found');

    const listed = await runOps(['people', 'list', '--company', company.company_uuid, '--json']);
    expect(listed.json.people).toEqual([
      { person_uuid: person.uuid, name: 'Olga Officer', email: null, roles: ['officer'], active: true, deactivated_at: null },
    ]);

    const deactivated = await runOps(['people', 'deactivate', '--person', person.uuid, '--json']);
    expect(deactivated.code).toBe(0);
    expect(deactivated.json).toEqual({
      person_uuid: person.uuid,
      deactivated_at: expect.any(String),
      keys_revoked: [key.json.key_uuid],
      sessions_ended: 0,
    });
    expect((await request('GET', '/account', { apiKey: key.json.api_key })).status).toBe(401);
    expect((await runOps(['people', 'list', '--company', company.company_uuid, '--json'])).json.people[0]).toMatchObject({
      active: false,
      deactivated_at: deactivated.json.deactivated_at,
    });
    // A deactivated person gets no new key; a repeat changes nothing and records nothing new.
    const late = await runOps([
      'key',
      'create',
      '--company',
      company.company_uuid,
      '--person',
      person.uuid,
      '--scopes',
      'cases:read',
      '--json',
    ]);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain('deactivated');
    expect((await runOps(['people', 'deactivate', '--person', person.uuid, '--json'])).json).toEqual({
      ...deactivated.json,
      keys_revoked: [],
    });
    const events = await testDb()('audit_events')
      .where({ company_id: companyRow.id, action: 'person.deactivated' })
      .select('actor_type', 'changes');
    expect(events).toEqual([
      {
        actor_type: 'operator',
        changes: { deactivated_at: deactivated.json.deactivated_at, keys_revoked: [key.json.key_uuid], sessions_ended: 0 },
      },
    ]);
    // Eleven ops processes, each a few seconds on a loaded machine.
  }, 300_000);

  it('prints help for every command', async () => {
    for (const words of [[], ['plan', 'create'], ['company', 'create'], ['key', 'create'], ['key', 'revoke']]) {
      const help = await runOps([...words, '--help']);
      expect(help.code).toBe(0);
      expect(help.stderr).toMatch(/Usage|Flags/);
    }
    expect((await runOps(['--help'])).stderr).toContain('/docs, and /openapi.json');
  });
});

describe('ops CLI: the database of the local stack', () => {
  const local = async () => ({
    DATABASE_URL: '',
    PGPORT: String(await getFreePort()),
    STACK_DATA_DIR: path.join(process.env.TEST_DATA_DIR!, `ops-local-${process.pid}`),
  });

  it('says in one line that the database is not running and how to start it, without starting one', async () => {
    const env = await local();
    const result = await runOps(['plan', 'create', '--code', 'never', '--features', 'analyses', '--json'], env);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^error: the database is not running \(nothing on 127\.0\.0\.1:\d+.*npm start/),
    ]);
    expect(result.json.error).toContain('not running');
    expect(await isPortOpen(Number(env.PGPORT))).toBe(false);
  });

  it('`npm run ops` starts it for a one-off command and stops it after', async () => {
    const env = await local();
    try {
      const run = (args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], {
          cwd: path.resolve(__dirname, '..', '..'),
          env: { ...process.env, ...env },
        });
      const first = await run(['db', 'migrate', '--json']);
      expect(first.stderr).toContain(`creating the PostgreSQL of npm start (${env.STACK_DATA_DIR}`);
      expect(JSON.parse(first.stdout).total).toBeGreaterThan(1);
      expect(await isPortOpen(Number(env.PGPORT))).toBe(false);
      const code = `local-${randomUUID().slice(0, 8)}`;
      const second = await run(['plan', 'create', '--code', code, '--features', 'analyses', '--json']);
      expect(second.stderr).toContain('starting the PostgreSQL of npm start');
      expect(JSON.parse(second.stdout)).toMatchObject({ plan_code: code });
      expect(await isPortOpen(Number(env.PGPORT))).toBe(false);
    } finally {
      removeStackData(env.STACK_DATA_DIR);
    }
  }, 120_000);
});
