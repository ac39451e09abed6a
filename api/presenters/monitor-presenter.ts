import type { MonitorAlertRow } from '../../db/repositories/monitoring/monitor-alert-repository';
import type { MonitorReadRow } from '../../db/repositories/monitoring/monitor-repository';
import { alertEventData } from '../../domain/monitoring/alert-event-data';
import { isoTimestamp } from '../edge/iso-timestamp';
import type { AlertBody, MonitorBody } from '../resources/monitors/monitor-schemas';

/** A monitor's read form (docs/monitoring.md). */
export function presentMonitor(row: MonitorReadRow): MonitorBody {
  return {
    uuid: row.uuid,
    status: row.status,
    subject: {
      entity_id: Number(row.entity_id),
      entity_type: row.subject_entity_type,
      name: row.subject_display_name,
      document: row.subject_document,
    },
    client_reference: row.client_reference,
    webhook_endpoint_uuid: row.webhook_endpoint_uuid,
    baseline_analysis_uuid: row.baseline_analysis_uuid,
    last_analysis_uuid: row.last_analysis_uuid,
    last_verdict: row.last_score !== null && row.last_risk_level ? { score: row.last_score, risk_level: row.last_risk_level } : null,
    last_checked_at: isoTimestamp(row.last_checked_at),
    next_review_at: isoTimestamp(row.next_review_at),
    open_alerts: Number(row.open_alerts),
    created_at: isoTimestamp(row.created_at)!,
    stopped_at: isoTimestamp(row.stopped_at),
  };
}

/** An alert's read form: the same body as the monitoring.alert webhook event's data. */
export function presentAlert(row: MonitorAlertRow): AlertBody {
  return alertEventData(row) as AlertBody;
}
