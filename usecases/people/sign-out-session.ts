import type { UsecaseDeps } from '../support/usecase-deps';
import { endSession } from '../../db/repositories/people/session-repository';
import { hashToken } from '../../domain/sessions';

/** Sign-out: the session admits nothing afterwards. */
export async function signOutSession(deps: { db: UsecaseDeps['db'] }, sessionToken: string): Promise<void> {
  await endSession(deps.db, hashToken(sessionToken));
}
