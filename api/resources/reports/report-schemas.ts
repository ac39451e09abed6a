import { z } from 'zod';
import { reportTypes } from '../../../domain/regulatory/manifest-types';
import { limitSchema } from '../../edge/pagination';
import * as examples from './report-examples';
import { cursorParameter, instant, text } from '../../edge/request-fields';

/** Request and response shapes of the report endpoints (docs/reports.md, docs/reports.md). */
export const createReportRequestSchema = z
  .strictObject({
    analysis_uuid: z.uuid().describe('a completed analysis of the company, completed less than 24 hours ago'),
    type: z.enum(reportTypes, { error: `must be one of ${reportTypes.join(', ')}` }).describe('coaf_cos: a COAF suspicious-operation communication (Siscoaf); bcb_dossie: the due-diligence dossier kept for the Banco Central'),
    language: z.literal('pt-BR', { error: 'only pt-BR is available' }).optional(),
  })
  .meta({ id: 'CreateReport', examples: [examples.createReportExample] });
export type CreateReportRequestBody = z.infer<typeof createReportRequestSchema>;

const reportUuid = z.uuid().describe('the report uuid');
export const reportParamsSchema = z.strictObject({ uuid: reportUuid });
export const sectionParamsSchema = z.strictObject({ uuid: reportUuid, key: z.string().min(1).max(64).regex(/^[a-z_]+$/, 'a section key').describe('the section key, e.g. `det` or `identificacao` (the manifest\'s report type lists them)') });
export const editSectionRequestSchema = z
  .strictObject({ content: text({ max: 20_000, min: 1, trim: true }).describe("the officer's text (up to 20,000 characters)") })
  .meta({ id: 'EditReportSection', examples: [examples.editSectionExample] });
export const filingRequestSchema = z
  .strictObject({ protocol: text({ max: 128, min: 1, trim: true }).describe('the protocol Siscoaf gave the transmission'), filed_at: instant().describe('when it was transmitted; not before the report was finalized (422 filed_before_finalized)') })
  .meta({ id: 'ReportFiling', examples: [examples.filingExample] });
export const voidRequestSchema = z.strictObject({ reason: text({ max: 2000, min: 3, trim: true }).describe('why the report is withdrawn (kept with it)') }).meta({ id: 'VoidReport', examples: [examples.voidExample] });
export const documentQuerySchema = z.strictObject({ format: z.enum(['pdf', 'xml', 'json']).default('pdf').describe('pdf (default), xml (the Siscoaf layout, coaf_cos only) or json (the frozen document)') });

const reportStatus = z.enum(['draft', 'finalized', 'filed', 'voided']).meta({ id: 'ReportStatus' });
export const listReportsQuerySchema = z.strictObject({
  type: z.enum(reportTypes).optional().describe('only reports of this type'),
  status: reportStatus.optional().describe('only reports in this status'),
  analysis_uuid: z.uuid().optional().describe('only reports of this analysis'),
  cursor: cursorParameter(64).optional().describe('the `next_cursor` of the previous page, with the same filters'),
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
  })
  .meta({ id: 'ReportSection', examples: [examples.narrativeSectionExample] });
export type ReportSectionBody = z.infer<typeof reportSectionSchema>;
export const reportSectionDetailSchema = reportSectionSchema.extend({ revisions: z.array(reportSectionSchema).describe('every revision, oldest first') }).meta({ id: 'ReportSectionWithRevisions', examples: [examples.sectionDetailExample] });

const windowSchema = z.object({ anchor_at: timestamp, expires_at: timestamp, open: z.boolean() });
const reportSummarySchema = z
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
  })
  .meta({ id: 'ReportSummary', examples: [examples.reportSummaryExample] });
export type ReportSummaryBody = z.infer<typeof reportSummarySchema>;
export const reportSchema = reportSummarySchema.extend({ sections: z.array(reportSectionSchema) }).meta({ id: 'Report', examples: [examples.reportExample] });
export const reportPageSchema = z
  .object({ items: z.array(reportSummarySchema), next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last') })
  .meta({ id: 'ReportPage', examples: [examples.reportPageExample] });
