import type { UsecaseDeps } from '../support/usecase-deps';
import { nowOf } from '../support/usecase-deps';
import { type ActiveSession, findActiveSession } from '../../db/repositories/people/session-repository';
import { UnauthenticatedError } from '../../domain/errors';
import { hashToken, isWellFormedSessionToken } from '../../domain/sessions';
import type { SystemActor } from '../../domain/actor';

/**
 * The session of a cookie: a forged, expired or signed-out one is the same 401. The actor is the
 * service (SYSTEM_ACTOR): no one acts yet, this is what establishes the person who will.
 */
export async function authenticateSession(
  deps: { db: UsecaseDeps['db']; clock?: () => Date },
  actor: SystemActor,
  input: { presented: string | undefined },
): Promise<ActiveSession> {
  const token = (input.presented ?? '').trim();
  if (!token || !isWellFormedSessionToken(token)) throw new UnauthenticatedError('session');
  const session = await findActiveSession(deps.db, hashToken(token), nowOf(deps));
  if (!session) throw new UnauthenticatedError('session');
  return session;
}
