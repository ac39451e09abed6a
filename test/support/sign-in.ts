import { randomUUID } from 'node:crypto';
import type { DevPerson } from '../../support/dev-identity-provider/dev-people';
import { apiUrl, stackEnv } from './stack';

/**
 * Signing in over plain HTTP through the stack's development identity provider (docs/sign-in.md):
 * the tests' people, of the tests' own companies, and the authorization code flow followed by
 * hand — the login redirect, the provider's login form, the callback — with one cookie jar per host.
 */
export function identityProviderUrl(): string {
  const issuer = process.env.OIDC_ISSUER_URL ?? stackEnv().OIDC_ISSUER_URL;
  if (!issuer) throw new Error('OIDC_ISSUER_URL is not set: run these tests through `npm test`');
  return issuer;
}

/** A new person of a company at the identity provider (POST /dev/people): unique username and subject. */
export async function registerTestPerson(
  company: string,
  roles: string[],
  name = `Test person ${roles.join(' ') || 'without a role'}`,
): Promise<DevPerson> {
  const id = randomUUID();
  const person: DevPerson = {
    username: `person-${id}`,
    password: `pw-${id}`,
    subject: `test-${id}`,
    name,
    email: `${id}@people.example`,
    roles,
    company,
  };
  const response = await fetch(`${identityProviderUrl()}/dev/people`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(person),
  });
  if (response.status !== 201)
    throw new Error(`the identity provider refused the test person: ${response.status} ${await response.text()}`);
  return person;
}

type SetCookie = { name: string; value: string; attributes: string[] };

export function parseSetCookie(header: string): SetCookie {
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes };
}

/** Cookies per host, as a browser would keep them (expired ones dropped; paths ignored: every cookie goes back to its host). */
export class CookieJar {
  private readonly hosts = new Map<string, Map<string, string>>();
  readonly seen: { url: string; cookie: SetCookie }[] = [];

  store(url: string, response: Response): void {
    const host = new URL(url).host;
    const jar = this.hosts.get(host) ?? new Map<string, string>();
    this.hosts.set(host, jar);
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      this.seen.push({ url, cookie });
      const expired =
        cookie.attributes.some((a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() <= Date.now()) || cookie.value === '';
      if (expired) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
  }

  header(url: string): string {
    return [...(this.hosts.get(new URL(url).host) ?? new Map()).entries()].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(url: string, name: string): string | undefined {
    return this.hosts.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    const jar = this.hosts.get(host) ?? new Map<string, string>();
    this.hosts.set(host, jar);
    jar.set(name, value);
  }
}

/** One request with the jar's cookies, redirects not followed. */
export async function send(
  jar: CookieJar,
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const cookie = jar.header(url);
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    body: init.body,
    redirect: 'manual',
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) },
  });
  jar.store(url, response);
  return response;
}

/** Follows redirects (303/302 as GET) until an answer that is not one, or until `stopAt` says so of a URL about to be requested. */
async function follow(
  jar: CookieJar,
  start: Response,
  from: string,
  stopAt?: (url: string) => boolean,
): Promise<{ response: Response; url: string }> {
  let response = start;
  let url = from;
  for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
    const next = new URL(response.headers.get('location')!, url).href;
    if (stopAt?.(next)) return { response, url: next };
    await response.arrayBuffer();
    url = next;
    response = await send(jar, url);
  }
  return { response, url };
}

export type SignedIn = { jar: CookieJar; session: string; csrf: string; callback: Response; sessionCookie: SetCookie };

/**
 * The whole authorization code flow over HTTP: GET /auth/login, the provider's login form filled
 * with the person's username and password, back through /auth/callback. Returns the callback's
 * answer (a 302 to the console when signed in, a 403 for a person the service refuses).
 */
export async function signInOverHttp(
  person: Pick<DevPerson, 'username' | 'password'>,
  options: { jar?: CookieJar; baseUrl?: string; returnTo?: string } = {},
): Promise<{ jar: CookieJar; callback: Response; callbackUrl: string }> {
  const jar = options.jar ?? new CookieJar();
  const base = options.baseUrl ?? apiUrl();
  const login = await send(jar, `${base}/auth/login${options.returnTo ? `?return_to=${encodeURIComponent(options.returnTo)}` : ''}`);
  if (login.status !== 302) throw new Error(`GET /auth/login answered ${login.status}: ${await login.text()}`);
  const toForm = await follow(jar, login, `${base}/auth/login`);
  const page = await toForm.response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no login form at ${toForm.url}: ${toForm.response.status} ${page.slice(0, 300)}`);
  const formUrl = new URL(
    action.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
    toForm.url,
  ).href;
  const posted = await send(jar, formUrl, {
    method: 'POST',
    body: new URLSearchParams({ username: person.username, password: person.password }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const toCallback = await follow(jar, posted, formUrl, (url) => url.startsWith(`${base}/auth/callback`));
  if (!toCallback.url.startsWith(`${base}/auth/callback`))
    throw new Error(
      `the provider did not send the browser back: ${toCallback.response.status} at ${toCallback.url}: ${(await toCallback.response.text()).slice(0, 300)}`,
    );
  await toCallback.response.arrayBuffer();
  const callback = await send(jar, toCallback.url);
  return { jar, callback, callbackUrl: toCallback.url };
}

/** Signed in, with the session cookie and the CSRF token of GET /auth/session. */
export async function signInPerson(person: Pick<DevPerson, 'username' | 'password'>, baseUrl = apiUrl()): Promise<SignedIn> {
  const { jar, callback } = await signInOverHttp(person, { baseUrl });
  if (callback.status !== 302) throw new Error(`sign-in refused: ${callback.status} ${await callback.text()}`);
  const session = jar.get(baseUrl, 'era_session');
  if (!session) throw new Error('no session cookie after the callback');
  const sessionCookie = jar.seen.filter((s) => s.cookie.name === 'era_session').at(-1)!.cookie;
  const who = await send(jar, `${baseUrl}/auth/session`);
  const body = (await who.json()) as { csrf_token: string };
  return { jar, session, csrf: body.csrf_token, callback, sessionCookie };
}

/** A request with a session cookie (and a CSRF token when given), JSON in and out. */
export async function sessionRequest(
  signedIn: Pick<SignedIn, 'session'>,
  method: string,
  path: string,
  options: { csrf?: string; body?: unknown; baseUrl?: string; cookie?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { Cookie: options.cookie ?? `era_session=${signedIn.session}` };
  if (options.csrf) headers['X-CSRF-Token'] = options.csrf;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${options.baseUrl ?? apiUrl()}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
}
