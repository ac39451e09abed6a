import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { DevPerson } from './dev-people';

/**
 * The development identity provider (docs/sign-in.md): a real OpenID Connect provider over HTTP,
 * built on `oidc-provider` — discovery, the authorization endpoint (code flow, PKCE required),
 * the token endpoint, JWKS — with a minimal login form (username and password) in place of an
 * institution's. The ID token carries the person's `name`, `email`, the roles claim (`roles`) and
 * the company claim (`company`). `npm start` and `npm test` run it beside the api; it keeps
 * nothing on disk (its signing key and cookie keys are new at every start, so sessions at the
 * provider end with it; the api's own sessions are the api's).
 *
 * `POST /dev/people` (JSON, a DevPerson) adds a person while it runs, when `allowRegistration`
 * is set: how a test signs in a person of its own company.
 */
export type DevIdentityProvider = {
  issuer: string;
  addPerson: (person: DevPerson) => void;
  close: () => Promise<void>;
};

export type DevIdentityProviderOptions = {
  port: number;
  host?: string;
  clientId: string;
  clientSecret: string;
  people: DevPerson[];
  allowRegistration?: boolean;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, clientId: string, problem?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in — development identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}label{display:block;margin-top:1rem}input{width:100%;padding:.4rem;box-sizing:border-box}button{margin-top:1.2rem;padding:.5rem 1rem}.problem{color:#a00}</style>
</head><body>
<h1>Sign in</h1>
<p>Development identity provider for <code>${escapeHtml(clientId)}</code>. The demo people are listed by <code>npm start</code>.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="username">Username</label><input id="username" name="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>
</body></html>`;
}

function readBody(req: http.IncomingMessage, limit = 65_536): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function isDevPerson(value: any): value is DevPerson {
  return (
    value &&
    ['username', 'password', 'subject', 'name', 'email', 'company'].every(
      (field) => typeof value[field] === 'string' && value[field] !== '',
    ) &&
    Array.isArray(value.roles) &&
    value.roles.every((role: unknown) => typeof role === 'string')
  );
}

/**
 * oidc-provider's Koa 2 asks `is-generator-function`, which requires `generator-function`; on Node
 * 20.19+ that package's `module-sync` export is an ES module, and under tsx (the stack's runner) a
 * `require` of it answers the module namespace instead of its function, so Koa's `use` throws.
 * The function is put back in the require cache before oidc-provider loads (plain node: nothing to do).
 */
function mendGeneratorFunctionUnderTsx(): void {
  try {
    const requireFromKoa = createRequire(require.resolve('is-generator-function'));
    const loaded = requireFromKoa('generator-function');
    if (typeof loaded === 'function') return;
    const entry = requireFromKoa.cache[requireFromKoa.resolve('generator-function')];
    if (entry) entry.exports = loaded['module.exports'] ?? loaded.default;
  } catch {
    // not installed this way: nothing to mend
  }
}

/** The provider's state in this process's memory (the stack's provider keeps nothing across starts), with expiry. */
function memoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
  const live = (key: string) => {
    const found = store.get(key);
    if (found && found.expiresAt <= Date.now()) store.delete(key);
    return found && found.expiresAt > Date.now() ? found.payload : undefined;
  };
  /** Ends the provider's session of this uid (docs/sign-in.md: no single sign-on at the development provider). */
  const forgetSession = (uid: string) => {
    for (const [key, value] of store) if (key.startsWith('Session:') && value.payload.uid === uid) store.delete(key);
  };
  const Adapter = class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      store.set(this.key(id), { payload, expiresAt: Date.now() + (expiresIn || 3600) * 1000 });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      for (const [key, value] of store) if (key.startsWith(`${this.model}:`) && value.payload.uid === uid) return live(key);
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const [key, value] of store) if (key.startsWith(`${this.model}:`) && value.payload.userCode === userCode) return live(key);
      return undefined;
    }
    async consume(id: string) {
      const found = store.get(this.key(id));
      if (found) found.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, value] of store) if (value.payload.grantId === grantId) store.delete(key);
    }
  };
  return { Adapter, forgetSession };
}

export async function startDevIdentityProvider(options: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
  mendGeneratorFunctionUnderTsx();
  // oidc-provider is an ES module: loaded when a stack starts, never by code that does not run one.
  const { default: Provider } = (await import('oidc-provider')) as { default: any };
  const host = options.host ?? '127.0.0.1';
  const issuer = `http://${host}:${options.port}`;
  const byUsername = new Map<string, DevPerson>();
  const bySubject = new Map<string, DevPerson>();
  const addPerson = (person: DevPerson) => {
    byUsername.set(person.username, person);
    bySubject.set(person.subject, person);
  };
  options.people.forEach(addPerson);

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: `dev-${randomBytes(4).toString('hex')}`, use: 'sig', alg: 'RS256' };

  const memory = memoryAdapter();
  const provider = new Provider(issuer, {
    adapter: memory.Adapter,
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        // Any loopback callback is allowed (below): the api's port is chosen at start.
        redirect_uris: [`http://${host}/auth/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    claims: { openid: ['sub', 'roles', 'company'], profile: ['name'], email: ['email', 'email_verified'] },
    // The roles and company claims travel in the ID token itself, not only at userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, subject: string) => {
      const person = bySubject.get(subject);
      if (!person) return undefined;
      return {
        accountId: subject,
        claims: async () => ({
          sub: subject,
          name: person.name,
          email: person.email,
          email_verified: true,
          roles: person.roles,
          company: person.company,
        }),
      };
    },
    // A first-party console: no consent screen, the grant is given on sign-in.
    // A grant of another account (somebody else signed in on this browser before) is not reused.
    loadExistingGrant: async (ctx: any) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing && existing.accountId === ctx.oidc.session.accountId) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid profile email');
      grant.addOIDCClaims(['roles', 'company']);
      await grant.save();
      return grant;
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600 },
    renderError: async (ctx: any, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>Sign-in error</h1><p>${escapeHtml(out.error ?? '')}: ${escapeHtml(out.error_description ?? '')}</p></body></html>`;
    },
  });
  // The api listens on a port chosen at start: any callback on the loopback host is this client's.
  const redirectUriAllowed = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function allowLoopback(this: unknown, redirectUri: string) {
    try {
      const url = new URL(redirectUri);
      if (
        url.protocol === 'http:' &&
        (url.hostname === host || url.hostname === 'localhost' || url.hostname === '127.0.0.1') &&
        url.pathname === '/auth/callback' &&
        !url.search &&
        !url.hash
      )
        return true;
    } catch {
      return false;
    }
    return redirectUriAllowed.call(this, redirectUri);
  };
  // Each sign-in stands alone: once its code is exchanged, the provider's session ends, so the next
  // sign-in on this browser asks who signs in (another person may, after a sign-out of the console).
  provider.on('authorization_code.consumed', (code: { sessionUid?: string }) => {
    if (code.sessionUid) memory.forgetSession(code.sessionUid);
  });
  const providerCallback = provider.callback();

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, uid: string, action: string | undefined): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const client = details.params.client_id as string;
    if (req.method === 'GET' && action === undefined) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(loginPage(uid, client));
      return;
    }
    if (req.method === 'POST' && action === 'login') {
      const form = new URLSearchParams(await readBody(req));
      const person = byUsername.get(form.get('username') ?? '');
      if (!person || person.password !== form.get('password')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(loginPage(uid, client, 'Unknown username or wrong password.'));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: person.subject } }, { mergeWithLastSubmission: false });
      return;
    }
    res.writeHead(405).end();
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(?:\/(login))?$/.exec(url.pathname);
    if (match) {
      interaction(req, res, match[1], match[2]).catch((error) => {
        if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`sign-in interaction failed: ${(error as Error).message}`);
      });
      return;
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === '/dev/people' && req.method === 'POST' && options.allowRegistration) {
      readBody(req)
        .then((text) => {
          const person = JSON.parse(text);
          if (!isDevPerson(person)) {
            res
              .writeHead(422, { 'Content-Type': 'application/json' })
              .end(JSON.stringify({ detail: 'a person needs username, password, subject, name, email, company and roles' }));
            return;
          }
          addPerson(person);
          res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ username: person.username }));
        })
        .catch(() => res.writeHead(400).end());
      return;
    }
    providerCallback(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  return {
    issuer,
    addPerson,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
