import type { RouteSpec } from '../edge/routing';
import { accountRoutes } from './account/account-routes';
import { analysisRoutes } from './analyses/analysis-routes';
import { analysisListRoutes } from './analyses/analysis-list-routes';
import { analysisVerifyRoutes } from './analyses/analysis-verify-routes';
import { entityRoutes } from './entities/entity-routes';
import { healthRoutes } from './health/health-routes';
import { ruleCatalogRoutes } from './rule-catalog/rule-catalog-routes';
import { screeningListRoutes } from './screenings/screening-list-routes';
import { screeningRoutes } from './screenings/screening-routes';
import { sessionRoutes } from './session/session-routes';
import { webhookEndpointActionRoutes } from './webhooks/webhook-endpoint-action-routes';
import { webhookEndpointRoutes } from './webhooks/webhook-endpoint-routes';
import { webhookEventRoutes } from './webhooks/webhook-event-routes';
import { workflowStatusRoutes } from './workflows/workflow-status-routes';
import { workflowActionRoutes } from './workflows/workflow-action-routes';
import { workflowRoutes } from './workflows/workflow-routes';
import { analysisGraphRoutes } from './analyses/analysis-graph-routes';
import { metricsRoutes } from './metrics/metrics-routes';
import { regulatoryManifestRoutes } from './regulatory-manifests/regulatory-manifest-routes';
import { reportRoutes } from './reports/report-routes';
import { watchlistRoutes } from './watchlists/watchlist-routes';
import { auditEventRoutes } from './audit-events/audit-event-routes';
import { caseRoutes } from './cases/case-routes';
import { monitorRoutes } from './monitors/monitor-routes';
import { monitorAlertRoutes } from './monitors/monitor-alert-routes';
import { analysisBatchRoutes } from './analysis-batches/analysis-batch-routes';

/**
 * The route table of the API: one module per resource. The OpenAPI document is generated from
 * exactly this list, so a route cannot exist without being documented.
 */
export const resourceRoutes: RouteSpec[] = [
  ...healthRoutes,
  ...metricsRoutes,
  ...accountRoutes,
  ...sessionRoutes,
  ...entityRoutes,
  ...webhookEndpointRoutes,
  ...webhookEndpointActionRoutes,
  ...webhookEventRoutes,
  ...screeningRoutes,
  ...screeningListRoutes,
  ...analysisRoutes,
  ...analysisListRoutes,
  ...analysisVerifyRoutes,
  ...ruleCatalogRoutes,
  ...workflowStatusRoutes,
  ...workflowRoutes,
  ...workflowActionRoutes,
  ...analysisGraphRoutes,
  ...regulatoryManifestRoutes,
  ...reportRoutes,
  ...watchlistRoutes,
  ...auditEventRoutes,
  ...caseRoutes,
  ...monitorRoutes,
  ...monitorAlertRoutes,
  ...analysisBatchRoutes,
];
