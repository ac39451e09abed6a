/**
 * Beneficial ownership is "more than 25 %" (IN RFB 1.863/2018 art. 8; EU/UK "more than 25 %").
 * The graph takes the configured UBO_THRESHOLD_PERCENT; the subject profile's `ubo_count` takes
 * the threshold the orchestration passes to scoring. Both resolve it here, so that an analysis run
 * with the defaults counts in its profile exactly the owners its graph lists.
 */
export const DEFAULT_UBO_THRESHOLD_PERCENT = 25;

/**
 * The threshold an analysis uses: the one given, else the default. A value outside 0–100 is a
 * caller's mistake, refused rather than clamped, so that no analysis silently counts owners by
 * another rule than the one configured.
 */
export function resolveUboThresholdPercent(given?: number): number {
  if (given === undefined) return DEFAULT_UBO_THRESHOLD_PERCENT;
  if (!Number.isFinite(given) || given < 0 || given > 100)
    throw new Error(`the UBO threshold must be a percentage from 0 to 100, not ${given}`);
  return given;
}
