/**
 * Beneficial ownership is "more than 25 %" (IN RFB 1.863/2018 art. 8; EU/UK "more than 25 %").
 * The graph takes the configured UBO_THRESHOLD_PERCENT; the subject profile's `ubo_count` takes
 * the threshold the orchestration passes to scoring. Both default to this constant, so that an
 * analysis run with the defaults counts in its profile exactly the owners its graph lists.
 */
export const DEFAULT_UBO_THRESHOLD_PERCENT = 25;
