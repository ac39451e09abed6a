import type { UsecaseDeps } from '../support/usecase-deps';
import { nowOf } from '../support/usecase-deps';
import { type ActiveSession, findActiveSession } from '../../db/repositories/people/session-repository';
import { UnauthenticatedError } from '../../domain/errors';
import { hashToken, isWellFormedSessionToken } from '../../domain/sessions';

/** The session of a cookie: a forged, expired or signed-out one is the same 401. */
export async function authenticateSession(
  deps: { db: UsecaseDeps['db']; clock?: () => Date },
  presented: string | undefined,
): Promise<ActiveSession> {
  const token = (presented ?? '').trim();
  if (!token || !isWellFormedSessionToken(token)) throw new UnauthenticatedError('session');
  const session = await findActiveSession(deps.db, hashToken(token), nowOf(deps));
  if (!session) throw new UnauthenticatedError('session');
  return session;
}
