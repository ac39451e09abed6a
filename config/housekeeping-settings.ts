import { duration } from './setting-parsers';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The service's own upkeep, run by Temporal Schedules that the worker creates at start (docs/workflows.md). */
export const housekeepingSettings = {
  /**
   * How often expired Idempotency-Keys are deleted. Under a minute would only add runs; over
   * a week lets a day's keys pile up seven times over for nothing.
   */
  IDEMPOTENCY_PURGE_INTERVAL: duration.refine((ms) => ms >= MINUTE && ms <= 7 * DAY, 'must be from 1m to 7d').default(3_600_000),
};
