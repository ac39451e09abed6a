import type { RouteSpec } from '../routing';
import { accountRoutes } from './account';
import { analysisRoutes } from './analyses';
import { entityRoutes } from './entities';
import { healthRoutes } from './health';
import { ruleCatalogRoutes } from './rule-catalog';
import { screeningRoutes } from './screenings';
import { webhookEndpointActionRoutes } from './webhook-endpoint-actions';
import { webhookEndpointRoutes } from './webhook-endpoints';
import { webhookEventRoutes } from './webhook-events';
import { workflowStatusRoutes } from './workflow-status';
import { analysisGraphRoutes } from './analysis-graph';
import { metricsRoutes } from './metrics';

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
  ...analysisRoutes,
  ...ruleCatalogRoutes,
  ...workflowStatusRoutes,
  ...analysisGraphRoutes,
];
