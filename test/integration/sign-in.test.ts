import { hashToken } from '../../domain/sessions';
import { setSessionExpiry } from '../../db/repositories/people/session-repository';
import { request } from '../support/http';
import { CookieJar, registerTestPerson, send, sessionRequest, signInOverHttp, signInPerson, type SignedIn } from '../support/sign-in';
import { apiUrl } from '../support/stack';
import { closeTestDb, createTestTenant, testDb, type TestTenant } from '../support/tenants';

/**
 * People sign in to the console with OpenID Connect (docs/sign-in.md), driven over plain HTTP
 * through the stack's development identity provider: the authorization code flow with PKCE, the
 * session cookie, its CSRF token, expiry, sign-out, the roles' powers and the company's walls.
 */
let tenant: TestTenant;
let analyst: SignedIn;

beforeAll(async () => {
  tenant = await createTestTenant();
  analyst = await signInPerson(await registerTestPerson(tenant.companyUuid, ['analyst'], 'Ana Analyst'));
});

afterAll(closeTestDb);

describe('signing in: the authorization code flow with PKCE', () => {
  it('sends the browser to the provider with PKCE, state and nonce, keeping them in an HttpOnly cookie of /auth', async () => {
    const jar = new CookieJar();
    const login = await send(jar, `${apiUrl()}/auth/login?return_to=/console/reports`);
    expect(login.status).toBe(302);
    const location = new URL(login.headers.get('location')!);
    expect(location.origin).toBe(new URL(process.env.OIDC_ISSUER_URL!).origin);
    expect(
      Object.fromEntries(
        ['response_type', 'code_challenge_method', 'client_id', 'redirect_uri'].map((name) => [name, location.searchParams.get(name)]),
      ),
    ).toEqual({
      response_type: 'code',
      code_challenge_method: 'S256',
      client_id: 'era-console',
      redirect_uri: `${apiUrl()}/auth/callback`,
    });
    for (const name of ['code_challenge', 'state', 'nonce']) expect(location.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cookie = jar.seen.find((s) => s.cookie.name === 'era_sign_in')!.cookie;
    expect(cookie.attributes.map((a) => a.toLowerCase())).toEqual(expect.arrayContaining(['path=/auth', 'httponly', 'samesite=lax']));
    expect(cookie.value).not.toContain(location.searchParams.get('code_challenge'));
  });

  it('comes back to the console with an HttpOnly, SameSite=Lax session cookie of path / (not Secure over plain HTTP)', async () => {
    const person = await registerTestPerson(tenant.companyUuid, ['officer'], 'Otto Officer');
    const jar = new CookieJar();
    const { callback } = await signInOverHttp(person, { jar, returnTo: '/console/reports' });
    expect([callback.status, callback.headers.get('location')]).toEqual([302, '/console/reports']);
    const cookie = jar.seen.filter((s) => s.cookie.name === 'era_session').at(-1)!.cookie;
    const attributes = cookie.attributes.map((a) => a.toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['path=/', 'httponly', 'samesite=lax']));
    expect(attributes).not.toContain('secure');
    const expires = new Date(cookie.attributes.find((a) => /^expires=/i.test(a))!.slice(8)).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 3_600_000);
    expect(cookie.value).toMatch(/^ers_[A-Za-z0-9_-]{43}$/);
    // the sign-in in flight is over: its cookie is cleared
    expect(jar.get(apiUrl(), 'era_sign_in')).toBeUndefined();
    // only the hash of the token is stored
    const stored = await testDb()('sessions')
      .where({ token_hash: hashToken(cookie.value) })
      .first();
    expect(stored).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain(cookie.value);
  });

  it('GET /auth/session names the person, their roles, their powers and the CSRF token; the person is provisioned in their company', async () => {
    const who = await sessionRequest(analyst, 'GET', '/auth/session');
    expect(who.status).toBe(200);
    expect(who.headers.get('cache-control')).toBe('no-store');
    expect(who.body).toMatchObject({
      person: { name: 'Ana Analyst', roles: ['analyst'] },
      company_uuid: tenant.companyUuid,
      csrf_token: analyst.csrf,
    });
    expect(who.body.scopes).toEqual(expect.arrayContaining(['analyses:write', 'cases:write']));
    expect(who.body.scopes).not.toContain('reports:write');
    const person = await testDb()('people').where({ uuid: who.body.person.uuid }).first();
    expect({ company_id: Number(person.company_id), name: person.name, roles: person.roles }).toEqual({
      company_id: tenant.companyId,
      name: 'Ana Analyst',
      roles: ['analyst'],
    });
  });

  it('a session calls the API as the person: GET /account names them', async () => {
    const account = await sessionRequest(analyst, 'GET', '/account');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      company_uuid: tenant.companyUuid,
      api_key: null,
      person: { name: 'Ana Analyst', roles: ['analyst'] },
    });
  });

  it('a callback without the sign-in in flight (another browser, or none) is 400', async () => {
    const { callbackUrl } = await signInOverHttp(await registerTestPerson(tenant.companyUuid, ['analyst']));
    const response = await fetch(callbackUrl, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'the sign-in expired or was started in another browser; start again' });
  });

  it('a callback whose state is not the one sent is 400', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await signInOverHttp(await registerTestPerson(tenant.companyUuid, ['analyst']), { jar });
    // a second login in the same browser replaces the sign-in in flight: the first callback's state no longer matches
    await send(jar, `${apiUrl()}/auth/login`);
    const replay = await send(jar, callbackUrl);
    expect(replay.status).toBe(400);
  });
});

