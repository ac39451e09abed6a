import { z } from 'zod';
import * as examples from './analysis-examples';
import { exactlyOneSubject } from '../common/exactly-one-subject';
import { text } from '../../edge/request-fields';
import { subjectProfileSchema } from '../entities/entity-schemas';
import {
  analysisRiskSchema,
  analysisSubjectSchema,
  riskSummarySchema,
  rulesVersionSchema,
  signalCountsSchema,
} from './analysis-verdict-schemas';

/** Request and response shapes of the analysis endpoints (docs/analyses.md). */

export { riskLevelSchema } from './analysis-verdict-schemas';
export const analysisStatusSchema = z.enum(['queued', 'running', 'completed', 'failed', 'canceled']).meta({ id: 'AnalysisStatus' });

/** docs/analyses.md: unknown properties rejected; exactly one of document / entity_id. */
export const syncAnalysisRequestSchema = exactlyOneSubject({ source: text({ max: 128 }).nullish() }).meta({
  id: 'SyncAnalysisRequest',
  description: 'Exactly one of `document` (CPF or CNPJ, with or without punctuation) or `entity_id`.',
  examples: [examples.syncAnalysisRequestExample],
});
export type SyncAnalysisRequest = z.infer<typeof syncAnalysisRequestSchema>;

/** docs/analyses.md. */
export const asyncAnalysisRequestSchema = z
  .strictObject({
    entity_id: z.int().positive(),
    client_reference: text({ max: 256 }).nullish(),
    source: text({ max: 128 }).nullish(),
    webhook_endpoint_uuid: z.uuid().nullish(),
  })
  .meta({ id: 'AsyncAnalysisRequest', examples: [examples.asyncAnalysisRequestExample] });
export type AsyncAnalysisRequest = z.infer<typeof asyncAnalysisRequestSchema>;

export const analysisUuidParamsSchema = z.strictObject({
  analysis_uuid: z.uuid().describe('the analysis uuid (from POST /analyses or POST /api/analyses)'),
});
export type AnalysisUuidParams = z.infer<typeof analysisUuidParamsSchema>;

/** Printable ASCII without spaces, 1–255 characters: one pattern, so the reference states it exactly. */
const idempotencyKeyPattern = /^[!-~]{1,255}$/;
export const idempotencyKeySchema = z.string().regex(idempotencyKeyPattern, 'printable ASCII without spaces, 1–255 characters');

const hex64 = (what: string) =>
  z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe(what);
const fingerprints = {
  engine_fingerprint: hex64('SHA-256 of the rule catalog content and the scoring engine version (docs/engine.md)'),
  input_fingerprint: hex64('SHA-256 of the canonical snapshot and the engine fingerprint'),
  verdict_fingerprint: hex64('SHA-256 of the canonical verdict (versions excluded)'),
};

const versionsSummarySchema = z.strictObject({
  rules_version: rulesVersionSchema,
  ...fingerprints,
  snapshot_hash: hex64('SHA-256 of the canonical snapshot the verdict was computed from'),
});

/** docs/analyses.md: the sync answer is a summary; GET /api/analyses/{uuid} gives the whole verdict. */
export const syncAnalysisResponseSchema = z
  .strictObject({
    uuid: z.uuid().describe('the analysis uuid: GET /api/analyses/{uuid} reads its whole verdict'),
    risk: riskSummarySchema,
    subject: subjectProfileSchema.describe(
      'the subject as the verdict saw it at as_of (the create form: with entity_type and the enumerated fields)',
    ),
    versions: versionsSummarySchema,
  })
  .meta({ id: 'SyncAnalysisResponse', examples: [examples.syncAnalysisResponseExample] });
export type SyncAnalysisResponse = z.infer<typeof syncAnalysisResponseSchema>;

export const asyncAnalysisResponseSchema = z
  .object({ analysis_uuid: z.uuid(), entry_uuid: z.uuid() })
  .meta({ id: 'AsyncAnalysisAccepted', examples: [examples.asyncAnalysisResponseExample] });
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
export const analysisReadSchema = z
  .strictObject({
    uuid: z.uuid(),
    status: analysisStatusSchema,
    current_step: z.string(),
    mode: z.enum(['sync', 'async', 'monitoring', 'batch']),
    entity_id: z.int(),
    entry_uuid: z.uuid(),
    as_of: z.string(),
    source: z.string().nullable(),
    client_reference: z.string().nullable(),
    links: analysisLinksSchema,
    risk: analysisRiskSchema.nullable().describe('null until completed'),
    signal_counts: signalCountsSchema.nullable().describe('null until completed'),
    subject: analysisSubjectSchema.nullable().describe('null until completed'),
    versions: z
      .strictObject({
        analysis_workflow_version: z
          .string()
          .nullable()
          .describe("the analysis workflow's version (`analysis-workflow.v2`); excluded from every fingerprint"),
        regulatory_catalog_version: z
          .string()
          .nullable()
          .describe('the regulatory manifest of the rule catalog (GET /regulatory-manifests)'),
        rules_version: rulesVersionSchema.nullable(),
        scoring_engine_version: z.string().nullable().describe("the scoring engine's version (docs/engine.md)"),
        operational_model: z.enum(['deterministic-rules']).nullable().describe('deterministic rules: no model decides a verdict'),
        operational_prompt_version: z.enum(['none']).nullable().describe('no prompt takes part in a verdict'),
        snapshot_hash: hex64('SHA-256 of the canonical snapshot; set as soon as enrichment is persisted').nullable(),
        engine_fingerprint: fingerprints.engine_fingerprint.nullable(),
        input_fingerprint: fingerprints.input_fingerprint.nullable(),
        verdict_fingerprint: fingerprints.verdict_fingerprint.nullable(),
      })
      .describe('every version and fingerprint of the verdict; null until completed (snapshot_hash: until enriched)'),
    error: z.strictObject({ code: z.string(), message: z.string() }).nullable().describe('why a failed analysis failed; null otherwise'),
    created_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    /** The 24-hour window for regulatory reports on this analysis (docs/reports.md); null until completed. */
    window: z
      .strictObject({ anchor_at: z.string(), expires_at: z.string() })
      .nullable()
      .describe('the 24-hour window for regulatory reports on this analysis (docs/reports.md); null until completed'),
  })
  .meta({
    id: 'Analysis',
    description: 'The read form of an analysis: docs/analyses.md plus its status; risk, subject and counts null until completed.',
    examples: [examples.analysisReadExample, examples.analysisPersonReadExample],
  });
export type AnalysisRead = z.infer<typeof analysisReadSchema>;
