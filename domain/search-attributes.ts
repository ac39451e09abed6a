/**
 * Custom search attributes of the service, registered with the Temporal server at start
 * (scripts/stack/temporal.ts, docker-compose.yml) so that the UI can filter runs by them.
 */
export const customSearchAttributes = {
  CompanyUuid: 'Keyword',
  EntityId: 'Int',
  AnalysisUuid: 'Keyword',
  RiskLevel: 'Keyword',
  WebhookEventType: 'Keyword',
  WebhookEndpointUuid: 'Keyword',
} as const;
