import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * The custom search attributes of the service, defined once: registered with the Temporal server
 * at start (scripts/stack/temporal.ts, docker-compose.yml) and set by the workflow contracts, so
 * that operators filter runs by business facts in the UI and GET /workflows scopes by company.
 */
export const searchAttributeKeys = {
  companyUuid: defineSearchAttributeKey('CompanyUuid', SearchAttributeType.KEYWORD),
  /** The uuid of what the run works on (analysis, screening, report, webhook event; an expansion's analysis): GET /workflows?resource_uuid=. */
  resourceUuid: defineSearchAttributeKey('ResourceUuid', SearchAttributeType.KEYWORD),
  entityId: defineSearchAttributeKey('EntityId', SearchAttributeType.INT),
  analysisUuid: defineSearchAttributeKey('AnalysisUuid', SearchAttributeType.KEYWORD),
  riskLevel: defineSearchAttributeKey('RiskLevel', SearchAttributeType.KEYWORD),
  webhookEventType: defineSearchAttributeKey('WebhookEventType', SearchAttributeType.KEYWORD),
  webhookEndpointUuid: defineSearchAttributeKey('WebhookEndpointUuid', SearchAttributeType.KEYWORD),
};

/** Name → Temporal type name, as the server's registration wants them. */
export const customSearchAttributes: Record<string, 'Keyword' | 'Int'> = Object.fromEntries(
  Object.values(searchAttributeKeys).map((key) => [key.name, key.type === SearchAttributeType.INT ? 'Int' : 'Keyword']),
);
