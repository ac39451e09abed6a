import type { Executor } from '../../create-db';
import type { AnalysisMode, AnalysisStatus } from './analysis-row';

/** Reads of analyses for the API: every read by a company filters by it (another company's is a 404). */
export type AnalysisRow = {
  id: number;
  uuid: string;
  company_id: number;
  entity_id: number;
  mode: AnalysisMode;
  status: AnalysisStatus;
  current_step: string;
  source: string | null;
  client_reference: string | null;
  webhook_endpoint_uuid: string | null;
  entry_uuid: string;
  as_of: string;
  snapshot_hash: string | null;
  input_fingerprint: string | null;
  verdict_fingerprint: string | null;
  engine_fingerprint: string | null;
  rules_version: string | null;
  score: number | null;
  risk_level: string | null;
  workflow_id: string;
  error: { code: string; message: string } | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
};

const summaryColumns = [
  'id',
  'uuid',
  'company_id',
  'entity_id',
  'mode',
  'status',
  'current_step',
  'source',
  'client_reference',
  'webhook_endpoint_uuid',
  'entry_uuid',
  'as_of',
  'snapshot_hash',
  'input_fingerprint',
  'verdict_fingerprint',
  'engine_fingerprint',
  'rules_version',
  'score',
  'risk_level',
  'workflow_id',
  'error',
  'created_at',
  'started_at',
  'completed_at',
];

/** Another company's analysis is indistinguishable from a missing one. */
export async function findAnalysis(db: Executor, companyId: number, uuid: string): Promise<AnalysisRow | undefined> {
  return db('analyses').where({ company_id: companyId, uuid }).first(summaryColumns);
}

export type AnalysisReadParts = AnalysisRow & {
  verdict_risk: any;
  verdict_signal_counts: any;
  verdict_subject: any;
  verdict_versions: any;
  verdict_explanation?: any;
  verdict_signals?: any;
  snapshot?: any;
};

/**
 * The read form's parts of the verdict, extracted in SQL: the signals and explanation (the
 * bulk of a verdict) travel only when asked for.
 */
export async function findAnalysisReadParts(
  db: Executor,
  companyId: number,
  uuid: string,
  extras: ('explanation' | 'signals' | 'snapshot')[] = [],
): Promise<AnalysisReadParts | undefined> {
  const columns: any[] = [
    ...summaryColumns,
    db.raw(`verdict->'risk' AS verdict_risk`),
    db.raw(`verdict->'signal_counts' AS verdict_signal_counts`),
    db.raw(`verdict->'subject' AS verdict_subject`),
    db.raw(`verdict->'versions' AS verdict_versions`),
  ];
  if (extras.includes('explanation')) columns.push(db.raw(`verdict->'explanation' AS verdict_explanation`));
  if (extras.includes('signals')) columns.push(db.raw(`verdict->'signals' AS verdict_signals`));
  if (extras.includes('snapshot')) columns.push('snapshot');
  return db('analyses').where({ company_id: companyId, uuid }).first(columns);
}

/** For activities, which know the analysis only by uuid (the workflow carries no company). */
export async function loadAnalysisColumns<C extends string>(
  db: Executor,
  uuid: string,
  columns: C[],
): Promise<Record<C | 'status', any> | undefined> {
  return (await db('analyses')
    .where({ uuid })
    .first([...columns, 'status'])) as Record<C | 'status', any> | undefined;
}

export type AnalysisEventRow = { type: string; occurred_at: Date; details: Record<string, unknown> };

export async function listAnalysisEvents(db: Executor, analysisId: number): Promise<AnalysisEventRow[]> {
  return db('analysis_events')
    .where({ analysis_id: analysisId })
    .orderBy([{ column: 'occurred_at' }, { column: 'id' }])
    .select('type', 'occurred_at', 'details');
}

/** What a case needs of its analysis: status, risk level and the verdict's subject (null until completed). */
export async function findAnalysisForCase(
  db: Executor,
  companyId: number,
  uuid: string,
): Promise<
  | {
      uuid: string;
      status: AnalysisStatus;
      risk_level: string | null;
      subject: { entity_id: number; entity_type: string; display_name: string; document: string | null } | null;
    }
  | undefined
> {
  return db('analyses')
    .where({ company_id: companyId, uuid })
    .first('uuid', 'status', 'risk_level', db.raw(`verdict->'subject' AS subject`));
}

/** The same, by uuid alone, with its company: the service opening a case for a monitoring alert names no company first. */
export async function findAnalysisForServiceCase(
  db: Executor,
  uuid: string,
): Promise<
  | {
      company_id: number;
      company_uuid: string;
      status: AnalysisStatus;
      risk_level: string | null;
      subject: { entity_id: number; entity_type: string; display_name: string; document: string | null } | null;
    }
  | undefined
> {
  return db('analyses as a')
    .join('companies as c', 'c.id', 'a.company_id')
    .where('a.uuid', uuid)
    .first('a.company_id', 'c.uuid as company_uuid', 'a.status', 'a.risk_level', db.raw(`a.verdict->'subject' AS subject`));
}
