import type { Executor } from '../../create-db';

export type DeliveryFigures = { attempts: number; succeeded: number; p50DurationMs: number | null };

/** An endpoint's attempts of the last 24 hours: how many, how many 2xx, the median duration. */
export async function findDeliveryFigures(db: Executor, endpointId: number): Promise<DeliveryFigures> {
  const { rows } = await db.raw(
    `SELECT count(*)::int AS attempts,
            count(*) FILTER (WHERE status_code BETWEEN 200 AND 299)::int AS succeeded,
            round(percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms))::int AS p50
       FROM webhook_attempts WHERE endpoint_id = ? AND started_at > now() - interval '24 hours'`,
    [endpointId],
  );
  return { attempts: rows[0].attempts, succeeded: rows[0].succeeded, p50DurationMs: rows[0].p50 };
}
