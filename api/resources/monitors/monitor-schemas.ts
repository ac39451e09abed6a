import { z } from 'zod';
import { exactlyOneSubject } from '../common/exactly-one-subject';
import { checkCreatedRange, newestFirstQueryFields } from '../../edge/list-filters';
import { integerParameter, text } from '../../edge/request-fields';
import { alertExample, monitorExample } from './monitor-examples';

/** Request and response shapes of the monitoring endpoints (docs/monitoring.md). */

export const createMonitorRequestSchema = exactlyOneSubject({
  client_reference: text({ max: 256 }).nullish().describe('your own reference, echoed in the monitor and in every monitoring.alert event'),
  webhook_endpoint_uuid: z
    .uuid()
    .nullish()
    .describe("an endpoint of your company that receives this monitor's alerts besides the subscribers (else 422)"),
}).meta({ id: 'CreateMonitorRequest', examples: [{ document: '11.222.333/0001-81', client_reference: 'customer-0042' }] });
export type CreateMonitorBody = z.infer<typeof createMonitorRequestSchema>;

export const monitorStatusSchema = z.enum(['active', 'paused', 'stopped']);
const riskLevelSchema = z.enum(['low', 'medium', 'high', 'critical']);
const verdictBriefSchema = z.object({ score: z.int(), risk_level: riskLevelSchema });

export const monitorSchema = z
  .object({
    uuid: z.uuid(),
    status: monitorStatusSchema,
    subject: z.object({
      entity_id: z.int(),
      entity_type: z.string().nullable(),
      name: z.string().nullable(),
      document: z.string().nullable(),
    }),
    client_reference: z.string().nullable(),
    webhook_endpoint_uuid: z.uuid().nullable(),
    baseline_analysis_uuid: z.uuid(),
    last_analysis_uuid: z.uuid().nullable(),
    last_verdict: verdictBriefSchema.nullable(),
    last_checked_at: z.string().nullable(),
    next_review_at: z.string().nullable(),
    open_alerts: z.int(),
    created_at: z.string(),
    stopped_at: z.string().nullable(),
  })
  .meta({ id: 'Monitor', examples: [monitorExample] });
export type MonitorBody = z.infer<typeof monitorSchema>;

export const monitorUuidParamsSchema = z.strictObject({ uuid: z.uuid().describe('the monitor uuid (from POST /monitors)') });

export const listMonitorsQuery = z
  .strictObject({
    status: monitorStatusSchema.optional().describe('only monitors in this status'),
    risk_level: riskLevelSchema.optional().describe('only monitors whose last verdict has this risk level'),
    has_open_alerts: z.enum(['true', 'false']).optional().describe('true: only monitors with an open alert; false: only those without'),
    entity_id: integerParameter({ min: 1 }).optional().describe('only monitors of this entity'),
    client_reference: text({ max: 256, min: 1 }).optional().describe('only monitors created with this client_reference'),
    ...newestFirstQueryFields,
  })
  .superRefine(checkCreatedRange);
export type ListMonitorsQuery = z.infer<typeof listMonitorsQuery>;

export const monitorPageSchema = z
  .object({ items: z.array(monitorSchema), next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last') })
  .meta({ id: 'MonitorPage', examples: [{ items: [monitorExample], next_cursor: null }] });

export const alertKindSchema = z.enum(['risk_increased', 'risk_decreased', 'signals_changed']);
export const alertStatusSchema = z.enum(['open', 'acknowledged']);

export const alertSchema = z
  .object({
    uuid: z.uuid(),
    monitor_uuid: z.uuid(),
    analysis_uuid: z.uuid(),
    previous_analysis_uuid: z.uuid(),
    kind: alertKindSchema,
    previous: verdictBriefSchema,
    current: verdictBriefSchema,
    signals_added: z.array(z.string()),
    signals_removed: z.array(z.string()),
    causes: z.array(z.object({ source: z.string(), version: z.string() })),
    status: alertStatusSchema,
    created_at: z.string(),
    client_reference: z.string().nullable(),
  })
  .meta({ id: 'MonitoringAlert', examples: [alertExample] });
export type AlertBody = z.infer<typeof alertSchema>;

export const alertUuidParamsSchema = z.strictObject({ uuid: z.uuid().describe('the alert uuid') });

export const listAlertsQuery = z
  .strictObject({
    status: alertStatusSchema.optional().describe('only alerts in this status'),
    kind: alertKindSchema.optional().describe('only alerts of this kind'),
    ...newestFirstQueryFields,
  })
  .superRefine(checkCreatedRange);
export type ListAlertsQuery = z.infer<typeof listAlertsQuery>;

export const alertPageSchema = z
  .object({ items: z.array(alertSchema), next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last') })
  .meta({ id: 'MonitoringAlertPage', examples: [{ items: [alertExample], next_cursor: null }] });
