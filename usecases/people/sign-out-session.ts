import type { UsecaseDeps } from '../support/usecase-deps';
import { endSession } from '../../db/repositories/people/session-repository';
import { hashToken } from '../../domain/sessions';
import type { MemberActor } from '../../domain/actor';

/** Sign-out: the session admits nothing afterwards. The actor is the member the session admitted (its person). */
export async function signOutSession(deps: { db: UsecaseDeps['db'] }, actor: MemberActor, input: { sessionToken: string }): Promise<void> {
  await endSession(deps.db, hashToken(input.sessionToken));
}
