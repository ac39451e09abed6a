import type { Context } from 'koa';
import { SYSTEM_ACTOR } from '../../../domain/actor';
import { SignInFailedError } from '../../../domain/errors';
import { safeReturnPath, csrfTokenOf } from '../../../domain/sessions';
import { createOidcSignIn, type OidcSignIn, type PendingSignIn } from '../../../infra/oidc-client';
import { signInPerson } from '../../../usecases/people/sign-in-person';
import { signOutSession } from '../../../usecases/people/sign-out-session';
import type { AppDeps } from '../../app-deps';
import { defineRoute } from '../../edge/routing';
import { admittedSession } from '../../edge/session-admission';
import {
  clearSessionCookie,
  clearSignInCookie,
  readSessionCookie,
  readSignInCookie,
  setSessionCookie,
  setSignInCookie,
} from '../../edge/session-cookie';
import { callbackQuerySchema, type Session, sessionSchema, signInQuerySchema } from './session-schemas';

/**
 * Signing in to the console with OpenID Connect (docs/sign-in.md): the login redirect, the
 * callback that turns the provider's answer into a session cookie, who is signed in, sign-out.
 */
const signIns = new WeakMap<AppDeps, OidcSignIn>();
const oidcOf = (deps: AppDeps): OidcSignIn => {
  let found = signIns.get(deps);
  if (!found) signIns.set(deps, (found = createOidcSignIn(deps.config)));
  return found;
};

/** This server as the browser reaches it: its configured public URL, else the request's own origin. */
const originOf = (ctx: Context, deps: AppDeps) => (deps.config.PUBLIC_BASE_URL ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '');
const callbackUrlOf = (ctx: Context, deps: AppDeps) => `${originOf(ctx, deps)}/auth/callback`;

function readPending(value: string | undefined): PendingSignIn {
  try {
    const parsed = JSON.parse(Buffer.from(value ?? '', 'base64url').toString('utf8'));
    if (['state', 'nonce', 'verifier', 'returnTo'].every((field) => typeof parsed?.[field] === 'string')) return parsed;
  } catch {
    // a cookie that is not ours
  }
  throw new SignInFailedError('the sign-in expired or was started in another browser; start again');
}

const noStore = { 'Cache-Control': 'no-store' };

export const sessionRoutes = [
  defineRoute({
    method: 'get',
    path: '/auth/login',
    operationId: 'signIn',
    summary: "Sign in to the console: a redirect to the identity provider's authorization endpoint",
    description:
      'Starts the authorization code flow with PKCE (S256), a state and a nonce, kept for ten minutes in an HttpOnly cookie (`era_sign_in`, path `/auth`); the provider sends the browser back to `/auth/callback`. For browsers, not for integrations (they use API keys).',
    tags: ['session'],
    auth: 'public',
    query: signInQuerySchema,
    responses: {
      302: { description: "to the identity provider's sign-in" },
      502: { description: 'the identity provider is out of reach' },
      503: { description: 'sign-in is not configured on this server (no OIDC_ISSUER_URL)' },
    },
    handler: async ({ query, deps, ctx }) => {
      const { url, pending } = await oidcOf(deps).startSignIn(callbackUrlOf(ctx, deps), safeReturnPath(query.return_to));
      setSignInCookie(ctx, deps.config.PUBLIC_BASE_URL, Buffer.from(JSON.stringify(pending)).toString('base64url'));
      return { status: 302, headers: { Location: url, ...noStore } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/callback',
    operationId: 'finishSignIn',
    summary: "The identity provider's redirect back: the code exchanged, the person's session started",
    description:
      'Exchanges the code (with the PKCE verifier) for tokens, validates the ID token (issuer, audience, signature, expiry, nonce) and the state, then provisions the person in the company of the company claim with the roles of the roles claim, and sets the session cookie (`era_session`: HttpOnly, SameSite=Lax, Secure over HTTPS, path `/`, until SESSION_TTL ends it). A person without a known role, or of a company this service does not know, gets 403.',
    tags: ['session'],
    auth: 'public',
    query: callbackQuerySchema,
    responses: {
      302: { description: 'signed in: back to the console' },
      400: {
        description:
          'the sign-in could not complete: no sign-in in flight, a state or code that does not match, the provider refused, an ID token that does not validate',
      },
      403: { description: 'the person has no role of this service, or belongs to a company this service does not know' },
      502: { description: 'the identity provider is out of reach' },
      503: { description: 'sign-in is not configured on this server' },
    },
    handler: async ({ deps, ctx }) => {
      const pending = readPending(readSignInCookie(ctx));
      clearSignInCookie(ctx, deps.config.PUBLIC_BASE_URL);
      const callbackUrl = new URL(`${callbackUrlOf(ctx, deps)}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      const { issuer, claims } = await oidcOf(deps).finishSignIn(callbackUrl, pending);
      const session = await signInPerson(deps, SYSTEM_ACTOR, { issuer, claims });
      setSessionCookie(ctx, deps.config.PUBLIC_BASE_URL, session.sessionToken, session.expiresAt);
      deps.logger.info({ person_uuid: session.person.uuid, roles: session.person.roles }, 'person signed in');
      return { status: 302, headers: { Location: pending.returnTo, ...noStore } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/session',
    operationId: 'getSession',
    summary: 'Who is signed in: the person, their roles and powers, the CSRF token of their writes',
    description:
      'Answers for the session cookie only (an API key has GET /account). A missing, forged, expired or signed-out session is 401 `invalid_session`.',
    tags: ['session'],
    auth: 'session',
    responses: {
      200: { description: 'the signed-in person', schema: sessionSchema },
    },
    handler: async ({ auth, actor, ctx }) => {
      const session = admittedSession(ctx);
      const body: Session = {
        person: {
          uuid: session.person.personUuid,
          name: session.person.personName,
          email: session.person.email,
          roles: actor.type === 'user' ? [...actor.roles] : [],
        },
        company_uuid: auth.companyUuid,
        scopes: [...auth.scopes].sort(),
        csrf_token: csrfTokenOf(readSessionCookie(ctx)!),
        expires_at: session.expiresAt.toISOString(),
      };
      return { status: 200, body, headers: noStore };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/logout',
    operationId: 'signOut',
    summary: 'Sign out: the session ends and its cookie is cleared',
    description: 'Needs the session cookie and its `X-CSRF-Token`. The session admits nothing afterwards.',
    tags: ['session'],
    auth: 'session',
    headers: { 'X-CSRF-Token': { description: 'the csrf_token of GET /auth/session', required: true } },
    responses: {
      204: { description: 'signed out' },
    },
    handler: async ({ deps, actor, ctx }) => {
      await signOutSession(deps, actor, { sessionToken: readSessionCookie(ctx)! });
      clearSessionCookie(ctx, deps.config.PUBLIC_BASE_URL);
      return { status: 204, headers: noStore };
    },
  }),
];
