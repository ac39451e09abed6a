import type { Executor } from '../../create-db';
import { holdCommitFence } from '../commit-fence';

/**
 * The report-generation fence (docs/reports.md, "The request's deadline"): the generating
 * transaction and the request that gave up waiting for it take the same transaction-scoped lock
 * on the report uuid, so the request reads either the committed report or a state in which no
 * commit is in flight.
 */
export async function holdReportGenerationFence(trx: Executor, reportUuid: string): Promise<void> {
  await holdCommitFence(trx, 'report', reportUuid);
}

/** Whether Postgres' clock (the one clock both sides read) is past `commitBy`. */
export async function isPastCommitDeadline(trx: Executor, commitBy: string): Promise<boolean> {
  const { rows } = await trx.raw('select clock_timestamp() > ?::timestamptz as passed', [commitBy]);
  return rows[0].passed === true;
}

/** Milliseconds from Postgres' clock to `commitBy` (negative once past). */
export async function msUntilCommitDeadline(db: Executor, commitBy: string): Promise<number> {
  const { rows } = await db.raw('select (extract(epoch from (?::timestamptz - clock_timestamp())) * 1000)::int as ms', [commitBy]);
  return Number(rows[0].ms);
}
