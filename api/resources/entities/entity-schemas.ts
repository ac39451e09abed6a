import { z } from 'zod';
import { isMaskedCpf } from '../../../domain/documents/cpf';
import { normalizeDocument, tryParseDocument } from '../../../domain/documents/parse-document';
import { normalizeName } from '../../../domain/names/normalize-name';
import { cursorParameter, integerParameter, text } from '../../edge/request-fields';
import {
  profileBooleanFields,
  profileDateFields,
  profileEnumFields,
  profileIntegerFields,
  profileStringFields,
} from '../../../domain/entity-store/subject-profile';

/** Entity search and read (docs/engine.md SubjectProfile, §2.4 enumerations). */

const entityTypeSchema = z.enum([
  'person',
  'organization',
  'government_agency',
  'financial_institution',
  'political_party',
  'foreign_entity',
  'vessel',
  'aircraft',
  'notary_office',
  'unknown',
]);

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const shape: Record<string, z.ZodType> = {
  entity_id: z.int().positive(),
  entity_type: entityTypeSchema,
  display_name: z.string().min(1),
  normalized_name: z.string().min(1),
  secondary_cnae_codes: z.array(z.string()),
  capital_social: z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).nullable(),
  last_registry_update: z.string().nullable(),
};
for (const f of profileStringFields) shape[f] = z.string().nullable();
for (const f of profileIntegerFields)
  shape[f] = z
    .int()
    .min(f === 'headquarters_entity_id' ? 1 : f === 'registration_status_reason_code' ? Number.MIN_SAFE_INTEGER : 0)
    .nullable();
for (const f of profileBooleanFields) shape[f] = z.boolean().nullable();
for (const f of profileDateFields) shape[f] = date.nullable();
for (const [f, values] of Object.entries(profileEnumFields)) shape[f] = z.enum(values as unknown as [string, ...string[]]).nullable();
shape.age_range_code = z.int().min(0).max(9).nullable();

/** Every field present (null when unknown), as the profile answers. */
const profileExample: Record<string, unknown> = {
  ...Object.fromEntries(Object.keys(shape).map((f) => [f, null])),
  entity_id: 4711,
  entity_type: 'organization',
  display_name: 'EXEMPLO COMERCIO LTDA',
  normalized_name: 'EXEMPLO COMERCIO LTDA',
  secondary_cnae_codes: ['4751201'],
  capital_social: '150000.00',
};

/** docs/engine.md: unknown properties rejected. */
export const subjectProfileSchema = z.strictObject(shape).meta({ id: 'SubjectProfile', examples: [profileExample] });

const entitySummarySchema = z
  .strictObject({
    entity_id: z.int().positive(),
    entity_type: entityTypeSchema,
    display_name: z.string(),
    normalized_name: z.string(),
    document: z.string().nullable(),
    document_type: z.string().nullable(),
    status: z.string().nullable(),
    /** Trigram similarity of the normalized name to `q` (0–1, 6 decimals); 0 without `q`. */
    match_score: z.number(),
  })
  .meta({ id: 'EntitySummary' });
export type EntitySummary = z.infer<typeof entitySummarySchema>;

export const entityListSchema = z.strictObject({ items: z.array(entitySummarySchema), next_cursor: z.string().nullable() }).meta({
  id: 'EntityPage',
  examples: [
    {
      items: [
        {
          entity_id: 4711,
          entity_type: 'organization',
          display_name: 'EXEMPLO COMERCIO LTDA',
          normalized_name: 'EXEMPLO COMERCIO LTDA',
          document: '11222333000181',
          document_type: 'cnpj',
          status: 'active',
          match_score: 0.875,
        },
      ],
      next_cursor: null,
    },
  ],
});

export const entitySearchQuerySchema = z.strictObject({
  q: text({ max: 200 })
    .optional()
    .describe(
      'a name or part of one (at least 2 letters or digits once accents and punctuation are folded: 422 search_too_short), matched by trigram similarity',
    )
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const normalized = normalizeName(v);
      if (normalized.length < 2) {
        ctx.addIssue({ code: 'custom', message: 'at least 2 letters or digits', params: { type: 'search_too_short' } });
        return z.NEVER;
      }
      return normalized;
    }),
  document: text({ max: 32 })
    .optional()
    .refine((v) => v === undefined || tryParseDocument(v) !== null || isMaskedCpf(normalizeDocument(v)), {
      message: 'not a valid CPF, CNPJ or masked CPF (***999999**)',
      params: { type: 'document_invalid' },
    })
    .describe('a CPF, a numeric or alphanumeric CNPJ, or a masked CPF (***999999**); check digits verified (422 document_invalid)'),
  entity_type: entityTypeSchema.optional().describe('only entities of this type'),
  limit: integerParameter({ min: 1, max: 100 }).default(20).describe('items per page, 1–100'),
  cursor: cursorParameter(200).optional().describe('the `next_cursor` of the previous page (same filters)'),
});
export type EntitySearchQuery = z.infer<typeof entitySearchQuerySchema>;

export const entityIdParamsSchema = z.strictObject({
  entity_id: integerParameter({ min: 1 }).describe('the canonical entity id'),
});
