import { z } from 'zod';
import { reportTypes } from '../../../domain/regulatory/manifest-types';
import { limitSchema } from '../../edge/pagination';
import * as examples from './report-examples';
import { cursorParameter, date, instant, text } from '../../edge/request-fields';

/** Request and response shapes of the report endpoints (docs/reports.md, docs/reports.md). */
export const createReportRequestSchema = z
  .strictObject({
    analysis_uuid: z.uuid().describe('a completed analysis of the company, completed less than 24 hours ago'),
    type: z
      .enum(reportTypes, { error: `must be one of ${reportTypes.join(', ')}` })
      .describe(
        'coaf_cos: a COAF suspicious-operation communication (Siscoaf); bcb_dossie: the due-diligence dossier kept for the Banco Central',
      ),
    language: z.literal('pt-BR', { error: 'only pt-BR is available' }).optional(),
  })
  .meta({ id: 'CreateReport', examples: [examples.createReportExample] });
export type CreateReportRequestBody = z.infer<typeof createReportRequestSchema>;

const reportUuid = z.uuid().describe('the report uuid');
export const reportParamsSchema = z.strictObject({ uuid: reportUuid });
export const sectionParamsSchema = z.strictObject({
  uuid: reportUuid,
  key: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z_]+$/, 'a section key')
    .describe("the section key, e.g. `det` or `identificacao` (the manifest's report type lists them)"),
});
export const editSectionRequestSchema = z
  .strictObject({ content: text({ max: 20_000, min: 1, trim: true }).describe("the officer's text (up to 20,000 characters)") })
  .meta({ id: 'EditReportSection', examples: [examples.editSectionExample] });
export const filingRequestSchema = z
  .strictObject({
    protocol: text({ max: 128, min: 1, trim: true }).describe('the protocol Siscoaf gave the transmission'),
    filed_at: instant().describe('when it was transmitted; not before the report was finalized (422 filed_before_finalized)'),
  })
  .meta({ id: 'ReportFiling', examples: [examples.filingExample] });
export const voidRequestSchema = z
  .strictObject({ reason: text({ max: 2000, min: 3, trim: true }).describe('why the report is withdrawn (kept with it)') })
  .meta({ id: 'VoidReport', examples: [examples.voidExample] });
export const documentQuerySchema = z.strictObject({
  format: z
    .enum(['pdf', 'xml', 'json'])
    .default('pdf')
    .describe('pdf (default), xml (the Siscoaf layout, coaf_cos only) or json (the frozen document)'),
});

const reportStatus = z.enum(['draft', 'finalized', 'filed', 'voided']).meta({ id: 'ReportStatus' });
export const listReportsQuerySchema = z.strictObject({
  type: z.enum(reportTypes).optional().describe('only reports of this type'),
  status: reportStatus.optional().describe('only reports in this status'),
  analysis_uuid: z.uuid().optional().describe('only reports of this analysis'),
  cursor: cursorParameter(64).optional().describe('the `next_cursor` of the previous page, with the same filters'),
  limit: limitSchema,
});

