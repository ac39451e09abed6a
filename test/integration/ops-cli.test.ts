import { randomUUID } from 'node:crypto';
import { runOps } from '../support/cli';
import { request } from '../support/http';

describe('ops CLI: plans, companies and keys', () => {
  it('creates a plan, a company and a key that works against the API, then revokes it', async () => {
    const code = `cli-${randomUUID().slice(0, 8)}`;
    const plan = await runOps(['plan', 'create', '--code', code, '--features', 'analyses,analyses_async,webhooks', '--quota', 'analyses=100,adverse_media=10,reports=5', '--json']);
    expect(plan.code).toBe(0);
    expect(plan.stdout.trim().split('\n')).toHaveLength(1);
    expect(plan.json).toEqual({ plan_code: code, features: ['analyses', 'analyses_async', 'webhooks'], quotas: { analyses: 100, adverse_media: 10, reports: 5 } });

    const company = await runOps(['company', 'create', '--name', 'Banco Exemplo S.A.', '--plan', code, '--json']);
    expect(company.code).toBe(0);
    expect(company.json.company_uuid).toMatch(/^[0-9a-f-]{36}$/);

    const key = await runOps(['key', 'create', '--company', company.json.company_uuid, '--scopes', 'analyses:read,analyses:write', '--expires-at', '2099-01-01T00:00:00Z', '--json']);
    expect(key.code).toBe(0);
    expect(key.json.api_key).toMatch(/^erk_/);
    const account = await request('GET', '/account', { apiKey: key.json.api_key });
    expect(account.status).toBe(200);
    expect(account.body.company_uuid).toBe(company.json.company_uuid);
    expect(account.body.api_key.scopes).toEqual(['analyses:read', 'analyses:write']);
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

  it('prints help for every command', async () => {
    for (const words of [[], ['plan', 'create'], ['company', 'create'], ['key', 'create'], ['key', 'revoke']]) {
      const help = await runOps([...words, '--help']);
      expect(help.code).toBe(0);
      expect(help.stderr).toMatch(/Usage|Flags/);
    }
  });
});
