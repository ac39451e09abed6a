import { z } from 'zod';
import { reportTypes } from '../../domain/regulatory/manifest-types';
import { limitSchema } from '../pagination';

/** Request and response shapes of the report endpoints (docs/reports.md, DESIGN §9). */
export const createReportRequestSchema = z.strictObject({
  analysis_uuid: z.uuid(),
  type: z.enum(reportTypes, { error: `must be one of ${reportTypes.join(', ')}` }),
  language: z.literal('pt-BR', { error: 'only pt-BR is available' }).optional(),
});
export type CreateReportRequestBody = z.infer<typeof createReportRequestSchema>;

export const reportParamsSchema = z.strictObject({ uuid: z.uuid() });
export const sectionParamsSchema = z.strictObject({ uuid: z.uuid(), key: z.string().min(1).max(64).regex(/^[a-z_]+$/, 'a section key') });
export const editSectionRequestSchema = z.strictObject({ content: z.string().trim().min(1, 'the text is required').max(20_000) });
export const filingRequestSchema = z.strictObject({ protocol: z.string().trim().min(1).max(128), filed_at: z.iso.datetime({ offset: true }) });
export const voidRequestSchema = z.strictObject({ reason: z.string().trim().min(3).max(2000) });
export const documentQuerySchema = z.strictObject({ format: z.enum(['pdf', 'xml', 'json']).default('pdf') });

const reportStatus = z.enum(['draft', 'finalized', 'filed', 'voided']);
export const listReportsQuerySchema = z.strictObject({
  type: z.enum(reportTypes).optional(),
  status: reportStatus.optional(),
  analysis_uuid: z.uuid().optional(),
  cursor: z.string().max(64).optional(),
  limit: limitSchema,
});

const timestamp = z.iso.datetime({ offset: true });
const provenanceSchema = z
  .object({
    sources: z.array(z.string()),
    signal_codes: z.array(z.string()),
    requirement_ids: z.array(z.string()),
    operational_model: z.string().nullable().optional(),
    operational_prompt_version: z.string().nullable().optional(),
    input_sha256: z.string().optional(),
    output_sha256: z.string().optional(),
    author: z.record(z.string(), z.string()).optional(),
  });

export const reportSectionSchema = z
  .object({
    key: z.string(),
    title: z.string(),
    kind: z.enum(['deterministic', 'narrative']),
    revision: z.int().min(1),
    content: z.union([z.string(), z.record(z.string(), z.unknown())]),
    provenance: provenanceSchema,
    created_at: timestamp,
  });
export type ReportSectionBody = z.infer<typeof reportSectionSchema>;
export const reportSectionDetailSchema = reportSectionSchema.extend({ revisions: z.array(reportSectionSchema) });

const windowSchema = z.object({ anchor_at: timestamp, expires_at: timestamp, open: z.boolean() });
export const reportSummarySchema = z
  .object({
    uuid: z.uuid(),
    type: z.enum(reportTypes),
    regulator: z.enum(['coaf', 'bcb']),
    status: reportStatus,
    analysis_uuid: z.uuid(),
    subject: z.object({ entity_id: z.int(), entity_type: z.string(), name: z.string(), document: z.string().nullable() }),
    versions: z.object({
      regulatory_manifest_version: z.string(),
      rules_version: z.string(),
      report_template_version: z.string(),
      operational_model: z.string().nullable(),
      operational_prompt_version: z.string().nullable(),
    }),
    window: windowSchema,
    content_sha256: z.string().nullable(),
    created_at: timestamp,
    finalized_at: timestamp.nullable(),
    filing: z.object({ protocol: z.string(), filed_at: timestamp }).nullable(),
    voided: z.object({ reason: z.string(), at: timestamp }).nullable(),
    links: z.record(z.string(), z.string()),
  });
export type ReportSummaryBody = z.infer<typeof reportSummarySchema>;
export const reportSchema = reportSummarySchema.extend({ sections: z.array(reportSectionSchema) });
export const reportPageSchema = z.object({ items: z.array(reportSummarySchema), next_cursor: z.string().nullable() });
