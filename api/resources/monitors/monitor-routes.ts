import { findMonitor, listMonitors } from '../../../db/repositories/monitoring/monitor-repository';
import { NotFoundError } from '../../../domain/errors';
import { changeMonitorStatus, type MonitorStatusChange } from '../../../usecases/monitoring/change-monitor-status';
import { createMonitor } from '../../../usecases/monitoring/create-monitor';
import type { AppDeps } from '../../app-deps';
import { newestFirstPage, readNewestFirst } from '../../edge/pagination';
import { defineRoute } from '../../edge/routing';
import { presentMonitor } from '../../presenters/monitor-presenter';
import {
  createMonitorRequestSchema,
  type ListMonitorsQuery,
  listMonitorsQuery,
  monitorPageSchema,
  monitorSchema,
  monitorUuidParamsSchema,
} from './monitor-schemas';
import { monitorExample } from './monitor-examples';

async function readMonitor(deps: AppDeps, companyId: number, uuid: string) {
  const row = await findMonitor(deps.db, companyId, uuid);
  if (!row) throw new NotFoundError('monitor');
  return presentMonitor(row);
}

/** pause, resume and stop: one use case, the same answers. */
function statusRoute(
  change: MonitorStatusChange,
  method: 'post' | 'delete',
  path: string,
  operationId: string,
  summary: string,
  description: string,
) {
  return defineRoute({
    method,
    path,
    operationId,
    summary,
    description,
    tags: ['monitoring'],
    auth: { scope: 'monitors:write' },
    temporal: true,
    params: monitorUuidParamsSchema,
    responses: {
      200: {
        description: 'the monitor after the change (unchanged when it already held)',
        schema: monitorSchema,
        example: { ...monitorExample, status: change === 'pause' ? 'paused' : change === 'stop' ? 'stopped' : 'active' },
      },
      404: { description: 'no monitor with this uuid for the calling company' },
      409: { description: "the change does not fit the monitor's status (a stopped monitor cannot pause or resume)" },
      502: { description: 'Temporal temporarily unavailable; nothing changed' },
    },
    handler: async ({ params, actor, auth, deps }) => {
      await changeMonitorStatus(deps, actor, { uuid: params.uuid, change });
      return { status: 200, body: await readMonitor(deps, auth.companyId, params.uuid) };
    },
  });
}

/** Monitors (docs/monitoring.md): perpetual KYC of a subject. */
export const monitorRoutes = [
  defineRoute({
    method: 'post',
    path: '/monitors',
    operationId: 'createMonitor',
    summary: 'Put a subject under monitoring: re-analysed when its world changes and on a schedule by risk',
    description:
      'Exactly one of entity_id or document. The baseline analysis (mode `monitoring`, not billed as an analysis) starts at once; ' +
      'last_verdict fills when it completes. One active or paused monitor per subject per company: a second is 409 naming the first. ' +
      'Takes one unit of the `monitors` quota (monitors created per month). webhook_endpoint_uuid must name an endpoint of the calling company (else 422).',
    tags: ['monitoring'],
    auth: { scope: 'monitors:write' },
    temporal: true,
    billable: { feature: 'monitoring', operation: 'monitors' },
    body: createMonitorRequestSchema,
    responses: {
      201: {
        description: 'the monitor; its baseline analysis is running',
        schema: monitorSchema,
        example: { ...monitorExample, last_analysis_uuid: null, last_verdict: null, last_checked_at: null, next_review_at: null },
      },
      404: { description: 'subject entity not found' },
      409: { description: 'the subject already has a live monitor (the detail names its uuid), or its document is ambiguous' },
      502: { description: 'Temporal or Postgres temporarily unavailable; nothing was created' },
    },
    handler: async ({ body, actor, auth, deps }) => {
      const created = await createMonitor(deps, actor, body);
      return {
        status: 201,
        body: await readMonitor(deps, auth.companyId, created.uuid),
        headers: { Location: `/monitors/${created.uuid}` },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/monitors',
    operationId: 'listMonitors',
    summary: "The company's monitors, newest first, filtered",
    description:
      'Filters: status, risk_level (of the last verdict), has_open_alerts, entity_id, client_reference, created_from ≤ created_at < created_to. ' +
      'Pages of `limit` (1–200, default 50) with next_cursor; unknown query parameters are 422.',
    tags: ['monitoring'],
    auth: { scope: 'monitors:read' },
    query: listMonitorsQuery,
    responses: { 200: { description: 'a page of monitors', schema: monitorPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const request = readNewestFirst(query as ListMonitorsQuery);
      const f = request.filters;
      const rows = await listMonitors(
        deps.db,
        auth.companyId,
        {
          status: f.status,
          riskLevel: f.risk_level,
          hasOpenAlerts: f.has_open_alerts === undefined ? undefined : f.has_open_alerts === 'true',
          entityId: f.entity_id,
          clientReference: f.client_reference,
          from: f.created_from,
          to: f.created_to,
        },
        request.page,
      );
      return { status: 200, body: newestFirstPage(rows, request, presentMonitor) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/monitors/:uuid',
    operationId: 'getMonitor',
    summary: 'A monitor: status, subject, last verdict, next review, open alerts',
    description:
      'The monitor with its last verdict (score and risk level of its last check), when it was checked, when its periodic review is due and how many of its alerts are open.',
    tags: ['monitoring'],
    auth: { scope: 'monitors:read' },
    params: monitorUuidParamsSchema,
    responses: {
      200: { description: 'the monitor', schema: monitorSchema },
      404: { description: 'no monitor with this uuid for the calling company' },
    },
    handler: async ({ params, auth, deps }) => ({ status: 200, body: await readMonitor(deps, auth.companyId, params.uuid) }),
  }),
  statusRoute(
    'pause',
    'post',
    '/monitors/:uuid/pause',
    'pauseMonitor',
    'Pause a monitor: no checks until it resumes',
    'An active monitor stops checking; changes of its network meanwhile are remembered and checked once it resumes. Pausing a paused monitor changes nothing.',
  ),
  statusRoute(
    'resume',
    'post',
    '/monitors/:uuid/resume',
    'resumeMonitor',
    'Resume a paused monitor: it catches up at once',
    'A paused monitor becomes active; what changed while it was paused, and a periodic review that fell due, are checked at once. Resuming an active monitor changes nothing.',
  ),
  statusRoute(
    'stop',
    'delete',
    '/monitors/:uuid',
    'stopMonitor',
    'Stop a monitor for good (kept for history)',
    'The monitor becomes `stopped`: no more checks or alerts; it stays readable with its alerts. The subject may then get a new monitor. Stopping a stopped monitor changes nothing.',
  ),
];
