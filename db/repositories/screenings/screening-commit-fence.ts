import type { Executor } from '../../create-db';
import { awaitCommitFenceSql, holdCommitFence, uuidLiteral } from '../commit-fence';
import type { ScreeningRow } from './screening-repository';

/**
 * A screening's workflow starts inside the transaction that records the queued screening
 * (usecases/screenings/create-screening.ts), so that an accepted screening always has its
 * workflow, even when the api dies right after the commit. The run may begin before that commit:
 * its first read waits for the creating transaction's fence (commit-fence.ts).
 */

/** Holds the new screening's fence until the surrounding transaction ends. */
export async function fenceNewScreening(trx: Executor, screeningUuid: string): Promise<void> {
  await holdCommitFence(trx, 'screening', screeningUuid);
}

/**
 * The run's first read, once the transaction that created the screening has ended (the fence
 * and the read in one round trip). Undefined when no such screening exists then: its creation
 * was rolled back, and the run has nothing to do.
 */
export async function findScreeningAfterCommit(db: Executor, screeningUuid: string): Promise<ScreeningRow | undefined> {
  const literal = uuidLiteral(screeningUuid);
  if (!literal) return undefined;
  const results = (await db.raw(
    `${awaitCommitFenceSql('screening', literal)}; select * from screenings where uuid = ${literal}::uuid`,
  )) as unknown as { rows: ScreeningRow[] }[];
  return results[1].rows[0];
}
