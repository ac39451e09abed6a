import type { RiskLevel } from '../analysis/verdict';
import type { AlertKind } from './verdict-change';

/** An alert as its presentation reads it (the stored row carries more: ids, keys). */
export type PresentedAlert = {
  uuid: string;
  monitor_uuid: string;
  client_reference: string | null;
  analysis_uuid: string;
  previous_analysis_uuid: string;
  kind: AlertKind;
  previous: { score: number; risk_level: RiskLevel };
  current: { score: number; risk_level: RiskLevel };
  signals_added: string[];
  signals_removed: string[];
  causes: { source: string; version: string }[];
  status: 'open' | 'acknowledged';
  created_at: Date | string;
};

/**
 * The body of a `monitoring.alert` webhook event and of GET /monitoring/alerts/{uuid}: one
 * presentation, shared by the use case that announces an alert and the API presenter.
 */
export function alertEventData(alert: PresentedAlert): Record<string, unknown> {
  return {
    uuid: alert.uuid,
    monitor_uuid: alert.monitor_uuid,
    analysis_uuid: alert.analysis_uuid,
    previous_analysis_uuid: alert.previous_analysis_uuid,
    kind: alert.kind,
    previous: alert.previous,
    current: alert.current,
    signals_added: alert.signals_added,
    signals_removed: alert.signals_removed,
    causes: alert.causes,
    status: alert.status,
    created_at: new Date(alert.created_at).toISOString(),
    client_reference: alert.client_reference,
  };
}