const timestamp = z.iso.datetime({ offset: true });
const provenanceSchema = z.object({
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
export const reportSectionDetailSchema = reportSectionSchema
  .extend({ revisions: z.array(reportSectionSchema).describe('every revision, oldest first') })
  .meta({ id: 'ReportSectionWithRevisions', examples: [examples.sectionDetailExample] });

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
/** How long the report must be kept, under its own manifest's rule (docs/reports.md, "Retention"). */
const retentionSchema = z
  .object({
    rule: z
      .object({ years: z.int(), anchor: z.string(), counted_from: z.enum(['first_day_of_next_year']).optional() })
      .describe(
        "the manifest's rule: `relationship.ended_on` counted from 1 January of the next year (Circular BCB 3.978/2020 art. 67, manifests from 2026.12.2), or `report.finalized_at` (older manifests)",
      ),
    relationship_ended_on: z
      .string()
      .nullable()
      .describe(
        'the end of the relationship with the subject the company recorded (PUT /reports/{uuid}/relationship); null: none recorded',
      ),
    basis: z
      .enum(['relationship_ended_on', 'latest_known_date', 'finalized_at'])
      .describe(
        'what the period is counted from: the recorded end, else the latest known date (the latest completed analysis of the subject), or the finalization under an older manifest',
      ),
    basis_date: z.string().describe('YYYY-MM-DD of the basis'),
    counted_from: z.string().describe('YYYY-MM-DD: the first day counted'),
    retain_until: z.string().describe('YYYY-MM-DD: the first day the report need no longer be kept'),
    provisional: z.boolean().describe('true while no end is recorded: the period can only grow'),
  })
  .nullable()
  .describe('null for a draft under an older manifest (counted from finalization)');
export type ReportRetentionBody = z.infer<typeof retentionSchema>;
export const reportSchema = reportSummarySchema
  .extend({ retention: retentionSchema, sections: z.array(reportSectionSchema) })
  .meta({ id: 'Report', examples: [examples.reportExample] });

/** PUT /reports/{uuid}/relationship: the end of the company's relationship with the report's subject (docs/reports.md, "Retention"). */
export const relationshipRequestSchema = z
  .strictObject({ ended_on: date().nullable().describe('YYYY-MM-DD: the day the relationship with the subject ended; null: it goes on') })
  .meta({ id: 'RelationshipEndRequest', examples: [{ ended_on: '2026-11-20' }] });
export const reportPageSchema = z
  .object({
    items: z.array(reportSummarySchema),
    next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last'),
  })
  .meta({ id: 'ReportPage', examples: [examples.reportPageExample] });

/** PUT /reports/{uuid}/occurrence (docs/reports.md, "Occurrence data"): what a verdict cannot know, in the layout's bounds. */
const amount = z
  .string()
  .regex(/^(?:0|[1-9][0-9]{0,12})(?:\.[0-9]{1,2})?$/, 'a decimal amount in reais (e.g. 1500.00)')
  .describe('a decimal amount in BRL, at most two decimals (e.g. "1500.00"); "0" when none');
const agencyNumber = z.string().regex(/^[0-9A-Za-z-]{1,10}$/, 'an agency number (1 to 10 letters, digits or -)');
const ufs = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
const occurrencePartySchema = z.strictObject({
  document: z
    .string()
    .regex(/^(?:[0-9]{11}|[0-9A-Z]{12}[0-9]{2})$/, 'a CPF (11 digits) or CNPJ (14 characters, alphanumeric allowed)')
    .describe(
      "the CPF or CNPJ, digits only; its check digits are verified (422 document_invalid). A party of `envolvidos` (the same document, or the full CPF of a masked one with the same `name`) gets the data below and keeps the verdict's PEP; another is added",
    ),
  name: text({ max: 150, min: 1, trim: true }).optional().describe('the name of a party `envolvidos` does not list (with `role`)'),
  role: z
    .enum(['titular', 'representative', 'beneficial_owner', 'other'])
    .optional()
    .describe("how a party `envolvidos` does not list is involved (its TpEnv from the institution's table)"),
  account: z
    .strictObject({
      agency_number: agencyNumber.optional().describe('AgNumEnv'),
      agency_name: text({ max: 100, min: 1, trim: true }).optional().describe('AgNomeEnv'),
      number: z
        .string()
        .regex(/^[0-9A-Za-z-]{1,20}$/, 'an account number (1 to 20 letters, digits or -)')
        .optional()
        .describe('NumConta'),
      opened_on: date().optional().describe('DtAbConta: when the account was opened'),
    })
    .optional()
    .describe("the party's account at the institution"),
  records_updated_on: date().optional().describe("DtAtuaCad: when the party's records were last updated"),
  public_servant: z
    .enum(['no', 'yes', 'federal', 'state', 'municipal'])
    .optional()
    .describe(
      'ServPub (0 não, 1 sim, 2 federal, 3 estadual, 4 municipal) as the institution knows it; absent: 1 for a party the verdict holds a PEP record of a public office for, else 0',
    ),
});
export const occurrenceRequestSchema = z
  .strictObject({
    occurrence_number: z
      .string()
      .regex(/^[0-9A-Za-z./-]{1,50}$/, "the institution's occurrence number (1 to 50 letters, digits, . / -)")
      .optional()
      .describe('NumOcorrencia'),
    period: z
      .strictObject({ start: date().optional().describe('DtInicio'), end: date().optional().describe('DtFim') })
      .optional()
      .describe('the period of the occurrence'),
    agency: z
      .strictObject({
        number: agencyNumber.optional().describe('AgNum'),
        name: text({ max: 100, min: 1, trim: true }).optional().describe('AgNome'),
        city: text({ max: 100, min: 1, trim: true }).optional().describe('AgMun'),
        state: z.enum(ufs).optional().describe('AgUF'),
      })
      .optional()
      .describe('the agency of the occurrence'),
    amounts: z
      .strictObject({
        credit: amount.optional().describe('VlCred'),
        debit: amount.optional().describe('VlDeb'),
        provisioned: amount.optional().describe('VlProv'),
        proposed: amount.optional().describe('VlProp'),
      })
      .optional()
      .describe('the amounts in BRL'),
    parties: z.array(occurrencePartySchema).max(100).optional().describe('account data of involved parties, or parties to add'),
  })
  .meta({ id: 'ReportOccurrence', examples: [examples.occurrenceExample] });
export type OccurrenceRequestBody = z.infer<typeof occurrenceRequestSchema>;

export const siscoafBatchRequestSchema = z
  .strictObject({
    report_uuids: z
      .array(z.uuid())
      .min(1)
      .max(100)
      .describe('finalized (or filed) coaf_cos reports of the company, at most 100; each once'),
  })
  .meta({ id: 'SiscoafBatch', examples: [examples.siscoafBatchExample] });
