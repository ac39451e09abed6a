import type { RouteSpec } from '../routing';
import { accountRoutes } from './account';
import { healthRoutes } from './health';

/**
 * The route table of the API: one module per resource. The OpenAPI document is generated from
 * exactly this list, so a route cannot exist without being documented.
 */
export const resourceRoutes: RouteSpec[] = [
  ...healthRoutes,
  ...accountRoutes,
];
