import { z } from 'zod';
import * as examples from './analysis-examples';
import { exactlyOneSubject } from '../common/exactly-one-subject';
import { text } from '../../edge/request-fields';

/** Request and response shapes of the analysis endpoints (docs/analyses.md). */

export const riskLevelSchema = z.enum(['low', 'medium', 'high', 'critical']).meta({ id: 'RiskLevel', description: 'low 0–24, medium 25–49, high 50–74, critical 75–100' });
export const analysisStatusSchema = z.enum(['queued', 'running', 'completed', 'failed', 'canceled']).meta({ id: 'AnalysisStatus' });

/** docs/analyses.md: unknown properties rejected; exactly one of document / entity_id. */
export const syncAnalysisRequestSchema = exactlyOneSubject({ source: text({ max: 128 }).nullish() })
  .meta({ id: 'SyncAnalysisRequest', description: 'Exactly one of `document` (CPF or CNPJ, with or without punctuation) or `entity_id`.', examples: [examples.syncAnalysisRequestExample] });
export type SyncAnalysisRequest = z.infer<typeof syncAnalysisRequestSchema>;

/** docs/analyses.md. */
export const asyncAnalysisRequestSchema = z.strictObject({
  entity_id: z.int().positive(),
  client_reference: text({ max: 256 }).nullish(),
  source: text({ max: 128 }).nullish(),
  webhook_endpoint_uuid: z.uuid().nullish(),
}).meta({ id: 'AsyncAnalysisRequest', examples: [examples.asyncAnalysisRequestExample] });
export type AsyncAnalysisRequest = z.infer<typeof asyncAnalysisRequestSchema>;

export const analysisUuidParamsSchema = z.strictObject({ analysis_uuid: z.uuid().describe('the analysis uuid (from POST /analyses or POST /api/analyses)') });
export type AnalysisUuidParams = z.infer<typeof analysisUuidParamsSchema>;

/** Printable ASCII without spaces, 1–255 characters: one pattern, so the reference states it exactly. */
const idempotencyKeyPattern = /^[!-~]{1,255}$/;
export const idempotencyKeySchema = z.string().regex(idempotencyKeyPattern, 'printable ASCII without spaces, 1–255 characters');

const subjectProfileSchema = z.looseObject({
  entity_id: z.int().positive(),
  display_name: z.string().min(1),
  normalized_name: z.string().min(1),
});

const versionsSummarySchema = z.object({
  rules_version: z.string(),
  engine_fingerprint: z.string(),
  input_fingerprint: z.string(),
  verdict_fingerprint: z.string(),
  snapshot_hash: z.string().nullable(),
});

/** docs/analyses.md. */
export const syncAnalysisResponseSchema = z.object({
  uuid: z.uuid(),
  risk: z.object({ score: z.int().min(0).max(100), risk_level: riskLevelSchema }).nullable(),
  subject: subjectProfileSchema.extend({ entity_type: z.string() }).nullable(),
  versions: versionsSummarySchema.nullable(),
}).meta({ id: 'SyncAnalysisResponse', examples: [examples.syncAnalysisResponseExample] });
export type SyncAnalysisResponse = z.infer<typeof syncAnalysisResponseSchema>;

export const asyncAnalysisResponseSchema = z.object({ analysis_uuid: z.uuid(), entry_uuid: z.uuid() }).meta({ id: 'AsyncAnalysisAccepted', examples: [examples.asyncAnalysisResponseExample] });
export type AsyncAnalysisResponse = z.infer<typeof asyncAnalysisResponseSchema>;

export const analysisLinksSchema = z.object({
  self: z.string(),
  events: z.string(),
  explanation: z.string(),
  graph: z.string(),
  signals: z.string(),
  snapshot: z.string(),
});
export type AnalysisLinks = z.infer<typeof analysisLinksSchema>;

/** docs/analyses.md plus status and the analysis' own facts; risk, subject and counts null until completed. */
export const analysisReadSchema = z.object({
  uuid: z.uuid(),
  status: analysisStatusSchema,
  current_step: z.string(),
  mode: z.enum(['sync', 'async', 'monitoring']),
  entity_id: z.int(),
  entry_uuid: z.uuid(),
  as_of: z.string(),
  source: z.string().nullable(),
  client_reference: z.string().nullable(),
  links: analysisLinksSchema,
  risk: z.looseObject({ score: z.int(), risk_level: riskLevelSchema }).nullable(),
  signal_counts: z.looseObject({ score_sum: z.number(), total: z.number(), by_pillar: z.record(z.string(), z.unknown()) }).nullable(),
  subject: subjectProfileSchema.nullable(),
  versions: z.object({
    analysis_workflow_version: z.string().nullable(),
    regulatory_catalog_version: z.string().nullable(),
    rules_version: z.string().nullable(),
    scoring_engine_version: z.string().nullable(),
    operational_model: z.string().nullable(),
    operational_prompt_version: z.string().nullable(),
    snapshot_hash: z.string().nullable(),
    engine_fingerprint: z.string().nullable(),
    input_fingerprint: z.string().nullable(),
    verdict_fingerprint: z.string().nullable(),
  }),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The 24-hour window for regulatory reports on this analysis (docs/reports.md); null until completed. */
  window: z.object({ anchor_at: z.string(), expires_at: z.string() }).nullable().describe('the 24-hour window for regulatory reports on this analysis (docs/reports.md); null until completed'),
}).meta({ id: 'Analysis', description: 'The read form of an analysis: docs/analyses.md plus its status; risk, subject and counts null until completed.', examples: [examples.analysisReadExample] });
export type AnalysisRead = z.infer<typeof analysisReadSchema>;
