import { findMonitorAlert, listMonitorAlerts } from '../../../db/repositories/monitoring/monitor-alert-repository';
import { findMonitor } from '../../../db/repositories/monitoring/monitor-repository';
import { NotFoundError } from '../../../domain/errors';
import { acknowledgeAlert } from '../../../usecases/monitoring/acknowledge-alert';
import { newestFirstPage, readNewestFirst } from '../../edge/pagination';
import { defineRoute } from '../../edge/routing';
import { presentAlert } from '../../presenters/monitor-presenter';
import { alertExample } from './monitor-examples';
import {
  alertPageSchema,
  alertSchema,
  alertUuidParamsSchema,
  type ListAlertsQuery,
  listAlertsQuery,
  monitorUuidParamsSchema,
} from './monitor-schemas';

/** Monitoring alerts (docs/monitoring.md, "Alerts"): the inbox, a monitor's timeline of changes, acknowledgement. */
export const monitorAlertRoutes = [
  defineRoute({
    method: 'get',
    path: '/monitoring/alerts',
    operationId: 'listMonitoringAlerts',
    summary: "The company's monitoring alerts, newest first: the inbox",
    description:
      'Filters: status (open, acknowledged), kind, created_from ≤ created_at < created_to. Pages of `limit` (1–200, default 50) with next_cursor; unknown query parameters are 422.',
    tags: ['monitoring'],
    auth: { scope: 'monitors:read' },
    query: listAlertsQuery,
    responses: { 200: { description: 'a page of alerts', schema: alertPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const request = readNewestFirst(query as ListAlertsQuery);
      const f = request.filters;
      const rows = await listMonitorAlerts(
        deps.db,
        auth.companyId,
        { status: f.status, kind: f.kind, from: f.created_from, to: f.created_to },
        request.page,
      );
      return { status: 200, body: newestFirstPage(rows, request, presentAlert) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/monitors/:uuid/alerts',
    operationId: 'listMonitorAlerts',
    summary: "A monitor's alerts, newest first: the timeline of its verdict changes",
    description: 'The same filters and pages as GET /monitoring/alerts, for one monitor.',
    tags: ['monitoring'],
    auth: { scope: 'monitors:read' },
    params: monitorUuidParamsSchema,
    query: listAlertsQuery,
    responses: {
      200: { description: "a page of the monitor's alerts", schema: alertPageSchema },
      404: { description: 'no monitor with this uuid for the calling company' },
    },
    handler: async ({ params, query, auth, deps }) => {
      const monitor = await findMonitor(deps.db, auth.companyId, params.uuid);
      if (!monitor) throw new NotFoundError('monitor');
      const request = readNewestFirst(query as ListAlertsQuery);
      const f = request.filters;
      const rows = await listMonitorAlerts(
        deps.db,
        auth.companyId,
        { status: f.status, kind: f.kind, from: f.created_from, to: f.created_to, monitorId: monitor.id },
        request.page,
      );
      return { status: 200, body: newestFirstPage(rows, request, presentAlert) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/monitoring/alerts/:uuid/acknowledge',
    operationId: 'acknowledgeMonitoringAlert',
    summary: 'Acknowledge an alert',
    description: 'open → acknowledged (recorded in the audit trail); acknowledging an acknowledged alert changes nothing.',
    tags: ['monitoring'],
    auth: { scope: 'monitors:write' },
    params: alertUuidParamsSchema,
    responses: {
      200: { description: 'the alert, acknowledged', schema: alertSchema, example: { ...alertExample, status: 'acknowledged' } },
      404: { description: 'no alert with this uuid for the calling company' },
    },
    handler: async ({ params, actor, auth, deps }) => {
      await acknowledgeAlert(deps, actor, { uuid: params.uuid });
      const row = await findMonitorAlert(deps.db, auth.companyId, params.uuid);
      if (!row) throw new NotFoundError('alert');
      return { status: 200, body: presentAlert(row) };
    },
  }),
];
