/** The analyses row as every writer creates it: its columns, in one order. */
export type AnalysisMode = 'sync' | 'async' | 'monitoring' | 'batch';
export type AnalysisStatus = 'queued' | 'running' | 'completed' | 'failed' | 'canceled';

export type NewAnalysis = {
  uuid: string;
  companyId: number;
  entityId: number;
  mode: AnalysisMode;
  entryUuid: string;
  asOf: string;
  workflowId: string;
  source: string | null;
  clientReference: string | null;
  webhookEndpointUuid: string | null;
};

export type VerdictColumns = {
  verdict: unknown;
  score: number;
  riskLevel: string;
  inputFingerprint: string;
  verdictFingerprint: string;
  engineFingerprint: string;
  rulesVersion: string;
};

export function rowValues(a: NewAnalysis) {
  return [a.uuid, a.companyId, a.entityId, a.mode, a.entryUuid, a.asOf, a.workflowId, a.source, a.clientReference, a.webhookEndpointUuid];
}
export const rowColumns =
  'uuid, company_id, entity_id, mode, entry_uuid, as_of, workflow_id, source, client_reference, webhook_endpoint_uuid';
export const rowPlaceholders = '?::uuid, ?, ?, ?, ?::uuid, ?::date, ?, ?, ?, ?::uuid';
