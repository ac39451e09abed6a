/**
 * Workflow ids are business ids: an operator can find any run in the Temporal UI from the uuid a
 * customer quotes, and Temporal's id uniqueness makes a duplicate start impossible.
 */
export const workflowIds = {
  analysis: (analysisUuid: string) => `analysis-${analysisUuid}`,
  delivery: (eventUuid: string, attempt = 0) => (attempt === 0 ? `delivery-${eventUuid}` : `delivery-${eventUuid}-retry-${attempt}`),
  screening: (screeningUuid: string) => `screening-${screeningUuid}`,
  graphExpansion: (analysisUuid: string) => `graph-expansion-${analysisUuid}`,
};
