import type { RouteSpec } from '../routing';
import { accountRoutes } from './account';
import { analysisRoutes } from './analyses';
import { analysisListRoutes } from './analysis-list';
import { analysisVerifyRoutes } from './analysis-verify';
import { entityRoutes } from './entities';
import { healthRoutes } from './health';
import { ruleCatalogRoutes } from './rule-catalog';
import { screeningListRoutes } from './screening-list';
import { screeningRoutes } from './screenings';
import { webhookEndpointActionRoutes } from './webhook-endpoint-actions';
import { webhookEndpointRoutes } from './webhook-endpoints';
import { webhookEventRoutes } from './webhook-events';
import { workflowStatusRoutes } from './workflow-status';
import { workflowActionRoutes } from './workflow-actions';
import { workflowRoutes } from './workflows';
import { analysisGraphRoutes } from './analysis-graph';
import { metricsRoutes } from './metrics';
import { regulatoryManifestRoutes } from './regulatory-manifests';
import { reportRoutes } from './reports';
import { watchlistRoutes } from '../resources/watchlists/watchlist-routes';

/**
 * The route table of the API: one module per resource. The OpenAPI document is generated from
 * exactly this list, so a route cannot exist without being documented.
 */
export const resourceRoutes: RouteSpec[] = [
  ...healthRoutes,
  ...metricsRoutes,
  ...accountRoutes,
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
];
