import type { Context } from 'koa';
import { CsrfRejectedError, InsufficientScopeError } from '../../domain/errors';
import { personActor, type PersonActor, type PersonAuth, SYSTEM_ACTOR } from '../../domain/actor';
import { scopesOfRoles } from '../../domain/roles';
import { isSafeMethod, isSessionCsrfToken } from '../../domain/sessions';
import type { ActiveSession } from '../../db/repositories/people/session-repository';
import { admitKeyRequest } from '../../usecases/tenancy/support/admit-rate';
import { authenticateSession } from '../../usecases/people/authenticate-session';
import type { AppDeps } from '../app-deps';
import type { KeyAccess } from './key-admission';
import { rateLimitHeaders } from './rate-limit-headers';
import { readSessionCookie } from './session-cookie';

/** The header a signed-in person's writes carry (docs/sign-in.md): the token of GET /auth/session. */
export const CSRF_HEADER = 'x-csrf-token';

/** The session a request was admitted with (a route whose `auth` is 'session' reads it: api/resources/session/). */
export function admittedSession(ctx: Context): ActiveSession {
  const session = ctx.state.session as ActiveSession | undefined;
  if (!session) throw new Error('no session was admitted for this request');
  return session;
}

/** A session's person as the edge and the handlers see them: their roles' scopes are their powers. */
export function personAuthOf(session: ActiveSession): PersonAuth {
  const { email: _email, ...person } = session.person;
  return { ...person, scopes: scopesOfRoles(person.roles) };
}

/**
 * The session part of the edge (api/edge/routing.ts), the counterpart of the key's
 * (api/edge/key-admission.ts), in this order: the session cookie (401 `invalid_session`: forged,
 * expired or signed out alike), the CSRF token of a write (403 `csrf_token_invalid`: a request
 * another site's page made the browser send carries the cookie but cannot know the token), the
 * person's request rate (429), the route's scope against the person's roles (403).
 */
export async function admitSession(
  access: KeyAccess,
  deps: AppDeps,
  ctx: Context,
): Promise<{ auth: PersonAuth; actor: PersonActor; session: ActiveSession }> {
  const session = await authenticateSession(deps, SYSTEM_ACTOR, { presented: readSessionCookie(ctx) });
  if (!isSafeMethod(ctx.method) && !isSessionCsrfToken(ctx.get(CSRF_HEADER) || undefined, session.csrfHash)) throw new CsrfRejectedError();
  const auth = personAuthOf(session);
  ctx.state.auth = auth;
  ctx.state.session = session;
  const actor = personActor(auth);
  const rate = await admitKeyRequest(deps, actor);
  const now = new Date();
  ctx.set(rateLimitHeaders({ limit: rate.limit, remaining: rate.remaining, resetsAt: new Date(now.getTime() + rate.resetInMs) }, now));
  if (access !== 'any-key' && !auth.scopes.has(access.scope)) throw new InsufficientScopeError(access.scope);
  return { auth, actor, session };
}
