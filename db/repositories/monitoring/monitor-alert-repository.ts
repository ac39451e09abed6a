import type { AlertKind } from '../../../domain/monitoring/verdict-change';
import type { RiskLevel } from '../../../domain/analysis/verdict';
import type { Executor } from '../../create-db';
import { type CreatedRange, createdKeyColumn, type NewestFirstPage, pageNewestFirst } from '../newest-first';

export type AlertStatus = 'open' | 'acknowledged';
export type AlertCause = { source: string; version: string };

export type MonitorAlertRow = {
  id: number;
  uuid: string;
  company_id: number;
  monitor_id: number;
  monitor_uuid: string;
  client_reference: string | null;
  analysis_uuid: string;
  previous_analysis_uuid: string;
  kind: AlertKind;
  previous: { score: number; risk_level: RiskLevel };
  current: { score: number; risk_level: RiskLevel };
  signals_added: string[];
  signals_removed: string[];
  causes: AlertCause[];
  status: AlertStatus;
  created_at: Date;
  acknowledged_at: Date | null;
  created_key: string;
};

export type NewMonitorAlert = Pick<
  MonitorAlertRow,
  | 'uuid'
  | 'company_id'
  | 'monitor_id'
  | 'analysis_uuid'
  | 'previous_analysis_uuid'
  | 'kind'
  | 'previous'
  | 'current'
  | 'signals_added'
  | 'signals_removed'
  | 'causes'
>;

/** One alert per (monitor, analysis): a retried check finds the first and inserts nothing. */
export async function insertMonitorAlert(db: Executor, a: NewMonitorAlert): Promise<boolean> {
  const result = (await db.raw(
    `INSERT INTO monitor_alerts (uuid, company_id, monitor_id, analysis_uuid, previous_analysis_uuid, kind, previous, current, signals_added, signals_removed, causes, status)
     VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, 'open')
     ON CONFLICT (monitor_id, analysis_uuid) DO NOTHING RETURNING id`,
    [
      a.uuid,
      a.company_id,
      a.monitor_id,
      a.analysis_uuid,
      a.previous_analysis_uuid,
      a.kind,
      JSON.stringify(a.previous),
      JSON.stringify(a.current),
      JSON.stringify(a.signals_added),
      JSON.stringify(a.signals_removed),
      JSON.stringify(a.causes),
    ],
  )) as { rows: unknown[] };
  return result.rows.length === 1;
}

function readQuery(db: Executor) {
  return db('monitor_alerts as a')
    .join('monitors as m', 'm.id', 'a.monitor_id')
    .select('a.*', 'm.uuid as monitor_uuid', 'm.client_reference', createdKeyColumn(db, 'a'));
}

/** The alert of a monitor's check, whoever created it (the check that made it, or its retry). */
export async function findAlertOfAnalysis(db: Executor, monitorId: number, analysisUuid: string): Promise<MonitorAlertRow | undefined> {
  return readQuery(db).where({ 'a.monitor_id': monitorId, 'a.analysis_uuid': analysisUuid }).first();
}

export async function findMonitorAlert(db: Executor, companyId: number, uuid: string): Promise<MonitorAlertRow | undefined> {
  return readQuery(db).where({ 'a.company_id': companyId, 'a.uuid': uuid }).first();
}

/** open → acknowledged, once; undefined when the company has no such alert. */
export async function acknowledgeMonitorAlert(db: Executor, companyId: number, uuid: string): Promise<{ changed: boolean } | undefined> {
  const alert = await db('monitor_alerts').where({ company_id: companyId, uuid }).forUpdate().first('id', 'status');
  if (!alert) return undefined;
  if (alert.status === 'acknowledged') return { changed: false };
  await db('monitor_alerts').where({ id: alert.id }).update({ status: 'acknowledged', acknowledged_at: db.fn.now() });
  return { changed: true };
}

export type AlertListFilter = CreatedRange & { status?: AlertStatus; kind?: AlertKind; monitorId?: number };

/** GET /monitoring/alerts and GET /monitors/{uuid}/alerts: newest first, filtered. */
export async function listMonitorAlerts(
  db: Executor,
  companyId: number,
  filter: AlertListFilter,
  page: NewestFirstPage,
): Promise<MonitorAlertRow[]> {
  const query = readQuery(db).where('a.company_id', companyId);
  if (filter.status) query.where('a.status', filter.status);
  if (filter.kind) query.where('a.kind', filter.kind);
  if (filter.monitorId !== undefined) query.where('a.monitor_id', filter.monitorId);
  return pageNewestFirst(query, 'a', filter, page);
}
