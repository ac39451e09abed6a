import { releaseQuota, reserveQuota as reserveQuotaRow } from '../../../db/repositories/tenancy/quota-usage-repository';
import type { Executor } from '../../../db/create-db';
import { QuotaExceededError } from '../../../domain/errors';
import type { MemberActor } from '../../../domain/actor';
import { type BillableOperation, quotaPeriod, quotaPeriodResetsAt } from '../../../domain/tenancy';
import type { Logger } from '../../../infra/logger';
import { quotaRejectionsTotal } from '../../../infra/metrics';

const UNLIMITED = 2_147_483_647;

export type QuotaReservation = { giveBack: () => Promise<void> };

/**
 * One unit of this month's quota, taken when the work starts — after authentication,
 * validation and subject resolution, so that a request bound to fail never holds quota — and
 * given back when the work does not succeed (docs/api-conventions.md). Check and increment are one atomic
 * statement, correct under concurrency. Giving back twice is a no-op.
 */
export async function reserveQuota(
  db: Executor,
  actor: MemberActor,
  operation: BillableOperation,
  logger: Logger,
  units = 1,
): Promise<QuotaReservation> {
  const now = new Date();
  const reservation = { companyId: actor.company.id, operation, period: quotaPeriod(now), units };
  const quota = actor.plan.quotas[operation];
  // Unlimited still counts the use (GET /account shows it), under the column's ceiling.
  const limit = quota === null ? UNLIMITED : Number(quota ?? 0);
  if (!(await reserveQuotaRow(db, { ...reservation, limit }))) {
    quotaRejectionsTotal.inc({ operation });
    throw new QuotaExceededError(operation, { limit, resetsAt: quotaPeriodResetsAt(now) });
  }
  let given = false;
  return {
    giveBack: async () => {
      if (given) return;
      given = true;
      await releaseQuota(db, reservation).catch((error) =>
        logger.error({ err: error, company_id: actor.company.id, operation }, 'quota give-back failed'),
      );
    },
  };
}

/** Runs `work` on a reserved unit; any failure gives the unit back and rethrows. */
export async function withQuota<T>(
  db: Executor,
  actor: MemberActor,
  operation: BillableOperation,
  logger: Logger,
  work: (reservation: QuotaReservation) => Promise<T>,
): Promise<T> {
  const reservation = await reserveQuota(db, actor, operation, logger);
  try {
    return await work(reservation);
  } catch (error) {
    await reservation.giveBack();
    throw error;
  }
}

/**
 * The give-back of work that was accepted (202) and later ended without a result the customer
 * asked for (canceled): the unit of the month in which it was reserved, in the caller's transaction.
 */
export async function giveBackQuotaOf(
  db: Executor,
  work: { companyId: number; operation: BillableOperation; reservedAt: Date },
): Promise<void> {
  await releaseQuota(db, { companyId: work.companyId, operation: work.operation, period: quotaPeriod(new Date(work.reservedAt)) });
}
