/** Why a report cannot be created or regenerated once its analysis is older than 24 hours (create-report.ts, regenerate-section.ts). */
export const OUTSIDE_WINDOW_MESSAGE =
  "the 24-hour window of this analysis has passed (the service's freshness rule, not a legal deadline: a stale snapshot misses list and media updates): run a new analysis and report on it";
