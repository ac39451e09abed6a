import { request } from '../support/http';
import { waitFor } from '../support/wait-for';
import { closeTestDb, createTestKey, createTestTenant, TestTenant, testDb } from '../support/tenants';
import { operatorActor } from '../../domain/actor';
import { revokeApiKey } from '../../usecases/tenancy/revoke-api-key';

describe('platform: health, authentication and the error contract', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(closeTestDb);

  it('answers liveness and readiness without a key', async () => {
    expect((await request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { postgres: 'ok', temporal: 'ok' } });
  });

  it('gives the same 401 for a missing, malformed, unknown, expired and revoked key', async () => {
    const expired = await createTestKey(tenant, ['analyses:read'], new Date(Date.now() - 1000));
    const revoked = await createTestKey(tenant, ['analyses:read']);
    const revokedRow = await testDb()('api_keys')
      .where({ key_prefix: revoked.slice(0, 10) })
      .first('uuid');
    await revokeApiKey({ db: testDb() }, operatorActor('test'), { keyUuid: revokedRow.uuid });
    const unknown = `erk_${'A'.repeat(43)}`;
    const answers = await Promise.all(
      [undefined, 'not-a-key', unknown, expired, revoked].map((apiKey) => request('GET', '/account', { apiKey })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ detail: 'invalid_api_key' });
      expect(answer.headers.get('www-authenticate')).toBe('ApiKey realm="entity-risk", header="X-API-Key"');
    }
  });

  it('serves the account of a valid key and records its last use', async () => {
    const response = await request('GET', '/account', { apiKey: tenant.apiKey });
    expect(response.status).toBe(200);
    expect(response.body.company_uuid).toBe(tenant.companyUuid);
    expect(response.body.company_name).toBe(`Test company ${tenant.planCode}`);
    expect(response.body.plan.code).toBe(tenant.planCode);
    // The use is recorded beside the answer, off the request's path: it may land just after it.
    const lastUsedAt = await waitFor(
      "the key's last use to be recorded",
      async () => (await testDb()('api_keys').where({ uuid: tenant.keyUuid }).first('last_used_at'))?.last_used_at ?? undefined,
      30_000,
      100,
    );
    expect(lastUsedAt).toBeInstanceOf(Date);
  });

  it('returns and echoes a request id', async () => {
    const echoed = await request('GET', '/healthz', { headers: { 'X-Request-Id': 'req-123.abc' } });
    expect(echoed.headers.get('x-request-id')).toBe('req-123.abc');
    const generated = await request('GET', '/healthz');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 for an unknown route and 405 for a wrong method, as {detail}', async () => {
    const missing = await request('GET', '/no-such-route', { apiKey: tenant.apiKey });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'not found' });
    const wrongMethod = await request('DELETE', '/healthz');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toEqual({ detail: 'method not allowed' });
    expect(wrongMethod.headers.get('allow')).toContain('GET');
    // A literal route is its own resource: Allow does not borrow the methods of `/reports/{uuid}`.
    for (const method of ['OPTIONS', 'GET']) {
      const batches = await request(method, '/reports/siscoaf-batches', { apiKey: tenant.apiKey });
      expect(batches.status).toBe(405);
      expect(batches.headers.get('allow')).toBe('POST');
    }
    const report = await request('DELETE', '/reports/8d2e4f6a-1b3c-4d5e-9f70-8a9b0c1d2e3f', { apiKey: tenant.apiKey });
    expect(report.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 422 in the list format for malformed JSON and 413 over the body limit', async () => {
    const malformed = await request('POST', '/webhooks/endpoints', { apiKey: tenant.apiKey, rawBody: '{"a":' });
    expect(malformed.status).toBe(422);
    expect(malformed.body).toEqual({ detail: [{ loc: ['body'], msg: 'malformed JSON', type: 'json_invalid' }] });
    const huge = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      rawBody: JSON.stringify({ x: 'a'.repeat(2_000_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ detail: 'request body too large' });
  });
});
