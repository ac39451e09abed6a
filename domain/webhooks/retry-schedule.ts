/**
 * When to try again after a failed attempt. Attempt 1 is immediate; after attempt n fails the
 * delay is schedule[n-1] (with jitter), or nothing when the schedule is spent.
 */
const jitterRatio = 0.2;
/** A receiver may ask for a later retry, but may not park an event for more than a day. */
const maxRetryAfterMs = 24 * 3_600_000;

/**
 * `random` is a number in [0, 1): the workflow's deterministic Math.random or a test value.
 * Returns null when no attempt is left.
 */
export function nextRetryDelayMs(input: {
  scheduleMs: readonly number[];
  failedAttemptsInRun: number;
  random: number;
  retryAfterMs?: number | null;
}): number | null {
  const step = input.scheduleMs[input.failedAttemptsInRun - 1];
  if (step === undefined) return null;
  const factor = 1 - jitterRatio + 2 * jitterRatio * Math.min(Math.max(input.random, 0), 1);
  const jittered = Math.round(step * factor);
  const requested = input.retryAfterMs == null ? 0 : Math.min(input.retryAfterMs, maxRetryAfterMs);
  return Math.max(jittered, requested);
}

/**
 * `Retry-After` as delta-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from `now`; null when
 * absent or unreadable. A date in the past means "now" (0).
 */
export function parseRetryAfterMs(header: string | null | undefined, now: Date): number | null {
  if (header == null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  if (!/[a-z]/i.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}
