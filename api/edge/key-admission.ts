import type { Context } from 'koa';
import { InsufficientScopeError } from '../../domain/errors';
import { admitCountedKeyRequest } from '../../usecases/tenancy/support/admit-rate';
import { authenticateKey } from '../../usecases/tenancy/authenticate-key';
import type { AppDeps } from '../app-deps';
import { apiKeyActor, type MemberActor, personalKeyActor, SYSTEM_ACTOR } from '../../domain/actor';
import type { AuthContext, Scope } from '../../domain/tenancy';
import { rateLimitHeaders } from './rate-limit-headers';

/**
 * The keyed part of the edge (api/edge/routing.ts), in this order: the key (401 with its challenge),
 * the key's request rate (429 `rate_limited`), the scope (403). The rate is admitted right after
 * the key and before a byte of the body is read, so it counts every authenticated request —
 * one refused for its scope, media type, size, UTF-8 or JSON as much as one that succeeds — and
 * a flood of bad bodies is refused for the price of a key lookup and a counter, unread. A request
 * without a valid key counts against nothing (there is no key to charge); it never reads a body.
 * From here on, every answer states the key's rate (RateLimit-* headers), errors included.
 */
/** A route's `auth` other than 'public' (api/routing.ts). */
export type KeyAccess = 'any-key' | { scope: Scope };

export async function admitKey(access: KeyAccess, deps: AppDeps, ctx: Context): Promise<{ auth: AuthContext; actor: MemberActor }> {
  // The key's lookup counts the request against its rate in the same statement.
  const { auth, use } = await authenticateKey(deps, SYSTEM_ACTOR, { presented: ctx.get('x-api-key') });
  ctx.state.auth = auth;
  // Every use case this request reaches acts as this key, or as the person a personal key is (domain/actor.ts).
  const { person } = auth;
  const actor: MemberActor = person ? personalKeyActor({ ...auth, person }) : apiKeyActor(auth);
  // The 429 itself, with Retry-After, comes from the thrown RateLimitedError (api/edge/present-error.ts).
  const rate = admitCountedKeyRequest(deps, actor, use);
  const now = new Date();
  ctx.set(rateLimitHeaders({ limit: rate.limit, remaining: rate.remaining, resetsAt: new Date(now.getTime() + rate.resetInMs) }, now));
  if (access !== 'any-key' && !auth.scopes.has(access.scope)) throw new InsufficientScopeError(access.scope);
  return { auth, actor };
}