describe('refusals', () => {
  it('a person without a role of this service is 403, and gets no session', async () => {
    const { callback, jar } = await signInOverHttp(await registerTestPerson(tenant.companyUuid, ['teller']));
    expect(callback.status).toBe(403);
    expect(await callback.json()).toEqual({ detail: 'the identity provider gives this person no role of this service' });
    expect(jar.get(apiUrl(), 'era_session')).toBeUndefined();
  });

  it('a person of a company this service does not know is 403', async () => {
    const { callback } = await signInOverHttp(await registerTestPerson('6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f', ['analyst']));
    expect(callback.status).toBe(403);
    expect(await callback.json()).toEqual({ detail: 'the identity provider names a company this service does not know' });
  });

  it('a wrong password stays at the provider: no code comes back', async () => {
    const person = await registerTestPerson(tenant.companyUuid, ['analyst']);
    await expect(signInOverHttp({ username: person.username, password: 'wrong' })).rejects.toThrow(/did not send the browser back/);
  });

  it.each([
    ['a forged token', `ers_${'A'.repeat(43)}`],
    ['a malformed token', 'not-a-session'],
    ['an API key in the cookie', `erk_${'A'.repeat(43)}`],
  ])('%s is 401 invalid_session', async (_case, cookie) => {
    for (const path of ['/account', '/auth/session']) {
      const response = await sessionRequest({ session: cookie }, 'GET', path);
      expect([path, response.status, response.body]).toEqual([path, 401, { detail: 'invalid_session' }]);
    }
  });

  it('an expired session is 401 invalid_session', async () => {
    const person = await signInPerson(await registerTestPerson(tenant.companyUuid, ['analyst']));
    expect((await sessionRequest(person, 'GET', '/account')).status).toBe(200);
    expect(await setSessionExpiry(testDb(), hashToken(person.session), new Date(Date.now() - 1000))).toBe(1);
    const response = await sessionRequest(person, 'GET', '/account');
    expect([response.status, response.body]).toEqual([401, { detail: 'invalid_session' }]);
  });

  it("a write without the CSRF token, or with another session's, is 403 csrf_token_invalid; with it, the request goes on", async () => {
    const other = await signInPerson(await registerTestPerson(tenant.companyUuid, ['analyst']));
    for (const csrf of [undefined, other.csrf, 'forged']) {
      const refused = await sessionRequest(analyst, 'POST', '/analyses', { csrf, body: { document: 'not a document' } });
      expect([refused.status, refused.body]).toEqual([403, { detail: 'csrf_token_invalid' }]);
    }
    // past the edge, the body is what is wrong
    const admitted = await sessionRequest(analyst, 'POST', '/analyses', { csrf: analyst.csrf, body: { document: 'not a document' } });
    expect(admitted.status).toBe(422);
  });

  it('an API-key request needs no CSRF token, and the key decides when both are sent', async () => {
    const response = await fetch(`${apiUrl()}/account`, {
      headers: { 'X-API-Key': tenant.apiKey, Cookie: `era_session=${analyst.session}` },
    });
    const body: any = await response.json();
    expect([response.status, body.api_key?.key_uuid, body.person]).toEqual([200, tenant.keyUuid, null]);
    expect((await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { document: 'not a document' } })).status).toBe(422);
  });
});

describe('roles and their powers', () => {
  it('an auditor reads but may not write: 403 insufficient_scope', async () => {
    const auditor = await signInPerson(await registerTestPerson(tenant.companyUuid, ['auditor']));
    expect((await sessionRequest(auditor, 'GET', '/analyses')).status).toBe(200);
    const write = await sessionRequest(auditor, 'POST', '/analyses', { csrf: auditor.csrf, body: { document: 'not a document' } });
    expect([write.status, write.body]).toEqual([403, { detail: 'insufficient_scope' }]);
  });

  it('an analyst may not create webhook endpoints; an admin may', async () => {
    const body = { name: 'Console endpoint', url: 'http://127.0.0.1:9/hooks', subscribed_events: ['analysis.completed'] };
    const refused = await sessionRequest(analyst, 'POST', '/webhooks/endpoints', { csrf: analyst.csrf, body });
    expect([refused.status, refused.body]).toEqual([403, { detail: 'insufficient_scope' }]);
    const admin = await signInPerson(await registerTestPerson(tenant.companyUuid, ['admin']));
    const created = await sessionRequest(admin, 'POST', '/webhooks/endpoints', { csrf: admin.csrf, body });
    expect(created.status).toBe(201);
  });
});

describe('tenancy', () => {
  it("a person of another company gets 404 for this company's resource, as everywhere", async () => {
    const endpoint = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'Company A', url: 'http://127.0.0.1:9/a', subscribed_events: ['analysis.completed'] },
    });
    expect(endpoint.status).toBe(201);
    const other = await createTestTenant();
    const stranger = await signInPerson(await registerTestPerson(other.companyUuid, ['auditor']));
    const read = await sessionRequest(stranger, 'GET', `/webhooks/endpoints/${endpoint.body.uuid}`);
    expect([read.status, read.body]).toEqual([404, { detail: 'webhook endpoint not found' }]);
    const own = await signInPerson(await registerTestPerson(tenant.companyUuid, ['auditor']));
    expect((await sessionRequest(own, 'GET', `/webhooks/endpoints/${endpoint.body.uuid}`)).status).toBe(200);
  });
});

describe('signing out', () => {
  it('needs the CSRF token; then the session ends, its cookie is cleared, and it admits nothing', async () => {
    const person = await signInPerson(await registerTestPerson(tenant.companyUuid, ['analyst']));
    const refused = await sessionRequest(person, 'POST', '/auth/logout');
    expect([refused.status, refused.body]).toEqual([403, { detail: 'csrf_token_invalid' }]);
    const response = await fetch(`${apiUrl()}/auth/logout`, {
      method: 'POST',
      headers: { Cookie: `era_session=${person.session}`, 'X-CSRF-Token': person.csrf },
    });
    expect(response.status).toBe(204);
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith('era_session='))!;
    expect(cleared).toMatch(/^era_session=;/);
    expect(cleared.toLowerCase()).toContain('expires=thu, 01 jan 1970');
    for (const path of ['/auth/session', '/account']) expect((await sessionRequest(person, 'GET', path)).status).toBe(401);
  });
});
